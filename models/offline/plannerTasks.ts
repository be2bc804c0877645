import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { asRecord, numberField, parseArguments, textField } from './plannerFields.ts'
import { readToolResult } from './plannerResults.ts'

/** A task as the planner reads it from a tool result. */
export interface PlannerTask {
  id: string
  title: string
  due?: string
  importance?: number
  done: boolean
}

/** A task from untyped data; undefined without an id and a title. */
export function readTask(value: unknown): PlannerTask | undefined {
  const record = asRecord(value)
  const id = textField(record, 'id')
  const title = textField(record, 'title')
  if (id === undefined || title === undefined) return undefined
  const task: PlannerTask = { id, title, done: record?.done === true }
  const due = textField(record, 'due')
  const importance = numberField(record, 'importance')
  if (due !== undefined) task.due = due
  if (importance !== undefined) task.importance = importance
  return task
}

/** The tasks of a `list_tasks` result (`{ tasks }`, or a bare array); undefined when it has none. */
export function readTaskList(data: unknown): PlannerTask[] | undefined {
  const list = Array.isArray(data) ? data : asRecord(data)?.tasks
  if (!Array.isArray(list)) return undefined
  return list.map((item) => readTask(item)).filter((task) => task !== undefined)
}

/**
 * A list as it is shown, and as "the second one" counts it: open before done, each in date order
 * (the undated after the dated), otherwise as the list had them.
 */
export function inShownOrder(tasks: readonly PlannerTask[]): PlannerTask[] {
  const rank = (task: PlannerTask) => `${task.done ? 1 : 0}${task.due ?? '9999-99-99'}`
  return tasks
    .map((task, index) => ({ task, index, key: rank(task) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index))
    .map(({ task }) => task)
}

/**
 * The tasks of the last successful unfiltered `list_tasks` result among these messages: the
 * list a task is looked up in (a filtered one may leave the task out).
 */
export function latestTaskList(messages: readonly ChatMessage[]): PlannerTask[] | undefined {
  const filtered = new Set<string>()
  for (const message of messages) {
    if (message.role !== 'assistant') continue
    for (const call of message.toolCalls ?? []) {
      if (call.name === 'list_tasks' && Object.keys(parseArguments(call.arguments)).length > 0) {
        filtered.add(call.id)
      }
    }
  }
  let latest: PlannerTask[] | undefined
  for (const message of messages) {
    if (message.role !== 'tool' || message.name !== 'list_tasks') continue
    if (filtered.has(message.toolCallId)) continue
    const result = readToolResult(message.content)
    if (result.kind === 'ok') latest = readTaskList(result.data) ?? latest
  }
  return latest
}

/** Every task any `list_tasks` or `create_task` result showed, so a denied delete can be named. */
export function tasksSeen(messages: readonly ChatMessage[]): PlannerTask[] {
  const seen: PlannerTask[] = []
  for (const message of messages) {
    if (message.role !== 'tool') continue
    const result = readToolResult(message.content)
    if (result.kind !== 'ok') continue
    if (message.name === 'list_tasks') seen.push(...(readTaskList(result.data) ?? []))
    const created = message.name === 'create_task' ? readTask(result.data) : undefined
    if (created) seen.push(created)
  }
  return seen
}
