import { findDate, withoutDate } from './plannerChrono.ts'
import { findImportance, withoutImportance } from './plannerImportance.ts'
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
/** Reads title, due date and importance from the words after "add a task to …"; undefined without a title. */
export function parseTaskFields(body: string, today: Date): TaskFields | undefined {
  let rest = body
  const level = findImportance(rest)
  if (level) rest = withoutImportance(rest, level)
  const found = findDate(rest, today)
  if (found) rest = withoutDate(rest, found)
  const title = taskTitle(rest)
  if (title === '') return undefined
  const fields: TaskFields = { title }
  if (found !== undefined) fields.due = found.due
  if (level !== undefined) fields.importance = level.importance
  return fields
}

// What is left once the date and importance are out: no lead-in words, list words or stray commas.
function taskTitle(rest: string): string {
  let title = rest.replace(/\s+,/g, ',').replace(/,(\s*,)+/g, ',')
  title = cleanPhrase(title)
    .replace(/^(?:to|called|named|titled|about|for\s+me|me)\s*[:-]?\s+/i, '')
    .replace(/^i\s+(?:(?:have|need|must|want|got|ought)\s+to|must|should|gotta)\s+/i, '')
    .replace(/\s+(?:to|on|in|into)\s+(?:my\s+|the\s+)?(?:to-?do\s+)?(?:list|tasks|to-?dos)$/i, '')
  return capitalise(cleanPhrase(title))
}
