import { dayText } from '../../vocabulary/humanTime.ts'
/** Questions about the task list: the most important task, and when a task is due. */

import { stripFiller } from './plannerClauses.ts'
import { dayAfter } from './plannerDates.ts'
import { memoryDate } from './plannerMemoryDates.ts'
import { taskReferents } from './plannerReferents.ts'
import {
  answered,
  call,
  type PlannerSkill,
  parserKnows,
  type SkillContext,
} from './plannerSkill.ts'
import { ordinalOf, readTaskAsk } from './plannerTaskAsk.ts'
import { findBestTask } from './plannerTaskMatch.ts'
import { latestTaskList, type PlannerTask } from './plannerTasks.ts'
import { fixTypos } from './plannerTypos.ts'

const TOP =
  /\b(?:most\s+important|top\s+priority|highest\s+priority|biggest\s+priority|most\s+urgent|what\s+should\s+i\s+(?:do|work\s+on|start(?:\s+with)?|focus\s+on)(?:\s+(?:first|next|now|today))?$)/i
const WHEN = [
  /^when\s+(?:is|are|'s)\s+(?:the\s+|my\s+)?(.+?)\s+due$/i,
  /^when(?:'s|\s+is)\s+(?:the\s+|my\s+)?(.+?)\s+due$/i,
  /^what(?:'s|\s+is)\s+the\s+(?:due\s+date|deadline)\s+(?:of|for|on)\s+(?:the\s+|my\s+)?(.+)$/i,
  /^is\s+(?:the\s+|my\s+)?(.+?)\s+due\s+(?:soon|yet|this\s+week|tomorrow|today)$/i,
  /^when\s+(?:do|must|should)\s+i\s+(?:(?:have|need|got)\s+to\s+)?(?:finish|hand\s+in|submit|do|turn\s+in|send\s+in|give|write|complete)\s+(?:the\s+|my\s+)?(.+)$/i,
  // "when is my exam": a thing asked about by its date, a task's or one remembered.
  /^when(?:'s|s|\s+is|\s+are|\s+was)\s+(?:the\s+|my\s+)?(?!it\b|that\b|this\b)(.+?)(?:\s+due)?$/i,
]
// "whats my next deadline", "what's due soonest", "which task is due first".
const NEXT =
  /^(?:what(?:'s|s|\s+is)|which\s+(?:task\s+|one\s+)?(?:is|'s)|when(?:'s|s|\s+is))\s+(?:my\s+|the\s+)?(?:(?:very\s+)?next\s+(?:deadline|due\s+date|thing\s+due|task\s+due|thing|task)|due\s+(?:soonest|next|first)|(?:soonest|nearest|closest|earliest|first)\s+(?:deadline|due\s+date|task|thing)|(?:the\s+)?(?:first|soonest)\s+due)(?:\s+(?:coming\s+up|then))?$/i

// "whats next", "what's next on my list": the next deadline.
const NEXT_ALONE = /^what(?:'s|s|\s+is)\s+next(?:\s+(?:up|on\s+my\s+(?:list|plate)))?$/i
// "and the one after that?": the deadline after the one an answer named last.
const AFTER =
  /^(?:and\s+)?(?:what\s+about\s+|what(?:'s|s|\s+is)\s+|which\s+is\s+)?the\s+(?:one|task|deadline|thing)\s+(?:due\s+)?after(?:\s+(?:that|it|this)(?:\s+one)?)?$/i
// "list my next two deadlines", "what are my 2 soonest deadlines": that many, in date order.
const NEXT_FEW =
  /\b(?:(?:next|soonest|nearest|closest|upcoming|first)\s+(two|three|four|five|[2-9])|(two|three|four|five|[2-9])\s+(?:next|soonest|nearest|closest|upcoming|earliest))\s+(?:deadlines|tasks|things(?:\s+due)?|due\s+dates)\b/i
const COUNTS: Readonly<Record<string, number>> = { two: 2, three: 3, four: 4, five: 5 }

// "how important is the essay", "how many days until the essay is due", "which tasks have no date".
const IMPORTANCE = /^how\s+(?:important|urgent)\s+is\s+(?:the\s+|my\s+)?(.+)$/i
const DAYS =
  /^how\s+(?:many\s+days|long)\s+(?:until|till|til|before|to)\s+(?:the\s+|my\s+)?(.+?)(?:\s+is)?(?:\s+due)?$/i
const UNDATED =
  /^(?:which|what)\s+(?:of\s+my\s+)?tasks\s+(?:(?:don'?t|do\s+not)\s+have|have\s+no|are\s+without)\s+(?:a\s+)?(?:due\s+)?dates?$/i

const EMBEDDED =
  /^(?:(?:please\s+)?tell\s+me|let\s+me\s+know|do\s+you\s+know|i\s+(?:want|need|would\s+like|'d\s+like)\s+to\s+know)\s+(when|what|which|how\s+\w+)\s+([^,]+?)\s+(is|are)$/i

/** A task question: which is most important, which is due next, or when one is due. */
export type TaskQuestion =
  | { kind: 'top'; least: boolean }
  | { kind: 'next'; after?: true; count?: number }
  | { kind: 'undated' }
  | { kind: 'when' | 'status' | 'importance' | 'days' | 'exists'; target: string }

// "did i finish X", "have i bought X yet": whether a task is done.
const STATUS =
  /^(?:have|did)\s+i\s+(?:ever\s+|already\s+)*(?:get\s+(?:a)?round\s+to\s+)?(?:finish(?:ed)?|do|done|complete(?:d)?|bought|buy|submit(?:ted)?|return(?:ed)?|print(?:ed)?|printing|returning|pa(?:y|id)|read|review(?:ed)?)\s+(?:the\s+|my\s+)?(.+?)(?:\s+(?:yet|already))?$/i

/** Reads a question about the task list, or undefined. */
export function parseTaskQuestion(text: string): TaskQuestion | undefined {
  // "when's the essay due again", "… then": a question's tail words ask nothing more.
  const clause = stripFiller(fixTypos(text))
    .replace(/[?.!]+$/, '')
    .replace(/\s+(?:again|then|now|exactly)$/i, '')
    // "whats my next deadline I think its the reading one": a guess after the question asks nothing.
    .replace(/,?\s+i\s+(?:think|guess|believe|reckon)\b[\s\S]*$/i, '')
    // "tell me when my next deadline is": a question said inside another, in its plain order.
    .replace(EMBEDDED, '$1 $3 $2')
  const least = /\bleast\s+(?:important|urgent)\b/i.test(clause)
  if ((least || TOP.test(clause)) && !/^(?:make|set|mark|change|move)\b/i.test(clause))
    return { kind: 'top', least }
  if (NEXT.test(clause) || NEXT_ALONE.test(clause)) return { kind: 'next' }
  if (AFTER.test(clause)) return { kind: 'next', after: true }
  const few = NEXT_FEW.exec(clause)
  const count = few?.[1] ?? few?.[2]
  if (count !== undefined && !/^(?:make|set|mark|change|move|delete|remove)\b/i.test(clause))
    return { kind: 'next', count: COUNTS[count.toLowerCase()] ?? Number(count) }
  if (UNDATED.test(clause)) return { kind: 'undated' }
  const importance = IMPORTANCE.exec(clause)?.[1]
  if (importance !== undefined) return { kind: 'importance', target: importance }
  const days = DAYS.exec(clause)?.[1]
  if (days !== undefined) return { kind: 'days', target: days }
  const status = STATUS.exec(clause)?.[1]
  if (status !== undefined) return { kind: 'status', target: status }
  for (const pattern of WHEN) {
    const target = pattern.exec(clause)?.[1]
    if (target !== undefined) return { kind: 'when', target: target.replace(/\s+task$/i, '') }
  }
  return undefined
}

/** The skill: look at the list, then answer the question from it. */
export const taskQuestionSkill: PlannerSkill = (context) => {
  // A question no phrasing above reads is read by its words' kinds, when nothing else reads it.
  const question =
    parseTaskQuestion(context.text) ??
    askedAgain(context) ??
    (parserKnows(context, []) ? undefined : readTaskAsk(context.text, context.today))
  if (question === undefined || !context.available.has('list_tasks')) return undefined
  if (!answered(context))
    return call(context, 'list_tasks', 'target' in question ? {} : { done: false })
  const tasks = latestAnyList(context) ?? []
  if (question.kind === 'top') return { text: topAnswer(tasks, question.least) }
  if (question.kind === 'next') return { text: nextAnswer(context, tasks, question) }
  if (question.kind === 'undated') {
    const titles = tasks.filter((t) => !t.done && t.due === undefined).map((t) => `“${t.title}”`)
    return {
      text: titles.length
        ? `No due date: ${titles.join(', ')}.`
        : 'Every open task has a due date.',
    }
  }
  // "when is it due" after an answer that named one task: that task.
  const task = pointedTask(context, question.target) ?? findBestTask(tasks, question.target)
  if (task === undefined) {
    const remembered =
      question.kind === 'when' || question.kind === 'days'
        ? memoryDate(context, question.kind, question.target)
        : undefined
    return remembered ?? { text: `No task matched “${question.target}”.` }
  }
  if (question.kind === 'importance')
    return {
      text: task.importance
        ? `“${task.title}” has importance ${task.importance} of 5.`
        : `“${task.title}” has no importance set.`,
    }
  if (question.kind === 'days' && task.due) {
    const days = Math.round(
      (Date.parse(task.due) - Date.parse(dayAfter(context.today, 0))) / 86_400_000,
    )
    return {
      text: `“${task.title}” is due in ${days} day${days === 1 ? '' : 's'}, ${day(task.due)}.`,
    }
  }
  if (question.kind === 'exists')
    return {
      text: `Yes: “${task.title}” is on your list${task.done ? ', done' : ''}${facts(task)}.`,
    }
  if (question.kind === 'status')
    return {
      text: task.done ? `Yes: “${task.title}” is done.` : `Not yet: “${task.title}” is still open.`,
    }
  return {
    text: task.due
      ? `“${task.title}” is due ${day(task.due)}.`
      : `“${task.title}” has no due date.`,
  }
}

// "okay and the library books one", "what about the essay?": the question before, of another task.
// (What reads a message first drops "okay and", so a thing named alone is asked about too.)
const AND_ANOTHER =
  /^(?:(?:ok(?:ay)?|right|cool|thanks|thank\s+you)[,.!]?\s+)?(?:(?:and|what\s+about|how\s+about)\s+(?:the\s+|my\s+)?|the\s+|my\s+)((?:[\w-]+\s+){0,4}?[\w-]+?)(?:\s+one)?\s*\??$/i

function askedAgain(context: SkillContext): TaskQuestion | undefined {
  const target = AND_ANOTHER.exec(context.text.trim())?.[1]
  if (target === undefined) return undefined
  const users = context.messages.filter((m) => m.role === 'user')
  const before = users.at(-2)?.content
  if (before === undefined) return undefined
  const asked = parseTaskQuestion(before) ?? readTaskAsk(before, context.today)
  return asked !== undefined && 'target' in asked ? { kind: asked.kind, target } : undefined
}

// "when is it due", "what's the second one's importance": the task an earlier answer named.
function pointedTask(context: SkillContext, target: string): PlannerTask | undefined {
  const referents = taskReferents(context.messages)
  if (/^(?:it|that|this)(?:\s+one)?$/i.test(target)) return referents.last
  const index = ordinalOf(target)
  if (index === undefined) return undefined
  return index === -1 ? referents.group.at(-1) : referents.group[index]
}

// A task's date and importance, for an answer that names it.
function facts(task: PlannerTask): string {
  const known = [
    task.due !== undefined ? `due ${day(task.due)}` : undefined,
    task.importance !== undefined ? `importance ${task.importance}` : undefined,
  ].filter((fact) => fact !== undefined)
  return known.length > 0 ? ` (${known.join(', ')})` : ''
}

function latestAnyList(context: SkillContext): PlannerTask[] | undefined {
  return latestTaskList(context.sinceUser) ?? filteredList(context)
}

// The list this skill asked for may carry a filter; latestTaskList skips those.
function filteredList(context: SkillContext): PlannerTask[] | undefined {
  const message = context.sinceUser.findLast((m) => m.role === 'tool' && m.name === 'list_tasks')
  if (message?.role !== 'tool') return undefined
  try {
    const parsed = JSON.parse(message.content) as { ok?: boolean; data?: { tasks?: PlannerTask[] } }
    return parsed.ok
      ? (parsed.data?.tasks ?? []).filter((t) => typeof t?.title === 'string')
      : undefined
  } catch {
    return undefined
  }
}

function topAnswer(tasks: readonly PlannerTask[], least: boolean): string {
  const all = tasks.filter((t) => !t.done)
  // The least important is among those given an importance, when any were.
  const rated = all.filter((t) => t.importance !== undefined)
  const open = least && rated.length > 0 ? rated : all
  const sign = least ? -1 : 1
  const [top] = [...open].sort(
    (a, b) =>
      sign * ((b.importance ?? 0) - (a.importance ?? 0)) ||
      (a.due ?? '9999').localeCompare(b.due ?? '9999'),
  )
  if (top === undefined) return 'You have no open tasks.'
  const facts = [
    top.importance !== undefined ? `importance ${top.importance}` : undefined,
    top.due !== undefined ? `due ${day(top.due)}` : undefined,
  ].filter((f) => f !== undefined)
  return `Your ${least ? 'least' : 'most'} important open task is “${top.title}”${facts.length > 0 ? ` (${facts.join(', ')})` : ''}.`
}

// The open task due soonest (or the one after the task named last, or the first few), named
// alone so "mark that one as done" can point at it.
function nextAnswer(
  context: SkillContext,
  tasks: readonly PlannerTask[],
  question: { after?: true; count?: number },
): string {
  const dated = tasks.filter((t) => !t.done && t.due !== undefined)
  const sorted = [...dated].sort((a, b) => (a.due ?? '').localeCompare(b.due ?? ''))
  if (question.count !== undefined && sorted.length > 1) {
    const lines = sorted
      .slice(0, question.count)
      .map((task, index) => `${index + 1}. “${task.title}”, due ${day(task.due ?? '')}`)
    return `Your next ${lines.length} deadlines:\n${lines.join('\n')}`
  }
  const last = question.after ? taskReferents(context.messages).last : undefined
  const from = last === undefined ? -1 : sorted.findIndex((task) => task.id === last.id)
  const next = sorted[from + 1]
  if (next?.due === undefined)
    return question.after
      ? 'Nothing else of yours is due after that.'
      : 'None of your open tasks has a due date.'
  return `${question.after ? 'After that, your' : 'Your'} next deadline is “${next.title}”, due ${day(next.due)}.`
}

/** `YYYY-MM-DD` as "Thu 3 Dec 2026": the app's one date format. */
export const day = dayText
