import { z } from 'zod'

/** The format version of a kept change. */
export const keptChangeVersion = 1

/** One immer patch, as JSON: an operation on a path of the touched records (`[kind, id, field…]`). */
export const PatchSchema = z.strictObject({
  op: z.enum(['add', 'remove', 'replace']),
  path: z.array(z.union([z.string(), z.number()])).max(20),
  value: z.unknown().optional(),
})

/**
 * A record a change touched: its version before (`null`: it did not exist) and after (`null`: it
 * is gone), and where it sat in its list (a place only the workspace that kept it reads).
 */
export const ChangedRecordSchema = z.strictObject({
  kind: z.enum(['task', 'memory', 'note']),
  id: z.string().min(1).max(200),
  before: z.string().min(1).max(200).nullable(),
  after: z.string().min(1).max(200).nullable(),
  place: z.string().max(100).optional(),
})

/**
 * An executed workspace change as the workspace keeps it, written in the same step as the change:
 * its patches and their inverse over the records it touched, which tool made it, the change it
 * undid (`undoes`) and, once it is taken back, the change that did (`undoneBy`).
 */
export const KeptChangeSchema = z.strictObject({
  version: z.literal(keptChangeVersion),
  changeId: z.string().min(1).max(200),
  tool: z.string().min(1).max(200),
  at: z.string().min(1).max(100),
  runId: z.string().max(200).optional(),
  records: z.array(ChangedRecordSchema).min(1).max(20),
  patches: z.array(PatchSchema).max(1_000),
  inversePatches: z.array(PatchSchema).max(1_000),
  undoes: z.string().min(1).max(200).optional(),
  undoneBy: z.string().min(1).max(200).optional(),
})

/** An executed workspace change, kept so it can be taken back (see `KeptChangeSchema`). */
export type KeptChange = z.infer<typeof KeptChangeSchema>
/** One record a kept change touched. */
export type ChangedRecord = z.infer<typeof ChangedRecordSchema>
/** One patch of a kept change. */
export type ChangePatch = z.infer<typeof PatchSchema>
