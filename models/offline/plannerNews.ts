/**
 * News about a task, said as a statement with nothing asked ("krebs flashcards sorted", "that
 * calculator thing isn't happening any more", "turns out chapter 5 isn't due till the 9th"): the
 * task is the one whose title shares the most words with the news, and what happened is read from
 * the kind of words said (called off, not done yet, moved by a day or a week, a new day, not
 * important, done). Only when nothing else reads the message; a news item that names no task, or
 * two equally, gets the usual question back.
 */

import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { findDate, shiftDay } from './plannerChrono.ts'
import { dayAfter } from './plannerDates.ts'
import { answered, call, type PlannerSkill, parserKnows, resultsInWords } from './plannerSkill.ts'
import { suggestFor } from './plannerSuggest.ts'
import { latestTaskList, type PlannerTask } from './plannerTasks.ts'

/** What a piece of news does to the task it is about. */
type NewsChange =
  | { kind: 'delete' }
  | { kind: 'update'; changes: Record<string, unknown>; shiftDays?: number }

const CANCELLED =
  /\b(?:not\s+happening|not\s+needed|isn'?t\s+needed|no\s+need|(?:don'?t|do\s+not|no\s+longer)\s+need|dropped|cancel(?:l?ed)?|gone|taken\s+off|scrap(?:ped)?|not\s+required|called\s+off|off\s+the\s+syllabus)\b/i
const NOT_YET =
  /\b(?:not|haven'?t|havent|didn'?t|didnt|never)\s+(?:actually\s+|really\s+|yet\s+)?(?:done|finished|printed|bought|sent|read|returned|submitted|paid|got)\b/i
const SHIFT =
  /\b(?:back|forward|later|earlier)\s+(?:by\s+)?(a|an|one|two|three|\d)\s+(day|week)s?\b/i
const UNIMPORTANT =
  /\b(?:doesn'?t|does\s+not|don'?t)\s+(?:really\s+)?matter|not\s+(?:that\s+|very\s+|so\s+|really\s+)?(?:important|urgent)|less\s+important\b/i
const DONE =
  /\b(?:sorted|done|finish(?:ed)?|complete(?:d)?|bought|buy|got|sent|send|submitted|handed\s+in|printed|returned|paid)\b/i
const NOT_NEWS =
  /\?|^(?:what|when|where|which|who|why|how|is|are|do|does|did|can|could|would|will|should|please)\b|\b(?:notes?|memory|memories|remember|forget|exam)\b/i
const COUNTS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3 }
const SMALL = new Set(
  'the a an to of for my and on in at by it is are was be that this thing one task so now just really got i'.split(
    ' ',
  ),
)

/** What the news says happened, before knowing which task it is about. */
export function readNews(text: string, today: Date): NewsChange | undefined {
  if (NOT_NEWS.test(text)) return undefined
  if (CANCELLED.test(text)) return { kind: 'delete' }
  if (NOT_YET.test(text)) return { kind: 'update', changes: { done: false } }
  const shift = SHIFT.exec(text)
  if (shift) {
    const count = COUNTS[(shift[1] ?? '').toLowerCase()] ?? Number(shift[1])
    const days = count * ((shift[2] ?? '').toLowerCase() === 'week' ? 7 : 1)
    const sign = /forward|earlier/i.test(shift[0]) ? -1 : 1
    return { kind: 'update', changes: {}, shiftDays: sign * days }
  }
  const due = lastDate(text, today)
  if (due !== undefined && due > dayAfter(today, 0)) return { kind: 'update', changes: { due } }
  if (UNIMPORTANT.test(text)) return { kind: 'update', changes: { importance: 2 } }
  if (DONE.test(text)) return { kind: 'update', changes: { done: true } }
  return undefined
}

// "normally the essay is for the 8 but the prof moved it to the 15": the day said last is the news.
function lastDate(text: string, today: Date): string | undefined {
  let rest = text
  let due: string | undefined
  for (let i = 0; i < 3; i += 1) {
    const found = findDate(rest, today)
    if (found === undefined) break
    due = found.due
    rest = rest.slice(found.end)
  }
  return due
}

const stem = (word: string) => word.replace(/(?:ing|ed|s)$/, '')
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !SMALL.has(w))
    .map(stem)

/** The one task whose title shares the most words with the news; undefined on none or a tie. */
export function newsTask(tasks: readonly PlannerTask[], text: string): PlannerTask | undefined {
  const said = new Set(words(text))
  const scored = tasks
    .map((task) => ({ task, shared: words(task.title).filter((w) => said.has(w)).length }))
    .sort((a, b) => b.shared - a.shared)
  const [first, second] = scored
  if (first === undefined || first.shared === 0 || second?.shared === first.shared) return undefined
  return first.task
}

function saysMore(text: string, title: string): boolean {
  const titled = new Set(words(title))
  return words(text).some((word) => !titled.has(word))
}

/** The skill: list the tasks, then the change the news means on the task it is about. */
export const newsSkill: PlannerSkill = (context) => {
  if (!context.available.has('list_tasks') || context.text.length > 200) return undefined
  const change = readNews(context.text, context.today)
  if (change === undefined || parserKnows(context, [])) return undefined
  const results = context.sinceUser.filter((m) => m.role === 'tool')
  if (results.length > 1 || (answered(context) && results[0]?.name !== 'list_tasks'))
    return { text: resultsInWords(context) }
  if (!answered(context)) return call(context, 'list_tasks', {})
  const task = newsTask(latestTaskList(context.sinceUser) ?? [], context.text)
  // Something must be said beside the task's name: "buy a calculator" names a task, no news.
  if (task === undefined || !saysMore(context.text, task.title))
    return { text: suggestFor(context.text, context.available) }
  return proposal(context, task, change)
}

function proposal(
  context: Parameters<PlannerSkill>[0],
  task: PlannerTask,
  change: NewsChange,
): ModelTurn {
  if (change.kind === 'delete')
    return call(context, 'delete_task', { id: task.id, title: task.title })
  const changes = { ...change.changes }
  if (change.shiftDays !== undefined)
    changes.due = shiftDay(task.due ?? dayAfter(context.today, 0), change.shiftDays)
  return call(context, 'update_task', { id: task.id, ...changes })
}
