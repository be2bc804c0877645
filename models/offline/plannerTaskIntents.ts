import { resolveDuePhrase } from './plannerDates.ts'
import { LEVEL_WORDS } from './plannerTaskFields.ts'
import { extractPeriod, statusOf, type TaskFilter } from './plannerTaskQuery.ts'
import { capitalise, cleanPhrase } from './plannerText.ts'

/** What an `update_task` call is to change. */
export interface TaskChanges {
  title?: string
  due?: string
  importance?: number
  done?: boolean
  notes?: string
  /** Days to move the current due date by ("push X back three days"); resolved once the task is seen. */
  shiftDays?: number
}

/** A task list request, with its filter (none: every task). */
export interface TaskQuery {
  kind: 'list_tasks'
  filter?: TaskFilter
}

/** A change to a task the user named in words, found by title once the list is back. */
export interface TaskUpdate {
  kind: 'update_task'
  target: string
  changes: TaskChanges
}

const TASKS =
  '(?:tasks?|to-?dos?|to-?do\\s+list|task\\s+list|list|assignments?|homework|deadlines?)'
// Questions about what there is to do; the period ("this week", "by friday") is taken out first.
const QUERY = [
  new RegExp(
    `^(?:(?:show|list|see|view|display|give|get|check|tell|print|read)\\s+(?:me\\s+)?)?(?:all\\s+)?(?:of\\s+)?(?:my|the|our|all)?\\s*(?:open\\s+|current\\s+|remaining\\s+|pending\\s+|outstanding\\s+|finished\\s+|completed\\s+|done\\s+|overdue\\s+|late\\s+|upcoming\\s+)?${TASKS}(?:\\s+(?:please|now|again|for\\s+me|list|due|left|i\\s+have|i've\\s+got))?$`,
    'i',
  ),
  /^(?:(?:show|tell|give)\s+(?:me\s+)?)?what\s+(?:do\s+|should\s+|must\s+)?i\s+(?:have|need|got|should|must)?\s*(?:to\s+)?do(?:\s+next)?$/i,
  /^(?:(?:show|tell|give)\s+(?:me\s+)?)?what(?:'s|\s+is|s|\s+are)?\s+(?:due|left|coming\s+up|on\s+my\s+(?:list|plate)|(?:left\s+)?to\s+do|overdue|late)$/i,
  /^what\s+have\s+i\s+got\s+(?:to\s+do|due|on)$/i,
  /^(?:do|have)\s+i\s+(?:got|have)\s+(?:any(?:thing)?\s+)?(?:tasks?|homework|deadlines?|assignments?|work)?(?:\s+(?:due|left|to\s+do))?$/i,
  /^(?:(?:show|list|tell|give)\s+(?:me\s+)?)?(?:everything|all|anything)(?:\s+(?:due|left|i\s+have|to\s+do))?$/i,
  /^(?:is\s+)?(?:there\s+)?anything\s+(?:due|left|to\s+do|overdue|late)$/i,
  /^(?:which|what)\s+(?:tasks?|to-?dos?)\s+(?:are|is|have\s+i|did\s+i)\s*(?:due|left|open|overdue|late|finished|completed|done|ticked\s+off)?$/i,
  /^what\s+(?:have|did)\s+i\s+(?:already\s+)?(?:finish|finished|complete|completed|done|do)$/i,
  /^what\s+am\s+i\s+(?:late|behind)\s+(?:on|with)$/i,
]

/** "what do I have to do this week", "show my open tasks", "what's overdue": a filtered task list. */
export function parseTaskQuery(clause: string, today: Date): TaskQuery | undefined {
  const { filter, rest } = extractPeriod(clause, today)
  const hasPeriod = Object.keys(filter).length > 0
  const bare = rest
    .replace(/\s+(?:please|now)$/i, '')
    .replace(/[?!.]+$/, '')
    .trim()
  const overdue = /\b(?:overdue|late|behind)\b/i.test(clause)
  if (
    !QUERY.some((pattern) => pattern.test(bare)) &&
    !(overdue && /^(?:what|which|anything|show|list)/i.test(bare))
  ) {
    return undefined
  }
  const done = statusOf(clause, hasPeriod)
  const full: TaskFilter = { ...filter, ...(done !== undefined && { done }) }
  return Object.keys(full).length === 0
    ? { kind: 'list_tasks' }
    : { kind: 'list_tasks', filter: full }
}

const THE = '(?:the\\s+|my\\s+|this\\s+|that\\s+)?(?:task\\s+|to-?do\\s+)?'
const DONE = '(?:done|complete|completed|finished|ticked\\s+off|checked\\s+off)'
const NOT_DONE =
  '(?:not\\s+done|undone|open|incomplete|not\\s+finished|unfinished|to\\s*do|not\\s+complete)'
const LEVEL = '(\\d|highest|top|urgent|high|medium|normal|lowest|low)'

type UpdateParser = (clause: string, today: Date) => TaskUpdate | undefined

const update = (target: string | undefined, changes: TaskChanges): TaskUpdate | undefined => {
  const words = cleanTarget(target ?? '')
  return words === '' ? undefined : { kind: 'update_task', target: words, changes }
}

const COUNT = '(a|an|one|two|three|four|five|six|seven|\\d{1,2})'
const COUNTS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
}
const SHIFT = new RegExp(
  `^(push|move|shift|delay|postpone|bump|bring|pull)\\s+(?:the\\s+|my\\s+)?(.+?)\\s+(back|forward|on|earlier|later)?\\s*(?:by\\s+)?${COUNT}\\s+(day|week)s?(?:\\s+(later|earlier))?$`,
  'i',
)
const DID =
  /^i(?:'ve|\s+have)?\s+(?:already\s+|just\s+|now\s+|finally\s+)*(reviewed|read|did|submitted|sent|bought|handed\s+in|wrote|made|emailed|called|printed|returned|paid|booked|revised)\s+(.+?)(?:\s+(?:already|now|today))?$/i

const UPDATES: readonly UpdateParser[] = [
  (c) => {
    const m = SHIFT.exec(c)
    if (!m) return undefined
    const count = COUNTS[(m[4] ?? '').toLowerCase()] ?? Number(m[4])
    const earlier =
      /forward|earlier/i.test(`${m[3] ?? ''} ${m[6] ?? ''}`) || /bring|pull/i.test(m[1] ?? '')
    const days = count * ((m[5] ?? '').toLowerCase() === 'week' ? 7 : 1) * (earlier ? -1 : 1)
    return update(m[2], { shiftDays: days })
  },
  (c) => {
    const m = DID.exec(c)
    return m ? update(`${m[1]} ${m[2]}`, { done: true }) : undefined
  },
  (c, today) => {
    const m =
      /^(?!add\b|create\b|remind\b|new\b|todo\b|task\b|make\b|what\b|when\b|is\b)(?:the\s+|my\s+)?(.+?)\s+(?:is\s+)?(?:now\s+)?due\s+(?:on\s+|by\s+)?(.+)$/i.exec(
        c,
      )
    const due = m?.[2] === undefined ? undefined : resolveDuePhrase(m[2], today)
    return due === undefined ? undefined : update(m?.[1], { due })
  },
  (c) => {
    const m = new RegExp(
      `^(?:mark|set|put)\\s+${THE}(.+?)\\s+(?:as\\s+|to\\s+)?${NOT_DONE}$`,
      'i',
    ).exec(c)
    return update(m?.[1], { done: false })
  },
  (c) => {
    const m = /^(?:reopen|re-open|un-?mark|undo|untick)\s+(?:the\s+|my\s+)?(?:task\s+)?(.+)$/i.exec(
      c,
    )
    return update(m?.[1], { done: false })
  },
  (c) => {
    const m = new RegExp(
      `^(?:mark|set|put)\\s+${THE}(.+?)\\s+(?:as\\s+|to\\s+)?${DONE}$`,
      'i',
    ).exec(c)
    return update(m?.[1], { done: true })
  },
  (c) => {
    const m = /^(?:tick|check|cross)\s+off\s+(?:the\s+|my\s+)?(?:task\s+)?(.+)$/i.exec(c)
    return update(m?.[1], { done: true })
  },
  (c) => {
    const m =
      /^(?:i\s+(?:have\s+|just\s+|already\s+)*|i'?ve\s+(?:just\s+|already\s+)?)?(?:finished|completed|done)\s+(?:with\s+)?(?:the\s+task\s+)?(.+?)(?:\s+(?:already|now|today))?$/i.exec(
        c,
      )
    return update(m?.[1], { done: true })
  },
  (c) => update(/^complete\s+(?:the\s+)?task\s+(.+)$/i.exec(c)?.[1], { done: true }),
  (c) =>
    update(new RegExp(`^${THE}(.+?)\\s+is\\s+(?:now\\s+)?${DONE}$`, 'i').exec(c)?.[1], {
      done: true,
    }),
  (c, today) => {
    // The date is what follows the last to/on/for, so a title may hold one (“essay on cells”).
    const m =
      /^(?:move|push|shift|postpone|reschedule|delay|bump|change|set|put|bring)\s+(?:back\s+|forward\s+)?(?:the\s+)?(?:due\s+date\s+(?:of|for|on)\s+|deadline\s+(?:of|for|on)\s+)?(?:the\s+|my\s+)?(?:task\s+)?(.+?)(?:'s\s+(?:due\s+date|deadline))?\s+(?:back\s+|forward\s+)?(?:to|until|till|for|on)\s+((?:(?!\s(?:to|until|till|for|on)\s).)+)$/i.exec(
        c,
      )
    const due = m?.[2] === undefined ? undefined : resolveDuePhrase(m[2], today)
    return due === undefined ? undefined : update(m?.[1], { due })
  },
  (c) => {
    const m = new RegExp(
      `^(?:set|change|make|mark|put)\\s+(?:the\\s+)?(?:importance|priority)\\s+(?:of|for|on)\\s+(.+?)\\s+(?:to|at|as)\\s+${LEVEL}$`,
      'i',
    ).exec(c)
    return m?.[2] === undefined ? undefined : update(m[1], { importance: level(m[2]) })
  },
  (c) => {
    const m = new RegExp(
      `^(?:make|mark|set|put)\\s+${THE}(.+?)\\s+(?:as\\s+|to\\s+)?(?:an?\\s+)?(?:${LEVEL}\\s+(?:importance|priority)|(?:importance|priority)\\s+${LEVEL})$`,
      'i',
    ).exec(c)
    const word = m?.[2] ?? m?.[3]
    return word === undefined ? undefined : update(m?.[1], { importance: level(word) })
  },
  (c) => {
    const m =
      /^(?:rename|retitle|(?:change|set)\s+the\s+(?:title|name)\s+of)\s+(?:the\s+|my\s+)?(?:task\s+)?(.+?)\s+(?:to|as)\s+(.+)$/i.exec(
        c,
      )
    const title = capitalise(cleanPhrase(m?.[2] ?? ''))
    return title === '' ? undefined : update(m?.[1], { title })
  },
]

/** "mark X as done", "move the essay to next monday", "make X high priority", "rename X to Y". */
export function parseTaskUpdate(clause: string, today: Date): TaskUpdate | undefined {
  for (const parse of UPDATES) {
    const found = parse(clause, today)
    if (found) return found
  }
  return undefined
}

function level(word: string): number {
  const n = Number(word)
  return Number.isInteger(n)
    ? Math.min(5, Math.max(1, n))
    : (LEVEL_WORDS.get(word.toLowerCase()) ?? 3)
}

function cleanTarget(words: string): string {
  return cleanPhrase(words)
    .replace(/^(?:the|my|this|that)\s+/i, '')
    .replace(/\s+(?:task|to-?do)$/i, '')
    .trim()
}
