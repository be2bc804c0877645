import { dayText } from '../../vocabulary/humanTime.ts'
/** Study maths in words, answered exactly: reading time, percentages, averages, weighted marks, days until a date. */

import { findDate } from './plannerChrono.ts'
import { parseIntents } from './plannerIntents.ts'
import { MORE_SOLVERS } from './plannerMathsMore.ts'
import type { PlannerSkill } from './plannerSkill.ts'
import { fixTypos } from './plannerTypos.ts'

const NUM = String.raw`(\d+(?:\.\d+)?)`
const ASKS =
  /\b(?:how|what|what's|whats|calculate|work\s+out|overall|average|mean|percent|percentage|sum|total|grade|mark)\b|\?\s*$|%/i
const NOT_MATHS = /^(?:please\s+)?(?:remind|add|create|todo|task|note|remember|move|push|mark)\b/i

type Solver = (text: string, today: Date) => string | undefined

const SOLVERS: readonly Solver[] = [
  ...MORE_SOLVERS,
  weighted,
  readingTime,
  daysUntil,
  percentOf,
  percentage,
  average,
  perDay,
  sessionHours,
  sessions,
]

/** The answer to a maths question in words, or undefined when it is not one. */
export function solveStudyMaths(raw: string, today: Date): string | undefined {
  const text = spokenTens(fixTypos(raw).toLowerCase()).replace(/,(?=\d{3}\b)/g, '')
  if (NOT_MATHS.test(text) || !ASKS.test(text)) return undefined
  for (const solve of SOLVERS) {
    const answer = solve(text, today)
    if (answer !== undefined) return answer
  }
  return undefined
}

/** The skill: a maths question gets its exact answer, no tool needed. */
export const mathsSkill: PlannerSkill = (context) => {
  // What the clause parser turns into code runs in the sandbox, its card showing the program.
  const parsed = parseIntents(context.text, context.today)
  if (parsed.some((intent) => intent.kind === 'run_code')) return undefined
  const answer = solveStudyMaths(context.text, context.today) ?? askedAgain(context)
  return answer === undefined ? undefined : { text: answer }
}

// "whats 17% of 240" → "and of 310": the question before, its last number now this one.
// (What reads a message first drops the "and" of "and of 310".)
const AGAIN =
  /^(?:(?:and|what\s+about|how\s+about)\s+(?:(?:of|for)\s+)?|(?:of|for)\s+)(\d+(?:\.\d+)?)\s*\??$/i

function askedAgain(context: Parameters<PlannerSkill>[0]): string | undefined {
  const number = AGAIN.exec(context.text.trim())?.[1]
  const before = context.messages.filter((m) => m.role === 'user').at(-2)?.content
  if (number === undefined || before === undefined) return undefined
  const again = before.replace(/\d+(?:\.\d+)?(?=\D*$)/, number)
  return again === before ? undefined : solveStudyMaths(again, context.today)
}

const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']
const SPOKEN_TENS = new RegExp(`\\b(${TENS.join('|')})(?:[\\s-]+(${UNITS.join('|')}))?\\b`, 'g')

// Dictated marks: "seventy two sixty eight and eighty one" are 72, 68 and 81.
function spokenTens(text: string): string {
  return text.replace(SPOKEN_TENS, (_all, tens: string, unit?: string) =>
    String(20 + 10 * TENS.indexOf(tens) + (unit === undefined ? 0 : UNITS.indexOf(unit) + 1)),
  )
}

/** A number as people write it: at most two decimals, no trailing zeros. */
export function plain(n: number): string {
  return String(Math.round(n * 100) / 100)
}

function readingTime(text: string): string | undefined {
  const rate = new RegExp(
    String.raw`${NUM}\s*(pages?|words?|problems?|questions?|slides?|chapters?)?\s*(?:an|a|per|each|every|/)\s*(hour|hr|h|minute|min)\b`,
  ).exec(text)
  if (!rate || !/how\s+long|how\s+many\s+(?:hours|minutes)|time/.test(text)) return undefined
  const others = [...text.matchAll(/(\d+(?:\.\d+)?)/g)].filter((m) => m.index !== rate.index)
  const total = others
    .map((m) => Number(m[1]))
    .find((n) => n !== Number(rate[1]) || others.length === 1)
  const perUnit = Number(rate[1])
  if (total === undefined || perUnit === 0) return undefined
  const unit = rate[3]?.startsWith('h') ? 'hour' : 'minute'
  const amount = total / perUnit
  const things = rate[2] ?? 'pages'
  const plural = things.endsWith('s') ? things : `${things}s`
  if (unit === 'minute')
    return `${plain(total)} ${plural} at ${plain(perUnit)} a minute take ${plain(amount)} minutes (${plain(total)} ÷ ${plain(perUnit)}).`
  const hours = Math.floor(amount)
  const minutes = Math.round((amount - hours) * 60)
  const clock = minutes === 0 ? `${hours} hours` : `${hours} h ${minutes} min`
  return `${plain(total)} ${plural} at ${plain(perUnit)} an hour take ${plain(amount)} hours (${clock}): ${plain(total)} ÷ ${plain(perUnit)}.`
}

function percentOf(text: string): string | undefined {
  const m = new RegExp(String.raw`${NUM}\s*(?:%|percent)\s+of\s+${NUM}`).exec(text)
  if (!m) return undefined
  const value = (Number(m[1]) * Number(m[2])) / 100
  return `${m[1]}% of ${m[2]} is ${plain(value)}.`
}

function percentage(text: string): string | undefined {
  const m =
    new RegExp(
      String.raw`(?:percent(?:age)?|%)\s+(?:is\s+|of\s+)?${NUM}\s+(?:out\s+of|of|from|/)\s+${NUM}`,
    ).exec(text) ??
    new RegExp(String.raw`${NUM}\s*(?:out\s+of|/)\s*${NUM}.*(?:percent|percentage|%)`).exec(text)
  if (!m || Number(m[2]) === 0) return undefined
  return `${m[1]} out of ${m[2]} is ${plain((Number(m[1]) / Number(m[2])) * 100)}%.`
}

function average(text: string): string | undefined {
  const m =
    /\b(?:average|mean)\b(?:\s+(?:of|mark|score|grade))?\s*(?:of\s+)?(?:is\s+)?:?\s*([\d.,\s]+(?:and\s+[\d.]+)?)/.exec(
      text,
    )
  const numbers = [...(m?.[1] ?? '').matchAll(/\d+(?:\.\d+)?/g)].map((n) => Number(n[0]))
  if (numbers.length < 2) return undefined
  const sum = numbers.reduce((a, b) => a + b, 0)
  return `The average of ${numbers.map(plain).join(', ')} is ${plain(sum / numbers.length)} (${plain(sum)} ÷ ${numbers.length}).`
}

function weighted(text: string): string | undefined {
  const pairs = [
    ...text.matchAll(
      new RegExp(
        String.raw`${NUM}\s*%?\s+(?:on|in|for)?\s*(?:[a-z]+\s+){0,4}?(?:worth|weighted|weighing|counting(?:\s+for)?|at)\s+${NUM}\s*%`,
        'g',
      ),
    ),
  ]
  if (pairs.length < 2) return undefined
  const marks = pairs.map((p) => [Number(p[1]), Number(p[2])] as const)
  const weight = marks.reduce((a, [, w]) => a + w, 0)
  if (weight === 0) return undefined
  const total = marks.reduce((a, [m, w]) => a + m * w, 0) / weight
  const shown = marks.map(([m, w]) => `${plain(m)} × ${plain(w)}%`).join(' + ')
  return `Your weighted mark is ${plain(total)}: ${shown}${weight === 100 ? '' : `, over ${plain(weight)}%`}.`
}

function daysUntil(text: string, today: Date): string | undefined {
  const m =
    /how\s+(?:many|long)\s+(?:days|weeks)?\s*(?:is\s+it\s+|are\s+there\s+|left\s+|do\s+i\s+have\s+)?(?:until|till|til|to|before|left\s+until)\s+(.+)$/.exec(
      text,
    )
  if (!m?.[1]) return undefined
  const found = findDate(m[1], today)
  if (!found) return undefined
  const [y, mo, d] = found.due.split('-').map(Number)
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())
  const days = Math.round((Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1) - start) / 86_400_000)
  const weeks = /\bweeks\b/.test(text) ? ` (${plain(days / 7)} weeks)` : ''
  return `${days} days${weeks} until ${dayText(found.due)}.`
}

