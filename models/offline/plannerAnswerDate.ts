/**
 * A day said relative to the day the last answer named: "whens chapter 5 due" → "add a task to do
 * the practice qs the day after"; "when's my exam" → "how many days is that from now". The
 * relative words are put back as that day, so every reader after this one sees a plain date.
 */

import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { findDate, shiftDay } from './plannerChrono.ts'

// "the day before", "the day after", "that day", said with no anchor of their own.
const RELATIVE =
  /\b(?:on\s+)?(?:the\s+day\s+(before|after)|that\s+(?:same\s+)?day)\b(?!\s+(?:tomorrow|today|that|this|my|the|it|your|next)\b)/i
// "how many days is that from now", "how long till then": the days until that day.
const DAYS_TO_IT =
  /\bhow\s+(?:many\s+days|long)\s+(?:is\s+(?:that|it)\s+(?:from\s+(?:now|today)|away)|(?:until|till|til|to)\s+(?:then|that|it))\b[?.!]*/i
const MONTHS =
  'January February March April May June July August September October November December'.split(' ')

/** The text with a day said relative to the last answer's one day put back as that day. */
export function withAnswerDate(text: string, before: readonly ChatMessage[], today: Date): string {
  const relative = RELATIVE.exec(text)
  const daysTo = DAYS_TO_IT.exec(text)
  if (relative === null && daysTo === null) return text
  const day = answerDay(before, today)
  if (day === undefined) return text
  if (daysTo !== null)
    return `${text.slice(0, daysTo.index)}how many days until ${spoken(day)}${text.slice(daysTo.index + daysTo[0].length)}`
  if (relative === null) return text
  const shift = relative[1]?.toLowerCase() === 'before' ? -1 : relative[1] ? 1 : 0
  const said = `on ${spoken(shiftDay(day, shift))}`
  return `${text.slice(0, relative.index)}${said}${text.slice(relative.index + relative[0].length)}`
}

// The one day the last answer named ("“Read chapter 5” is due Thu 3 Dec 2026."), or undefined.
function answerDay(before: readonly ChatMessage[], today: Date): string | undefined {
  const answer = before.slice(0, -1).findLast((m) => m.role === 'assistant' && m.content !== '')
  if (answer === undefined || answer.content.length > 300) return undefined
  const found = findDate(answer.content, today)
  if (found === undefined) return undefined
  // Two days named ("due 3 Dec … and 8 Dec") leave which one unsaid.
  const other = findDate(answer.content.slice(found.end), today)
  return other === undefined || other.due === found.due ? found.due : undefined
}

// "the 4th of December 2026": an ordinal, so texting's "4" for "for" never reads it.
function spoken(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  const n = day ?? 1
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `the ${n}${suffix} of ${MONTHS[(month ?? 1) - 1]} ${year}`
}
