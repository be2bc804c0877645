import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'

/** One field an edit changed, in the card's words: "Title: Essay → Review chapter 3". */
export interface EditedField {
  label: string
  before: string
  after: string
}

/**
 * What the edit at `events[index]` (a `callEdited`) changed, read off the card before it and the
 * card it made: the field rows whose shown value differs, by label (titles and days, as the cards
 * show them, never the arguments' ids); else the two cards' headlines.
 */
export function editedFields(events: readonly AgentEvent[], index: number): EditedField[] {
  const edit = events[index]
  const before = events.slice(0, index).findLast((e) => e.kind === 'confirmationRequired')
  const after = events.slice(index + 1).find((e) => e.kind === 'confirmationRequired')
  const rows = changedRows(before?.description, after?.description)
  if (rows.length > 0) return rows
  const was = before?.description?.headline ?? before?.preview
  const now = after?.description?.headline ?? after?.preview ?? edit?.preview
  if (was === undefined || now === undefined || was === now) return []
  return [{ label: 'What it does', before: was, after: now }]
}

function changedRows(
  before: CallDescription | undefined,
  after: CallDescription | undefined,
): EditedField[] {
  if (before?.fields === undefined || after?.fields === undefined) return []
  // A row's value as the card shows it: what it will be, or what goes.
  const shown = (field: { before?: string; after?: string }) => field.after ?? field.before ?? ''
  const was = new Map(before.fields.map((field) => [field.label, shown(field)]))
  const rows: EditedField[] = []
  for (const field of after.fields) {
    const old = was.get(field.label) ?? '(none)'
    const now = shown(field) || '(none)'
    if (old !== now) rows.push({ label: field.label, before: old || '(none)', after: now })
  }
  for (const [label, old] of was)
    if (!after.fields.some((field) => field.label === label) && old !== '')
      rows.push({ label, before: old, after: '(none)' })
  return rows
}
