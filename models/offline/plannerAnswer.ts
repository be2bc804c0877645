import type { ChatMessage, ToolCall } from '../../vocabulary/ChatMessage.ts'
import { parseArguments } from './plannerFields.ts'
import { type LookupIntent, lookupIntents } from './plannerFollowUps.ts'
import type { PlannerIntent } from './plannerIntents.ts'
import { latestMemoryList, memorySeen } from './plannerMemory.ts'
import { plannerNotes } from './plannerNotes.ts'
import { readToolResult } from './plannerResults.ts'
import { summarizeToolResult } from './plannerSummary.ts'
import { findBestTask } from './plannerTaskMatch.ts'
import { latestTaskList, type PlannerTask, tasksSeen } from './plannerTasks.ts'
import { quoted } from './plannerText.ts'

/** The planner's closing answer: each tool result since the user's message, in order, in plain words. */
export function answerResults(
  intents: readonly PlannerIntent[],
  available: ReadonlySet<string>,
  messages: readonly ChatMessage[],
  sinceUser: readonly ChatMessage[],
): string {
  const proposed = new Map<string, ToolCall>()
  for (const message of messages) {
    if (message.role !== 'assistant') continue
    for (const call of message.toolCalls ?? []) proposed.set(call.id, call)
  }
  const seen = { tasks: tasksSeen(messages), memory: memorySeen(messages) }
  const lookups = lookupIntents(intents, available)
  // A list fetched only to find what to change is plumbing, not something the user asked to see.
  const plumbing = {
    list_tasks:
      lookups.some((intent) => intent.kind !== 'forget_memory') &&
      !intents.some((intent) => intent.kind === 'list_tasks' && intent.filter === undefined),
    list_memory:
      lookups.some((intent) => intent.kind === 'forget_memory') &&
      !intents.some((intent) => intent.kind === 'list_memory'),
  }
  const lines: string[] = []
  for (const message of sinceUser) {
    if (message.role !== 'tool') continue
    const call = proposed.get(message.toolCallId)
    const name = message.name || call?.name || 'a tool'
    const args = parseArguments(call?.arguments)
    const result = readToolResult(message.content)
    const lookupList =
      (name === 'list_tasks' && Object.keys(args).length === 0) || name === 'list_memory'
    if (lookupList && result.kind === 'ok' && plumbing[name as keyof typeof plumbing]) continue
    lines.push(summarizeToolResult(name, args, result, seen))
  }
  const tasks = latestTaskList(sinceUser)
  const memory = latestMemoryList(sinceUser)?.map((e) => ({ id: e.id, title: e.text, done: false }))
  for (const intent of lookups) {
    const note = unmatched(intent, intent.kind === 'forget_memory' ? memory : tasks)
    if (note !== undefined) lines.push(note)
  }
  lines.push(...plannerNotes(intents, available))
  return lines.length > 0 ? lines.join('\n') : 'Done.'
}

/** What to say when a clause's target was not found (or its list could not be read). */
function unmatched(
  intent: LookupIntent,
  list: readonly PlannerTask[] | undefined,
): string | undefined {
  const target = quoted(intent.target)
  if (list !== undefined && findBestTask(list, intent.target) !== undefined) return undefined
  switch (intent.kind) {
    case 'delete_task':
      return list === undefined
        ? `I did not delete ${target}, because I could not see your task list.`
        : `No task matched ${target}, so I did not delete anything.`
    case 'update_task':
      return list === undefined
        ? `I did not change ${target}, because I could not see your task list.`
        : `No task matched ${target}, so I did not change anything.`
    case 'forget_memory':
      return list === undefined
        ? `I did not forget ${target}, because I could not see what I remember.`
        : `Nothing I remember matched ${target}, so I did not forget anything.`
  }
}
