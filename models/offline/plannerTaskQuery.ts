import { dayAfter, resolveDuePhrase } from './plannerDates.ts'
import { endOfWeek } from './plannerWeekRule.ts'

/** The filters of a `list_tasks` call: inclusive due dates, and done or not. */
export interface TaskFilter {
  due_from?: string
  due_to?: string
  done?: boolean
}

const DAY =
  '(?:today|tonight|tomorrow|(?:next\\s+|this\\s+|coming\\s+)?(?:sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)|\\d{4}-\\d{2}-\\d{2}|(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?(?:\\s+of)?\\s+[a-z]{3,9}|[a-z]{3,9}\\s+\\d{1,2}(?:st|nd|rd|th)?)'

type Period = {
  pattern: RegExp
  filter: (today: Date, match: RegExpExecArray) => TaskFilter | undefined
}

const sundayAhead = (today: Date) => (7 - today.getDay()) % 7

// Longer phrases first; a "for" before one goes with it ("tasks for tomorrow"), a "due" stays.
const PERIODS: readonly Period[] = [
  {
    pattern: /\b(?:for\s+)?(?:this|the\s+current|the)\s+week(?:end)?\b/i,
    filter: (today, m) =>
      /weekend/i.test(m[0])
        ? {
            due_from: dayAfter(today, Math.max(0, sundayAhead(today) - 1)),
            due_to: dayAfter(today, sundayAhead(today)),
          }
        : { due_to: dayAfter(endOfWeek(today), 0) },
  },
  {
    pattern: /\b(?:for\s+)?next\s+week\b/i,
    filter: (today) => ({
      due_from: dayAfter(today, sundayAhead(today) + 1),
      due_to: dayAfter(today, sundayAhead(today) + 7),
    }),
  },
  {
    pattern: /\b(?:for\s+)?(?:this|the)\s+month\b/i,
    filter: (today) => {
      const last = new Date(today.getFullYear(), today.getMonth() + 1, 0)
      return { due_to: dayAfter(today, last.getDate() - today.getDate()) }
    },
  },
  {
    pattern: /\b(?:in\s+the\s+next|within|over\s+the\s+next)\s+(\d{1,3})\s+days?\b/i,
    filter: (today, m) => ({ due_to: dayAfter(today, Number(m[1])) }),
  },
  {
    pattern: /\b(?:overdue|late|past\s+due|behind\s+on)\b/i,
    filter: (today) => ({ due_to: dayAfter(today, -1) }),
  },
  {
    pattern: new RegExp(`\\bbefore\\s+(${DAY})\\b`, 'i'),
    filter: (today, m) => {
      const day = resolveDuePhrase(m[1] ?? '', today)
      return day === undefined ? undefined : { due_to: previousDay(day) }
    },
  },
  {
    pattern: new RegExp(`\\b(?:by|until|till)\\s+(${DAY})\\b`, 'i'),
    filter: (today, m) => {
      const day = resolveDuePhrase(m[1] ?? '', today)
      return day === undefined ? undefined : { due_to: day }
    },
  },
  {
    // "today" means everything to do by tonight, overdue included.
    pattern: /\b(?:for\s+)?(?:today|tonight)\b/i,
    filter: (today) => ({ due_to: dayAfter(today, 0) }),
  },
  {
    pattern: new RegExp(`\\b(?:for\\s+)?(?:on\\s+)?(${DAY})\\b`, 'i'),
    filter: (today, m) => {
      const day = resolveDuePhrase(m[1] ?? '', today)
      return day === undefined ? undefined : { due_from: day, due_to: day }
    },
  },
]

const DONE_WORDS = /\b(?:finished|completed|done|ticked\s+off|checked\s+off)\b/i
const OPEN_WORDS =
  /\b(?:open|left|remaining|pending|outstanding|(?:have|need|got)\s+to\s+do|to\s+do|due|unfinished|not\s+done)\b/i

/** The clause without its period ("this week", "by friday"), and the filter the period means. */
export function extractPeriod(clause: string, today: Date): { filter: TaskFilter; rest: string } {
  for (const period of PERIODS) {
    const match = period.pattern.exec(clause)
    if (match === null) continue
    const filter = period.filter(today, match)
    if (filter === undefined) continue
    const rest = `${clause.slice(0, match.index)} ${clause.slice(match.index + match[0].length)}`
    return { filter, rest: rest.replace(/\s+/g, ' ').trim() }
  }
  return { filter: {}, rest: clause }
}

/** Done or open, as the words say; with a period and no word either way, open (what is left to do). */
export function statusOf(clause: string, hasPeriod: boolean): boolean | undefined {
  if (/\bnot\s+(?:done|finished|completed)\b/i.test(clause)) return false
  if (DONE_WORDS.test(clause) && !/\bhave\s+to\s+do|need\s+to\s+do|to\s+do\b/i.test(clause))
    return true
  if (OPEN_WORDS.test(clause)) return false
  return hasPeriod ? false : undefined
}

function previousDay(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  return dayAfter(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1), -1)
}
