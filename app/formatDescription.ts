import {
  type CallDescription,
  type DescribedField,
  fieldTableKind,
  type LineDiff,
} from '../vocabulary/CallDescription.ts'
import { visibleText } from '../vocabulary/visibleText.ts'

const marks = { added: '+', removed: '−', same: ' ' } as const

/**
 * A card's description for the terminal: the headline, a note about it, the field table and the
 * line diff with `+`/`−` marks and line numbers, indented under the tool's line.
 */
export function formatDescription(description: CallDescription): string {
  const lines = [`  ▸ ${oneLine(description.headline)}`]
  if (description.notice) lines.push(`    ⚠ ${oneLine(description.notice.text)}`)
  if (description.fields && description.fields.length > 0)
    lines.push(...fieldLines(description.fields))
  if (description.diff) lines.push(...diffLines(description.diff))
  return lines.join('\n')
}

function fieldLines(fields: readonly DescribedField[]): string[] {
  const kind = fieldTableKind(fields)
  const width = Math.max(...fields.map((field) => oneLine(field.label).length)) + 1
  return fields.map((field) => {
    const label = `${oneLine(field.label)}:`.padEnd(width)
    if (kind !== 'change') return `    ${label} ${oneLine(field.after ?? field.before ?? '')}`
    if (field.before === field.after)
      return `    ${label} ${oneLine(field.after ?? '')} (unchanged)`
    return `    ${label} ${oneLine(field.before ?? '(none)')} → ${oneLine(field.after ?? '(none)')}`
  })
}

function diffLines(diff: LineDiff): string[] {
  const out = [`    line by line: +${diff.added} added, −${diff.removed} removed`]
  const highest = Math.max(
    0,
    ...diff.hunks.map((h) => Math.max(h.oldStart + h.oldLines, h.newStart + h.newLines)),
  )
  const width = String(highest).length
  diff.hunks.forEach((hunk, h) => {
    if (h > 0) out.push('    ⋯')
    let before = hunk.oldStart
    let after = hunk.newStart
    for (const line of hunk.lines) {
      // A removed line is numbered as it was, an added or kept one as it will be.
      const number = line.kind === 'removed' ? before : after
      if (line.kind !== 'added') before += 1
      if (line.kind !== 'removed') after += 1
      out.push(`    ${marks[line.kind]} ${String(number).padStart(width)} │ ${oneLine(line.text)}`)
    }
  })
  if (diff.truncated) out.push('    (only the first part of the change is shown)')
  return out
}

// Data from the workspace or a model: its line breaks marked and its control characters shown,
// so nothing in it moves the cursor, erases a line or starts a line of its own.
function oneLine(text: string): string {
  return visibleText(text.replace(/\s*\n\s*/g, ' ⏎ '), 'mark')
}
