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
  let rest = fullWeekdays(body)
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

// "gym on wed", "revise osmosis fri", "wed: revise genetics": a short weekday where a date goes
// (after on/by/for, before a colon, or last) is that day; "SAT" in capitals stays a name.
const SHORT_DAY =
  /(?<=\b(?:on|by|for|due|till|until|before|next|this)\s+)([Mm]on|[Tt]ues?|[Ww]ed(?:s|nes)?|[Tt]hu(?:rs?)?|[Ff]ri|[Ss]at|[Ss]un)\b\.?|\b([Mm]on|[Tt]ues?|[Ww]ed(?:s|nes)?|[Tt]hu(?:rs?)?|[Ff]ri|[Ss]at|[Ss]un)\b\.?(?=\s*(?::|,|$))/g
/** A weekday's short names ("tues", "thurs", "sat") to its full name. */
export const DAY_NAMES: Readonly<Record<string, string>> = {
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  weds: 'wednesday',
  wednes: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
}

/** `text` with each short weekday where a date goes written out ("gym on wed" → "gym on wednesday"). */
export function fullWeekdays(text: string): string {
  return text.replace(SHORT_DAY, (whole, after?: string, before?: string) => {
    const word = (after ?? before ?? '').toLowerCase()
    return DAY_NAMES[word] ?? whole
  })
}

// What is left once the date and importance are out: no lead-in words, list words or stray commas.
function taskTitle(rest: string): string {
  let title = rest.replace(/\s+,/g, ',').replace(/,(\s*,)+/g, ',')
  title = cleanPhrase(title)
    .replace(/^(?:to|called|named|titled|about|for\s+me|me)\s*[:-]?\s+/i, '')
    .replace(/^i\s+(?:(?:have|need|must|want|got|ought)\s+to|must|should|gotta)\s+/i, '')
    .replace(/\s+(?:to|on|in|into)\s+(?:my\s+|the\s+)?(?:to-?do\s+)?(?:list|tasks|to-?dos)$/i, '')
    .replace(
      /(?:,?\s+(?:please|pls|plz|thanks|thank\s+you|thx|ty|ok|okay|cheers|at\s+the\s+latest|latest))+$/i,
      '',
    )
  return capitalise(cleanPhrase(title))
}
