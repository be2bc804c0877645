/** "how many are overdue", "how many tasks have i got left": a number, from the list, not the list. */

import { stripFiller } from './plannerClauses.ts'
import { readToolResult } from './plannerResults.ts'
import { answered, call, type PlannerSkill } from './plannerSkill.ts'
import { filterWords } from './plannerSummary.ts'
import { extractPeriod, statusOf } from './plannerTaskQuery.ts'
import { readTaskList } from './plannerTasks.ts'

const HOW_MANY =
  /^how\s+many\s+(?!notes?\b|memories\b|pages?\b|hours?\b|days?\b|minutes?\b|weeks?\b|marks?\b|questions?\b|points?\b)(?:(?:open|overdue|late|done|finished|completed)\s+)?(?:tasks?|things|to-?dos?|assignments|deadlines|ones)?\b\s*(.*)$/i
const ABOUT_TASKS =
  /^(?:tasks?|things|to-?dos?|assignments|deadlines|ones)\b|\b(?:overdue|late|left|due|done|finished|completed|open|to\s+do|have\s+i\s+got|do\s+i\s+have|are\s+there)\b/i

/** The filter a count question asks about, or undefined when it is not one. */
export function parseTaskCount(text: string, today: Date): Record<string, unknown> | undefined {
  const clause = stripFiller(text).replace(/[?.!]+$/, '')
  const match = HOW_MANY.exec(clause)
  if (match === null) return undefined
  const asked = clause.slice('how many'.length).trim()
  if (!ABOUT_TASKS.test(asked)) return undefined
  const { filter } = extractPeriod(asked, today)
  const hasPeriod = Object.keys(filter).length > 0
  const done = statusOf(asked, hasPeriod) ?? false
  return { ...filter, done }
}

/** The skill: one list call with the filter, then the count in words. */
export const taskCountSkill: PlannerSkill = (context) => {
  if (!context.available.has('list_tasks')) return undefined
  const filter = parseTaskCount(context.text, context.today)
  if (filter === undefined) return undefined
  if (!answered(context)) return call(context, 'list_tasks', filter)
  const message = context.sinceUser.findLast((m) => m.role === 'tool' && m.name === 'list_tasks')
  const result = message?.role === 'tool' ? readToolResult(message.content) : undefined
  const tasks = result?.kind === 'ok' ? readTaskList(result.data) : undefined
  if (tasks === undefined) return { text: 'I could not read your task list.' }
  const words = filterWords(filter) ?? 'tasks'
  const [noun, ...rest] = words.split(' tasks')
  const one = `${noun} task${rest.join(' tasks')}`
  return { text: `You have ${tasks.length} ${tasks.length === 1 ? one : words}.` }
}
