import { z } from 'zod'
import { ArtifactSchema } from '../schemas.ts'

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
 * Whether `id` may name a record of `kind`: a note's id becomes a file name (`artifacts/<id>.md`),
 * so it must be a note's slug; the one check for every place a kept change's id becomes a path
 * (a write or a delete), since a kept change may come from outside (an imported or synced folder).
 */
export function isRecordId(kind: string, id: unknown): boolean {
  if (typeof id !== 'string' || id.length === 0) return false
  return kind !== 'note' || ArtifactSchema.shape.name.safeParse(id).success
}

const recordIdIssue = (change: {
  records: ChangedRecord[]
  patches: ChangePatch[]
  inversePatches: ChangePatch[]
}) =>
  [
    ...change.records.map((record) => [record.kind, record.id] as const),
    ...[...change.patches, ...change.inversePatches].map(
      ({ path }) => [String(path[0]), path[1]] as const,
    ),
  ].find(([kind, id]) => !isRecordId(kind, id))

/**
 * An executed workspace change as the workspace keeps it, written in the same step as the change:
 * its patches and their inverse over the records it touched, which tool made it, the change it
 * undid (`undoes`) and, once it is taken back, the change that did (`undoneBy`).
 */
export const KeptChangeSchema = z
  .strictObject({
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
  .superRefine((change, context) => {
    const bad = recordIdIssue(change)
    if (bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `a kept change names a ${bad[0]} by an id that is not one (${JSON.stringify(bad[1]).slice(0, 80)})`,
      })
    }
  })

/** An executed workspace change, kept so it can be taken back (see `KeptChangeSchema`). */
export type KeptChange = z.infer<typeof KeptChangeSchema>
/** One record a kept change touched. */
export type ChangedRecord = z.infer<typeof ChangedRecordSchema>
/** One patch of a kept change. */
export type ChangePatch = z.infer<typeof PatchSchema>
