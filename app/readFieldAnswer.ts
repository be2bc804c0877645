import { formatDay } from '../tools/studypulse/taskText.ts'
import type { EditField } from '../ui/core/editFields.ts'
import { readDay } from '../ui/core/readDay.ts'

/** What a line typed at a field's prompt means: a value, or why it is not one (plain words). */
export type FieldAnswer = { ok: true; value: unknown } | { ok: false; problem: string }

const yes = /^(?:y|yes|true|done)$/i
const no = /^(?:n|no|false|not done)$/i
const numeric = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/** Reads one typed line as the field's value: a day in words or as a date, a number, yes/no, a choice. */
export function readFieldAnswer(field: EditField, text: string, today: Date): FieldAnswer {
  const typed = text.trim()
  switch (field.kind) {
    case 'day': {
      const day = readDay(typed, today)
      return day !== undefined
        ? { ok: true, value: day }
        : {
            ok: false,
            problem: `“${typed}” is not a day I can read: try friday, next monday or 4 Dec.`,
          }
    }
    case 'whole':
    case 'number':
      return numeric.test(typed)
        ? { ok: true, value: Number(typed) }
        : { ok: false, problem: `${field.label} needs a number, such as 3.` }
    case 'yesNo':
      if (yes.test(typed)) return { ok: true, value: true }
      if (no.test(typed)) return { ok: true, value: false }
      return { ok: false, problem: `${field.label} is yes or no.` }
    case 'choice': {
      const choices = field.choices ?? []
      const byNumber = numeric.test(typed) ? choices[Number(typed) - 1] : undefined
      const chosen =
        choices.find((c) => String(c).toLowerCase() === typed.toLowerCase()) ?? byNumber
      return chosen !== undefined
        ? { ok: true, value: chosen }
        : { ok: false, problem: `${field.label} is one of: ${choices.join(', ')}.` }
    }
    case 'other':
      try {
        return { ok: true, value: JSON.parse(typed) }
      } catch {
        return { ok: false, problem: `${field.label} is written as JSON here.` }
      }
    default:
      // One line in a terminal: \n in it starts a new line of a note.
      return { ok: true, value: field.kind === 'longText' ? typed.replaceAll('\\n', '\n') : typed }
  }
}

/** What to type, after the field's label: "(a day: friday, next monday or 4 Dec)". */
export function fieldHint(field: EditField): string {
  const { minimum, maximum } = field.schema
  const range =
    typeof minimum === 'number' && typeof maximum === 'number' ? `, ${minimum} to ${maximum}` : ''
  switch (field.kind) {
    case 'day':
      return ' (a day: friday, next monday or 4 Dec)'
    case 'whole':
      return ` (a whole number${range})`
    case 'number':
      return ` (a number${range})`
    case 'yesNo':
      return ' (yes or no)'
    case 'choice':
      return ` (one of: ${(field.choices ?? []).join(', ')})`
    case 'longText':
      return ' (\\n starts a new line)'
    case 'other':
      return ' (as JSON)'
    default:
      return ''
  }
}

/** A field's value as the prompt shows it: a day in the app's format, yes/no, "none" when empty. */
export function shownValue(field: EditField, value: unknown): string {
  if (value === undefined || value === null || value === '') return 'none'
  if (field.kind === 'day' && typeof value === 'string') return formatDay(value)
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  const line = text.length > 60 ? `${text.slice(0, 59)}…` : text
  return visibleInTerminal(line.replaceAll('\n', '\\n'))
}

/**
 * Text from data as a terminal may print it: control and format characters (escape sequences,
 * bidi overrides, zero-width characters) written as `\u…`, never sent to the terminal.
 */
export function visibleInTerminal(text: string): string {
  return text.replace(
    /[\p{Cc}\p{Cf}\u2028\u2029]/gu,
    (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
  )
}
