import type { ChatMessage, ToolCall } from '../../vocabulary/ChatMessage.ts'
import { parseArguments } from './plannerFields.ts'
import type { PlannerIntent } from './plannerIntents.ts'
import { plannerNotes } from './plannerNotes.ts'
import { deleteTargets } from './plannerProposals.ts'
import { readToolResult } from './plannerResults.ts'
import { summarizeToolResult } from './plannerSummary.ts'
import { findBestTask } from './plannerTaskMatch.ts'
import { latestTaskList, tasksSeen } from './plannerTasks.ts'
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
  const tasks = tasksSeen(messages)
  const targets = deleteTargets(intents, available)
  // A list fetched only to find a task to delete is plumbing, not something the user asked to see.
  const listIsPlumbing =
    targets.length > 0 && !intents.some((intent) => intent.kind === 'list_tasks')
  const lines: string[] = []
  for (const message of sinceUser) {
    if (message.role !== 'tool') continue
    const call = proposed.get(message.toolCallId)
    const name = message.name || call?.name || 'a tool'
    const result = readToolResult(message.content)
    if (name === 'list_tasks' && result.kind === 'ok' && listIsPlumbing) continue
    lines.push(summarizeToolResult(name, parseArguments(call?.arguments), result, tasks))
  }
  const list = latestTaskList(sinceUser)
  for (const target of targets) {
    if (list === undefined) {
      lines.push(`I did not delete ${quoted(target)}, because I could not see your task list.`)
    } else if (findBestTask(list, target) === undefined) {
      lines.push(`No task matched ${quoted(target)}, so I did not delete anything.`)
    }
  }
  lines.push(...plannerNotes(intents, available))
  return lines.length > 0 ? lines.join('\n') : 'Done.'
}
