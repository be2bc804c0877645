import { z } from 'zod'

/** The format version of a `CallDescription`. */
export const callDescriptionVersion = 1

/**
 * One row of a description's field table: `after` alone is what a new record will hold, `before`
 * alone what goes (a delete shows the whole record so), both a change (`before === after`: shown
 * for context, unchanged).
 */
export const DescribedFieldSchema = z.strictObject({
  label: z.string().min(1).max(100),
  before: z.string().max(2_000).optional(),
  after: z.string().max(2_000).optional(),
})

/** One line of a line diff: kept as it is, added, or removed. */
export const DiffLineSchema = z.strictObject({
  kind: z.enum(['same', 'added', 'removed']),
  text: z.string().max(2_000),
})

/** A run of changed lines with some context, numbered from 1 as in a unified diff. */
export const DiffHunkSchema = z.strictObject({
  oldStart: z.number().int().min(0),
  oldLines: z.number().int().min(0),
  newStart: z.number().int().min(0),
  newLines: z.number().int().min(0),
  lines: z.array(DiffLineSchema).max(1_000),
})

/** A line diff of a note or memory text: its hunks, and how many lines go and come in all. */
export const LineDiffSchema = z.strictObject({
  hunks: z.array(DiffHunkSchema).max(200),
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
  /** Set when the hunks were cut short to keep the card readable; the counts stay whole. */
  truncated: z.boolean().optional(),
})

/**
 * What the call acts on, and the version the person is shown (`null`: it does not exist yet, or
 * does not exist). The card is bound to it: `execute` gets it back as `context.expectedVersion`.
 * `file`: a file an MCP server writes (the gateway's file writes; the version is its text's digest).
 */
export const CallTargetSchema = z.strictObject({
  kind: z.enum(['task', 'memory', 'note', 'file']),
  id: z.string().min(1).max(200),
  version: z.string().min(1).max(200).nullable(),
})

/** Something the person should know about the description itself. */
export const DescriptionNoticeSchema = z.strictObject({
  /**
   * `target_missing`: the call names nothing that exists; `claim_differs`: the model's words about
   * the target are not what is stored (the card shows what is stored); `not_described`: the
   * workspace could not be read, so the card shows only the model's arguments; `target_changed`:
   * an undo's records moved on since the change it takes back (it would write nothing);
   * `already_undone`: that change was taken back already; `earlier_date`: a proposed due date
   * comes before the task's current one.
   */
  code: z.enum([
    'target_missing',
    'claim_differs',
    'not_described',
    'target_changed',
    'already_undone',
    'earlier_date',
  ]),
  text: z.string().min(1).max(500),
})

/**
 * What a proposed call will change, as its card, the terminal chat and the `confirmationRequired`
 * event carry it: a headline, and as fits the tool a field table, a line diff and the target it
 * is bound to. Plain JSON; `CallDescriptionSchema` checks one read back.
 */
export const CallDescriptionSchema = z.strictObject({
  version: z.literal(callDescriptionVersion),
  headline: z.string().min(1).max(500),
  fields: z.array(DescribedFieldSchema).max(20).optional(),
  diff: LineDiffSchema.optional(),
  target: CallTargetSchema.optional(),
  notice: DescriptionNoticeSchema.optional(),
  /**
   * Set by an undo whose every record comes back (nothing is removed or overwritten): the card
   * shows it as the write it is, not in the red of the level that gates every undo.
   */
  bringsBack: z.literal(true).optional(),
})

/** What a proposed call will change (see `CallDescriptionSchema`). */
export type CallDescription = z.infer<typeof CallDescriptionSchema>
/** A row of a description's field table. */
export type DescribedField = z.infer<typeof DescribedFieldSchema>
/** A line diff in a description. */
export type LineDiff = z.infer<typeof LineDiffSchema>
/** What a described call acts on, at which version. */
export type CallTarget = z.infer<typeof CallTargetSchema>

/**
 * How a field table reads: `new` (values a new record will hold), `gone` (a record about to go),
 * or `change` (each field as it is and as it will be).
 */
export function fieldTableKind(fields: readonly DescribedField[]): 'new' | 'gone' | 'change' {
  if (fields.every((field) => field.before === undefined)) return 'new'
  if (fields.every((field) => field.after === undefined)) return 'gone'
  return 'change'
}
