/** Due-date phrases the offline planner understands, resolved against today to `YYYY-MM-DD`. */

import { findDate, withoutDate } from './plannerChrono.ts'
import { fullWeekdays } from './plannerTaskFields.ts'
import { comingWeekday, nextWeekWeekday, weekdayIndex } from './plannerWeekRule.ts'

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const

// Longer spellings first so an alternation never stops at a prefix.
const WEEKDAY =
  'sunday|sun|monday|mon|tuesday|tues|tue|wednesday|weds|wed|thursday|thurs|thur|thu|friday|fri|saturday|sat'
const MONTH =
  'january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec'
const ISO = '\\d{4}-\\d{2}-\\d{2}'
const ORDINAL = '(?:st|nd|rd|th)?'
const DAY_FIRST = `(?:the\\s+)?\\d{1,2}${ORDINAL}(?:\\s+of)?\\s+(?:${MONTH})\\.?(?:,?\\s+\\d{4})?`
const MONTH_FIRST = `(?:${MONTH})\\.?\\s+\\d{1,2}${ORDINAL}(?:,?\\s+\\d{4})?`
const RELATIVE = `today|tonight|tomorrow|tmrw|next\\s+week|in\\s+\\d{1,3}\\s+days?|(?:(?:this|next|coming|the)\\s+)?(?:${WEEKDAY})`
const TIME_OF_DAY =
  '(?:\\s+(?:morning|afternoon|evening|night|noon|at\\s+\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)?))?'
// A due phrase must end its clause (or come before a comma), so "work on Monday's essay" keeps its title.
const PHRASE_END = '(?=\\s*(?:[,.;!?)]|$))'

const WITH_WORD = new RegExp(
  `[\\s,]*\\b(?:by|on|before|until|till|due(?:\\s+(?:on|by|date))?)\\s*:?\\s+(${ISO}|${DAY_FIRST}|${MONTH_FIRST}|${RELATIVE})${TIME_OF_DAY}${PHRASE_END}`,
  'i',
)
const BARE = new RegExp(
  `[\\s,]*\\b(today|tonight|tomorrow|tmrw|next\\s+week|in\\s+\\d{1,3}\\s+days?|next\\s+(?:${WEEKDAY}))${TIME_OF_DAY}${PHRASE_END}`,
  'i',
)
const WEEKDAY_ONLY = new RegExp(`^(?:(this|next|coming|the) )?(${WEEKDAY})$`)

/** A due date found in a phrase, and the phrase without it. */
export interface DueExtraction {
  due?: string
  rest: string
}

/** Finds one due-date phrase ("by Friday", "tomorrow", "due 2026-12-03") and resolves it. */
export function extractDue(text: string, today: Date): DueExtraction {
  for (const pattern of [WITH_WORD, BARE]) {
    const match = pattern.exec(text)
    const phrase = match?.[1]
    if (!match || phrase === undefined) continue
    const due = resolveDue(phrase, today)
    if (due === undefined) continue
    const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`
    return { due, rest: rest.trim() }
  }
  return { rest: text }
}

/** A due phrase on its own ("next monday", "december 14", "2026-12-05") as `YYYY-MM-DD`, or undefined. */
export function resolveDuePhrase(said: string, today: Date): string | undefined {
  const phrase = fullWeekdays(said)
  const found = findDate(phrase, today)
  // The whole phrase must be the date, so "move X to friday's lab" is not read as a move to Friday.
  const rest = found ? withoutDate(phrase, found).replace(/[\s,.!?]+/g, '') : phrase
  if (found && rest === '') return found.due
  return resolveDue(phrase.replace(/^(?:on|by|for|the)\s+/i, ''), today)
}

/** The day `days` after `today` (local time) as `YYYY-MM-DD`. */
export function dayAfter(today: Date, days: number): string {
  return formatDate(addDays(new Date(today.getFullYear(), today.getMonth(), today.getDate()), days))
}

function resolveDue(phrase: string, today: Date): string | undefined {
  const words = phrase.toLowerCase().replace(/\s+/g, ' ').trim()
  const base = new Date(today.getFullYear(), today.getMonth(), today.getDate())
  if (/^\d{4}-\d{2}-\d{2}$/.test(words)) return validIso(words)
  if (words === 'today' || words === 'tonight') return formatDate(base)
  if (words === 'tomorrow' || words === 'tmrw') return formatDate(addDays(base, 1))
  if (words === 'next week') return formatDate(addDays(base, 7))
  const inDays = /^in (\d+) days?$/.exec(words)
  if (inDays) return formatDate(addDays(base, Number(inDays[1])))
  const weekday = WEEKDAY_ONLY.exec(words)
  if (weekday?.[2] !== undefined) {
    // The week rule (plannerWeekRule.ts): "next friday" is next week's; "friday" the coming one.
    const day = weekdayIndex(weekday[2])
    const noon = new Date(base.getFullYear(), base.getMonth(), base.getDate(), 12)
    const date = weekday[1] === 'next' ? nextWeekWeekday(day, noon) : comingWeekday(day, noon)
    return formatDate(date)
  }
  return calendarDate(words, base)
}

function calendarDate(words: string, base: Date): string | undefined {
  const dayFirst = /^(?:the )?(\d{1,2})(?:st|nd|rd|th)?(?: of)? ([a-z]+)\.?(?:,? (\d{4}))?$/.exec(
    words,
  )
  const monthFirst = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?(?:,? (\d{4}))?$/.exec(words)
  const day = Number(dayFirst?.[1] ?? monthFirst?.[2])
  const monthWord = dayFirst?.[2] ?? monthFirst?.[1] ?? ''
  const yearWord = dayFirst?.[3] ?? monthFirst?.[3]
  const month = MONTH_NAMES.findIndex((name) => name.startsWith(monthWord.slice(0, 3)))
  if (month < 0 || !Number.isInteger(day) || monthWord.length < 3) return undefined
  const year = yearWord === undefined ? base.getFullYear() : Number(yearWord)
  let date = validDate(year, month, day)
  // Without a year, a date already past this year means next year's.
  if (date && yearWord === undefined && date < base) date = validDate(year + 1, month, day)
  return date ? formatDate(date) : undefined
}

function validIso(words: string): string | undefined {
  const [year, month, day] = words.split('-').map(Number)
  if (year === undefined || month === undefined || day === undefined) return undefined
  return validDate(year, month - 1, day) ? words : undefined
}

function validDate(year: number, month: number, day: number): Date | undefined {
  const date = new Date(year, month, day)
  const same = date.getFullYear() === year && date.getMonth() === month && date.getDate() === day
  return same ? date : undefined
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days)
}

function formatDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  return `${date.getFullYear()}-${month}-${day}`
}
