/** Due dates read with chrono-node, the way a person means them, and the words that said them. */

import { casual } from 'chrono-node/en'
import { MAX_REQUEST } from './plannerBounds.ts'
import { findWeekRuleDate, nextWeekWeekday, weekdayIndex } from './plannerWeekRule.ts'

/** A date found in a phrase: the day, and where its words are (with "by", "on", "due" before them). */
export interface FoundDate {
  due: string
  start: number
  end: number
}

// chrono reads these as dates, a person does not: "SAT practice", "a day" alone, "may" as a verb.
const NOT_A_DATE =
  /^(?:(?:an?|the|this|that)\s+(?:day|week|month|year|weekend)|may|sat|sun|mar|wed|now|second|a\s+sec)$/i
// "25 pages an hour" is a rate, not a time today.
const DURATION =
  /^(?:in\s+)?(?:an?|\d+(?:\.\d+)?|one|two|three)\s+(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)$/i
const LEAD_IN =
  /(?:\b(?:due\s+(?:on|by|date)?|by|on|for|before|until|till|at|from|to|starting)\s*:?\s*(?:the\s+)?|\bthe\s+)$/i
const FORTNIGHT =
  /\b(?:in\s+)?(?:a|one)\s+fortnight(?:'s\s+time)?\b|\bin\s+two\s+weeks?'?\s+time\b/i
const FROM_TODAY =
  /\b(a|one|two|three|four|five|six|seven|\d{1,2})\s+(day|week)s?\s+from\s+(?:today|now)\b/i
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven']
const ORDINAL_DAY =
  /\b(?:on\s+|by\s+|for\s+|due\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?[a-z]{3})/i
const NEXT_WEEKDAY = /^next\s+(sun|mon|tue|wed|thu|fri|sat)[a-z]*$/i

/**
 * The first due date in `text` as `YYYY-MM-DD` (local), with its span; undefined when none. A date
 * is said in a clause: chrono-node, whose cost grows faster than its input ("by friday friday …"),
 * is never given more than a request's length.
 */
export function findDate(text: string, today: Date): FoundDate | undefined {
  if (text.length > MAX_REQUEST) return undefined
  const base = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 12)
  const rule = findWeekRuleDate(text, base, format)
  const special =
    (rule && { ...rule, start: leadIn(text, rule.start) }) ??
    fortnight(text, base) ??
    fromToday(text, base) ??
    ordinalDay(text, base)
  const results = casual.parse(text, base, { forwardDate: true }).filter((r) => {
    if (NOT_A_DATE.test(r.text.trim()) || DURATION.test(r.text.trim())) return false
    // An upper-case abbreviation ("SAT") is a name, not Saturday.
    return !/^[A-Z]{3}$/.test(r.text.trim())
  })
  const first = results[0]
  if (first === undefined) return special
  if (special !== undefined && special.start <= first.index) return special
  const end = first.index + first.text.length
  const start = leadIn(text, first.index)
  const phrase = first.text.trim().replace(/[,.;]$/, '')
  const due = nextWeekday(phrase, base) ?? notToday(phrase, first.start.date(), base)
  return { due, start, end: first.text.trimEnd().endsWith(',') ? end - 1 : end }
}

/** The text with the found date's words taken out. */
export function withoutDate(text: string, found: FoundDate): string {
  return `${text.slice(0, found.start)} ${text.slice(found.end)}`.replace(/\s+/g, ' ').trim()
}

/** The day `days` after `date` (`YYYY-MM-DD`, local). */
export function shiftDay(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return format(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days, 12))
}

/** A date as `YYYY-MM-DD` in local time. */
export function format(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  return `${date.getFullYear()}-${month}-${day}`
}

function leadIn(text: string, index: number): number {
  const match = LEAD_IN.exec(text.slice(0, index))
  return match ? index - match[0].length : index
}

// "next Wednesday": that Wednesday in next week (the week rule, plannerWeekRule.ts).
function nextWeekday(phrase: string, base: Date): string | undefined {
  const day = NEXT_WEEKDAY.exec(phrase)?.[1]
  return day === undefined ? undefined : format(nextWeekWeekday(weekdayIndex(day), base))
}

function fortnight(text: string, base: Date): FoundDate | undefined {
  const match = FORTNIGHT.exec(text)
  if (!match) return undefined
  const due = format(new Date(base.getFullYear(), base.getMonth(), base.getDate() + 14, 12))
  return { due, start: leadIn(text, match.index), end: match.index + match[0].length }
}

// "the 10th": this month's if it is still ahead, else next month's.
function ordinalDay(text: string, base: Date): FoundDate | undefined {
  const match = ORDINAL_DAY.exec(text)
  if (!match) return undefined
  const day = Number(match[1])
  if (day < 1 || day > 31) return undefined
  let date = new Date(base.getFullYear(), base.getMonth(), day, 12)
  if (date < base) date = new Date(base.getFullYear(), base.getMonth() + 1, day, 12)
  return { due: format(date), start: match.index, end: match.index + match[0].length }
}

// "a week from today": chrono reads "a week" and "today" apart.
function fromToday(text: string, base: Date): FoundDate | undefined {
  const match = FROM_TODAY.exec(text)
  if (!match) return undefined
  const word = (match[1] ?? '').toLowerCase()
  const count =
    word === 'a' ? 1 : NUMBER_WORDS.indexOf(word) >= 0 ? NUMBER_WORDS.indexOf(word) : Number(word)
  const days = count * (match[2]?.toLowerCase() === 'week' ? 7 : 1)
  const due = format(new Date(base.getFullYear(), base.getMonth(), base.getDate() + days, 12))
  return { due, start: leadIn(text, match.index), end: match.index + match[0].length }
}

// The next occurrence, never today: "by Monday" said on a Monday means a week later.
function notToday(phrase: string, date: Date, base: Date): string {
  const sameDay = format(date) === format(base)
  const weekday = /^(?:this\s+|on\s+|by\s+)?(?:sun|mon|tue|wed|thu|fri|sat)[a-z]*$/i.test(phrase)
  return format(
    sameDay && weekday
      ? new Date(base.getFullYear(), base.getMonth(), base.getDate() + 7, 12)
      : date,
  )
}
