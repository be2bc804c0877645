import { findDate, withoutDate } from './plannerChrono.ts'
import { resolveDuePhrase } from './plannerDates.ts'
import { findImportance, withoutImportance } from './plannerImportance.ts'
import { LEVEL_WORDS } from './plannerTaskFields.ts'
import { extractPeriod, statusOf, type TaskFilter } from './plannerTaskQuery.ts'
import { capitalise, cleanPhrase } from './plannerText.ts'

/** What an `update_task` call is to change. */
export interface TaskChanges {
  title?: string
  /** A new due date, or `null` to clear it. */
  due?: string | null
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
  /** Said without its kind: the name of a note it may mean instead (plannerEitherKind.ts). */
  orNote?: string
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
  /^what\s+(?:have\s+i\s+got|do\s+i\s+have|have\s+i)\s+(?:to\s+do|due|on|coming\s+up)$/i,
  /^(?:are\s+there\s+)?any\s+(?:deadlines|tasks|assignments|homework|to-?dos)\s+(?:coming\s+up|due|left|soon|to\s+do)$/i,
  /^(?:do|have)\s+i\s+(?:got|have)\s+(?:any(?:thing)?\s+)?(?:tasks?|homework|deadlines?|assignments?|work)?(?:\s+(?:due|left|to\s+do))?$/i,
  /^(?:(?:show|list|tell|give)\s+(?:me\s+)?)?(?:everything|all|anything)(?:\s+(?:due|left|i\s+have|to\s+do))?$/i,
  /^(?:is\s+)?(?:there\s+)?anything\s+(?:due|left|to\s+do|overdue|late)$/i,
  /^(?:which|what)\s+(?:tasks?|to-?dos?)\s+(?:are|is|have\s+i|did\s+i)\s*(?:still\s+)?(?:due|left|open|overdue|late|finished|completed|done|ticked\s+off)?$/i,
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
  (c, today) => {
    // "essay deadline friday", "the essay's due date is now monday".
    const m =
      /^(?:the\s+|my\s+)?(.+?)(?:'s)?\s+(?:deadline|due\s+date)\s+(?:is\s+)?(?:now\s+)?(?:moved\s+)?(?:to\s+|on\s+)?(.+)$/i.exec(
        c,
      )
    const due = m?.[2] === undefined ? undefined : resolveDuePhrase(m[2], today)
    return due === undefined ? undefined : update(m?.[1], { due })
  },
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
      /^(?:i\s+(?:have\s+|just\s+|already\s+)*|i'?ve\s+(?:just\s+|already\s+)?|i'?m\s+(?:all\s+|just\s+)?|i\s+am\s+)?(?:finished|completed|done)\s+(?:with\s+)?(?:the\s+task\s+)?(.+?)(?:\s+(?:already|now|today))?$/i.exec(
        c,
      )
    return update(m?.[1], { done: true })
  },
  (c) => update(/^complete\s+(?:the\s+)?task\s+(.+)$/i.exec(c)?.[1], { done: true }),
  (c) =>
    update(new RegExp(`^${THE}(.+?)\\s+is\\s+(?:now\\s+)?${DONE}$`, 'i').exec(c)?.[1], {
      done: true,
    }),
  // "essay done", "lab report all finished": a task named, then that it is done.
  (c) =>
    update(
      /^(?!(?:i|i'm|im|we|all|it|that|this|what|which|when|how|nothing|everything)\b)(?:the\s+|my\s+)?(.+?)\s+(?:all\s+)?(?:done|finished|completed)$/i.exec(
        c,
      )?.[1],
      { done: true },
    ),
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
  // "make the essay a 5", "set chapter 5 to a 4": a level said bare after "a" or "to".
  (c) => {
    const m = new RegExp(
      `^(?:make|set|bump|raise|put)\\s+${THE}(.+?)\\s+(?:up\\s+)?(?:to\\s+(?:an?\\s+)?|an?\\s+)([1-5])(?:\\s*/\\s*5)?$`,
      'i',
    ).exec(c)
    return m?.[2] === undefined ? undefined : update(m[1], { importance: Number(m[2]) })
  },
  (c) => {
    const m =
      /^(?:rename|retitle|re-title|(?:change|set)\s+the\s+(?:title|name)\s+of)\s+(?:the\s+|my\s+)?(?:task\s+)?(.+?)(?:\s+(?:to|as)\s+|\s*:\s*)(.+)$/i.exec(
        c,
      )
    const title = capitalise(cleanPhrase(m?.[2] ?? ''))
    return title === '' ? undefined : update(m?.[1], { title })
  },
]