function perDay(text: string): string | undefined {
  const m = new RegExp(
    String.raw`${NUM}\s+([a-z]+)\s+in\s+${NUM}\s+(days|weeks|hours|sessions)`,
  ).exec(text)
  if (!m || !/how\s+many|each|per|a\s+day|every/.test(text) || Number(m[3]) === 0) return undefined
  const unit = (m[4] ?? 'days').replace(/s$/, '')
  return `${m[1]} ${m[2]} in ${m[3]} ${m[4]} is ${plain(Number(m[1]) / Number(m[3]))} ${m[2]} a ${unit}.`
}

function sessions(text: string): string | undefined {
  const each = new RegExp(String.raw`${NUM}\s*(?:minutes?|mins?)`).exec(text)
  const total = new RegExp(String.raw`${NUM}\s*(?:hours?|hrs?)`).exec(text)
  if (!each || !total || !/how\s+many/.test(text) || Number(each[1]) === 0) return undefined
  // "25 minutes at a time with a 5-minute break after each": a session is the work and its break.
  const pause = new RegExp(String.raw`${NUM}[\s-]*(?:minutes?|mins?)\s+break`).exec(text)
  const cycle = Number(each[1]) + (pause ? Number(pause[1]) : 0)
  const count = (Number(total[1]) * 60) / cycle
  if (pause || /\bfull\b/.test(text)) {
    const whole = Math.floor(count)
    return `${whole} full sessions of ${each[1]} minutes${pause ? ` with a ${pause[1]}-minute break` : ''} fit in ${total[1]} hours (${total[1]} × 60 ÷ ${cycle} = ${plain(count)}).`
  }
  return `${total[1]} hours is ${plain(count)} sessions of ${each[1]} minutes (${total[1]} × 60 ÷ ${each[1]}).`
}

// "how many hours is 6 sessions of 25 minutes", "whats 3 sessions of 45 mins in hours".
function sessionHours(text: string): string | undefined {
  const m = new RegExp(
    String.raw`${NUM}\s+(?:sessions?|blocks?|lots|slots?)\s+of\s+${NUM}\s*(?:minutes?|mins?)`,
  ).exec(text)
  if (!m || !/\bhours?\b/.test(text)) return undefined
  const minutes = Number(m[1]) * Number(m[2])
  return `${m[1]} sessions of ${m[2]} minutes is ${plain(minutes / 60)} hours (${plain(minutes)} minutes).`
}
