import type { CallDescription } from './CallDescription.ts'
import { type LineBreaks, visibleText } from './visibleText.ts'

/** A call description with every text in it passed through `visibleText` (headline, notice, fields, diff). */
export function visibleDescription(
  description: CallDescription,
  lineBreaks: LineBreaks = 'keep',
): CallDescription {
  const show = (text: string) => visibleText(text, lineBreaks)
  const maybe = (text: string | undefined) => (text === undefined ? undefined : show(text))
  const { notice, fields, diff } = description
  return {
    ...description,
    headline: show(description.headline),
    ...(notice !== undefined && { notice: { ...notice, text: show(notice.text) } }),
    ...(fields !== undefined && {
      fields: fields.map((field) => ({
        label: show(field.label),
        ...(field.before !== undefined && { before: maybe(field.before) }),
        ...(field.after !== undefined && { after: maybe(field.after) }),
      })),
    }),
    ...(diff !== undefined && {
      diff: {
        ...diff,
        hunks: diff.hunks.map((hunk) => ({
          ...hunk,
          lines: hunk.lines.map((line) => ({ ...line, text: show(line.text) })),
        })),
      },
    }),
  }
}