const DUE_WORDS = '(?:due\\s+date|deadline|due|date)'
// "remove the due date from X", "X doesn't have a deadline anymore", "no due date for X".
const CLEAR_DUE = [
  new RegExp(
    `^(?:remove|clear|delete|drop|take\\s+(?:off|away)|get\\s+rid\\s+of|unset|cancel)\\s+(?:the\\s+)?${DUE_WORDS}\\s+(?:from|of|on|for)\\s+(.+)$`,
    'i',
  ),
  new RegExp(
    `^(?:remove|clear|delete|drop|unset)\\s+(?:the\\s+|my\\s+)?(.+?)'?s\\s+${DUE_WORDS}$`,
    'i',
  ),
  new RegExp(
    `^(?:the\\s+|my\\s+)?(.+?)\\s+(?:doesn'?t|does\\s+not|don'?t|do\\s+not|has\\s+no|have\\s+no|won'?t\\s+have|no\\s+longer\\s+has)\\s+(?:have\\s+|need\\s+)?(?:a\\s+|any\\s+)?${DUE_WORDS}(?:\\s+(?:any\\s*more|now|after\\s+all))?$`,
    'i',
  ),
  new RegExp(`^no\\s+(?:more\\s+)?${DUE_WORDS}\\s+(?:for|on)\\s+(.+)$`, 'i'),
  new RegExp(`^(?:take|get)\\s+(?:the\\s+)?${DUE_WORDS}\\s+off\\s+(?:of\\s+)?(.+)$`, 'i'),
  /^(?:make|set|mark)\s+(?:the\s+|my\s+)?(.+?)\s+(?:as\s+)?(?:undated|without\s+(?:a\s+)?(?:due\s+date|deadline)|not\s+due)$/i,
]
// "i didn't actually print the lecture slides": the task is not done after all.
const DID_NOT =
  /^i\s+(?:didn'?t|did\s+not|haven'?t|have\s+not|never)\s+(?:actually\s+|really\s+|yet\s+)?(?:finish(?:ed)?\s+|do\s+|done\s+)?(.+?)(?:\s+(?:yet|after\s+all|actually))?(?:\s*,.*)?$/i

/** "remove the due date from X": read before any delete, so a date's removal never deletes X. */
export function parseClearDue(clause: string): TaskUpdate | undefined {
  for (const pattern of CLEAR_DUE) {
    const found = update(pattern.exec(clause)?.[1], { due: null })
    if (found) return found
  }
  return undefined
}

/** "mark X as done", "move the essay to next monday", "make X high priority", "rename X to Y". */
export function parseTaskUpdate(clause: string, today: Date): TaskUpdate | undefined {
  const undated = parseClearDue(clause)
  if (undated) return undated
  const notDone = update(DID_NOT.exec(clause)?.[1], { done: false })
  if (notDone) return notDone
  // Two or more fields said at once are one change; one field has its own reading below.
  const several = severalFields(clause, today)
  if (several && Object.keys(several.changes).length > 1) return several
  for (const parse of UPDATES) {
    const found = parse(clause, today)
    if (found) return found
  }
  return severalFields(clause, today)
}

