/** What "it", "that" and "the second one" mean: the tasks the conversation last created, showed or changed. */

import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { asRecord } from './plannerFields.ts'
import { readToolResult } from './plannerResults.ts'
import { inShownOrder, type PlannerTask, readTask, readTaskList } from './plannerTasks.ts'

/** The tasks a reference may mean, as they are now (later changes applied, deleted ones gone). */
export interface TaskReferents {
  /** The task last created, changed, or named alone in an answer. */
  last?: PlannerTask
  /** The tasks last made together or shown together, in order ("the second one"). */
  group: PlannerTask[]
}

/** Reads the whole conversation, in order, for the tasks a follow-up may point at. */
export function taskReferents(messages: readonly ChatMessage[]): TaskReferents {
  const current = new Map<string, PlannerTask>()
  const gone = new Set<string>()
  let last: string | undefined
  let group: string[] = []
  let turnGroup: string[] = []
  let shown: PlannerTask[] = []
  const keep = (task: PlannerTask) => {
    current.set(task.id, task)
    return task.id
  }
  for (const message of messages) {
    if (message.role === 'user') {
      turnGroup = []
      shown = []
      continue
    }
    if (message.role === 'assistant') {
      // An answer that names one task of a list just shown points at it ("mark it as done").
      const named = shown.filter((task) => mentions(message.content, task.title))
      if (named.length === 1 && named[0]) last = named[0].id
      continue
    }
    if (message.role !== 'tool') continue
    const result = readToolResult(message.content)
    if (result.kind !== 'ok') continue
    const data = asRecord(result.data)
    if (message.name === 'create_task' || message.name === 'update_task') {
      const task = readTask(message.name === 'create_task' ? result.data : data?.task)
      if (task === undefined) continue
      last = keep(task)
      if (!turnGroup.includes(task.id)) turnGroup.push(task.id)
      group = [...turnGroup]
    } else if (message.name === 'list_tasks') {
      shown = inShownOrder(readTaskList(result.data) ?? [])
      for (const task of shown) keep(task)
      group = shown.map((task) => task.id)
    } else if (message.name === 'delete_task') {
      const deleted = readTask(data?.deleted)
      if (deleted) gone.add(deleted.id)
    }
  }
  const live = (id: string | undefined) =>
    id === undefined || gone.has(id) ? undefined : current.get(id)
  const lastTask = live(last)
  return {
    ...(lastTask !== undefined && { last: lastTask }),
    group: group.flatMap((id) => live(id) ?? []),
  }
}

function mentions(text: string, title: string): boolean {
  return title.length > 2 && text.toLowerCase().includes(title.toLowerCase())
}
