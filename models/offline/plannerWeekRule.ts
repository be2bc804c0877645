/**
 * The one week rule the planner and the card's edit form share. Weeks run Monday to Sunday.
 * "next <weekday>" is that day in next week; a bare weekday is the next such day after today;
 * "this week" and "the end of the week" end on Sunday (said on a Sunday, the coming Sunday); "monday week" is the Monday after next
 * Monday; "a week tomorrow" is seven days after tomorrow; "tue 15th" is the 15th.
 */

/** A day found by the rule: `YYYY-MM-DD` (local) and where its words are. */
export interface WeekRuleDate {
  due: string
  start: number
  end: number
}

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']
const weekday = (group: string) =>
  `(?<${group}>sun(?:day)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:s|nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?)`
// "monday week", "a week on monday", "a week tomorrow", "a week today", "a week on friday".
const WEEK_AFTER = new RegExp(
  `\\b(?:${weekday('day')}\\s+week|a\\s+week\\s+(?:on\\s+)?(?:${weekday('other')}|(?<rel>tomorrow|today)))\\b`,
  'i',
)
// "next tues", "next friday": that weekday in next week, whatever its spelling.
const NEXT = new RegExp(`\\bnext\\s+${weekday('day')}\\b`, 'i')
const END_OF_WEEK =
  /\b(?:(?:by\s+|before\s+|at\s+)?(?:the\s+)?end\s+of\s+(?:the|this)\s+week|(?:by\s+)?this\s+sunday)\b/i
// "tue 15th", "friday the 18th": the day of the month; the weekday only says which.
const WEEKDAY_ORDINAL = new RegExp(
  `\\b(?:on\\s+|by\\s+)?${weekday('day')}\\.?\\s+(?:the\\s+)?(?<date>\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s+(?:of\\s+)?[a-z]{3})`,
  'i',
)

/** The weekday's index (0 Sunday … 6 Saturday) from any spelling's first three letters. */
export function weekdayIndex(word: string): number {
  return DAYS.indexOf(word.slice(0, 3).toLowerCase())
}

/** The day `days` after `base`, at noon. */
function plus(base: Date, days: number): Date {
  return new Date(base.getFullYear(), base.getMonth(), base.getDate() + days, 12)
}

/** The Monday that starts the week after `base`'s (a Sunday's next Monday is tomorrow). */
export function nextMonday(base: Date): Date {
  return plus(base, (8 - base.getDay()) % 7 || 7)
}

/** "next <weekday>": that weekday in the week after this one. */
export function nextWeekWeekday(day: number, base: Date): Date {
  return plus(nextMonday(base), (day + 6) % 7)
}

/** A bare weekday: the next such day after today (never today). */
export function comingWeekday(day: number, base: Date): Date {
  return plus(base, (day - base.getDay() + 7) % 7 || 7)
}

/**
 * The Sunday that ends "this week": this week's, or, said on a Sunday (the week's last day),
 * the coming week's, so "what's due this week?" on a Sunday looks at the week ahead.
 */
export function endOfWeek(base: Date): Date {
  return plus(base, 7 - base.getDay())
}

/** A day the rule reads in `text` that chrono-node does not, or undefined. */
export function findWeekRuleDate(
  text: string,
  base: Date,
  format: (date: Date) => string,
): WeekRuleDate | undefined {
  const found = [
    weekAfter(text, base),
    next(text, base),
    weekEnd(text, base),
    weekdayOrdinal(text, base),
  ].filter((date) => date !== undefined)
  found.sort((a, b) => a.start - b.start)
  const first = found[0]
  return first && { due: format(first.date), start: first.start, end: first.end }
}

interface Span {
  date: Date
  start: number
  end: number
}

function span(match: RegExpExecArray, date: Date): Span {
  return { date, start: match.index, end: match.index + match[0].length }
}

function weekAfter(text: string, base: Date): Span | undefined {
  const match = WEEK_AFTER.exec(text)
  if (match === null) return undefined
  const rel = match.groups?.rel?.toLowerCase()
  if (rel !== undefined) return span(match, plus(base, (rel === 'tomorrow' ? 1 : 0) + 7))
  const day = weekdayIndex(match.groups?.day ?? match.groups?.other ?? '')
  return day < 0 ? undefined : span(match, plus(comingWeekday(day, base), 7))
}

function next(text: string, base: Date): Span | undefined {
  const match = NEXT.exec(text)
  const day = weekdayIndex(match?.groups?.day ?? '')
  return match === null || day < 0 ? undefined : span(match, nextWeekWeekday(day, base))
}

function weekEnd(text: string, base: Date): Span | undefined {
  const match = END_OF_WEEK.exec(text)
  return match === null ? undefined : span(match, endOfWeek(base))
}

function weekdayOrdinal(text: string, base: Date): Span | undefined {
  const match = WEEKDAY_ORDINAL.exec(text)
  const dayOfMonth = Number(match?.groups?.date)
  if (match === null || !(dayOfMonth >= 1 && dayOfMonth <= 31)) return undefined
  // The first month from this one whose date is still ahead (and exists).
  for (let month = 0; month < 13; month += 1) {
    const date = new Date(base.getFullYear(), base.getMonth() + month, dayOfMonth, 12)
    if (date.getDate() === dayOfMonth && date >= base) return span(match, date)
  }
  return undefined
}