// "change the essay to friday and low priority", "update the flashcards task: due friday,
// importance 4", "set X to due saturday priority 5": each field said, read one by one.
const SEVERAL =
  /^(?:change|update|set|edit|make|move|put|switch|modify)\s+(?:the\s+|my\s+)?(?:task\s+)?(.+?)(?:'s)?(?:\s*:\s*|\s+to\s+(?:be\s+)?|\s+(?=due\b|deadline\b))(.+)$/i

function severalFields(clause: string, today: Date): TaskUpdate | undefined {
  const m = SEVERAL.exec(clause)
  if (m === null) return undefined
  let rest = m[2] ?? ''
  const changes: TaskChanges = {}
  const renamed =
    /\b(?:and\s+)?(?:rename(?:d)?\s+(?:it\s+)?(?:to|as)|(?:re)?title(?:d)?\s+(?:it\s+)?(?:to|as)?|call(?:ed)?\s+it)\s+(.+)$/i.exec(
      rest,
    )
  if (renamed) {
    changes.title = capitalise(cleanPhrase(renamed[1] ?? ''))
    rest = rest.slice(0, renamed.index)
  }
  const level = findImportance(rest)
  if (level) {
    changes.importance = level.importance
    rest = withoutImportance(rest, level)
  }
  const date = findDate(rest, today)
  if (date) {
    changes.due = date.due
    rest = withoutDate(rest, date)
  }
  if (/\b(?:not\s+done|undone|unfinished|open)\b/i.test(rest)) changes.done = false
  else if (/\b(?:done|finished|complete)\b/i.test(rest)) changes.done = true
  // Whatever is left must be joining words, so a title is never taken for a field.
  const left = rest
    .replace(
      /\b(?:and|make|it|set|mark|as|the|to|due|date|deadline|on|by|for|with|a|an|importance|priority|level|,|\.)\b|[,.;:]/gi,
      '',
    )
    .trim()
  if (Object.keys(changes).length === 0 || left !== '') return undefined
  return update(m[1], changes)
}

const FINISHED =
  '(?:completed|finished|done|ticked(?:\\s+off)?|checked(?:\\s+off)?|old|crossed(?:\\s+off)?)'
const CLEAR_DONE = [
  /^(?:clear|delete|remove|get\s+rid\s+of|purge|clean\s+up|wipe|bin|trash)\s+(?:out\s+)?(?:everything|all|anything|all\s+the\s+stuff|the\s+stuff)\s+(?:that\s+)?(?:i(?:'ve|\s+have)?\s+)?(?:already\s+)?(?:done|finished|completed|ticked\s+off)(?:\s+already)?$/i,
  new RegExp(
    `^(?:clear|delete|remove|get\\s+rid\\s+of|purge|clean\\s+up|clean\\s+out|wipe|bin|trash|archive)\\s+(?:out\\s+)?(?:all\\s+)?(?:(?:of\\s+)?(?:the|my)\\s+)?${FINISHED}\\s*(?:tasks|to-?dos|items|ones|things|stuff)?$`,
    'i',
  ),
  new RegExp(
    `^(?:clear|delete|remove|get\\s+rid\\s+of|purge|clean\\s+up|wipe|bin|trash)\\s+(?:out\\s+)?(?:all\\s+)?(?:(?:of\\s+)?(?:the|my)\\s+)?(?:tasks|to-?dos|items|ones|things)\\s+(?:that\\s+|which\\s+)?(?:are\\s+|were\\s+)?(?:i(?:'ve|\\s+have)?\\s+)?(?:already\\s+)?${FINISHED}(?:\\s+already)?$`,
    'i',
  ),
]

/** "clear completed tasks", "delete all the tasks I already finished": every done task goes. */
export function parseClearDone(
  clause: string,
): { kind: 'delete_task'; target: string; finished: true } | undefined {
  return CLEAR_DONE.some((pattern) => pattern.test(clause))
    ? { kind: 'delete_task', target: '', finished: true }
    : undefined
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
