import { extractDue } from './plannerDates.ts'
import { capitalise, cleanPhrase } from './plannerText.ts'

/** The fields of a task the user described: what `create_task` is called with. */
export interface TaskFields {
  title: string
  due?: string
  importance?: number
}

/** Importance said in words, as the number `create_task` and `update_task` take. */
export const LEVEL_WORDS: ReadonlyMap<string, number> = new Map([
  ['highest', 5],
  ['top', 5],
  ['urgent', 5],
  ['high', 4],
  ['medium', 3],
  ['normal', 3],
  ['low', 2],
  ['lowest', 1],
])
const LEVEL = 'highest|top|urgent|high|medium|normal|lowest|low'
const NUMERIC =
  /[\s,;(]*\b(?:(?:with|at)\s+)?(?:an?\s+)?(?:importance|priority|prio)(?:\s+level)?\s*(?:of\b|is\b|:|=|-)?\s*(\d{1,2})\b(?:\s*(?:\/|out\s+of)\s*\d{1,2})?\s*\)?/i
const WORDY = new RegExp(
  `[\\s,;(]*\\b(?:(?:with|at)\\s+)?(?:an?\\s+)?(?:(${LEVEL})\\s+(?:importance|priority)|(?:importance|priority)\\s*(?:of\\b|is\\b|:|=|-)?\\s*(${LEVEL}))\\b\\s*\\)?`,
  'i',
)

/** Reads title, due date and importance from the words after "add a task to …"; undefined without a title. */
export function parseTaskFields(body: string, today: Date): TaskFields | undefined {
  let rest = body
  let importance: number | undefined
  const numeric = NUMERIC.exec(rest)
  const wordy = numeric ? null : WORDY.exec(rest)
  if (numeric?.[1] !== undefined) {
    importance = Number(numeric[1])
    rest = cut(rest, numeric)
  } else if (wordy) {
    importance = LEVEL_WORDS.get((wordy[1] ?? wordy[2] ?? '').toLowerCase())
    rest = cut(rest, wordy)
  }
  const { due, rest: withoutDue } = extractDue(rest, today)
  const title = capitalise(
    cleanPhrase(withoutDue).replace(/^(?:to|called|named|titled|about)\s+/i, ''),
  )
  if (title === '') return undefined
  const fields: TaskFields = { title }
  if (due !== undefined) fields.due = due
  if (importance !== undefined) fields.importance = importance
  return fields
}

function cut(text: string, match: RegExpExecArray): string {
  return `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`.trim()
}
