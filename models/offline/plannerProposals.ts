import type { ChatMessage, ModelTurn, ToolCall } from '../../vocabulary/ChatMessage.ts'
import { plannerHelp } from './plannerHelp.ts'
import { intentTools, type PlannerIntent } from './plannerIntents.ts'
import { plannerNotes } from './plannerNotes.ts'
import { findBestTask } from './plannerTaskMatch.ts'
import { latestTaskList } from './plannerTasks.ts'

/** The first turn after a user message: one tool call per understood clause, or text when none. */
export function proposeCalls(
  intents: readonly PlannerIntent[],
  available: ReadonlySet<string>,
  nextId: () => string,
): ModelTurn {
  const calls: ToolCall[] = []
  const propose = (name: string, args: object) =>
    calls.push({ id: nextId(), name, arguments: JSON.stringify(args) })
  for (const intent of intents) {
    if (!intentTools(intent).every((tool) => available.has(tool))) continue
    switch (intent.kind) {
      case 'create_task': {
        const { kind: _kind, ...fields } = intent
        propose('create_task', fields)
        break
      }
      case 'list_tasks':
      case 'delete_task':
        // A delete needs the task's id, which only the list can tell; one list serves every clause.
        if (!calls.some((call) => call.name === 'list_tasks')) propose('list_tasks', {})
        break
      case 'search_workspace':
        propose('search_workspace', { query: intent.query })
        break
      case 'read_source':
        propose('read_source', { path: intent.path })
        break
      case 'write_memory':
        propose('write_memory', { text: intent.text })
        break
      case 'save_artifact':
        propose('save_artifact', { title: intent.title, content: intent.content })
        break
      case 'run_code':
        propose('run_code', { code: intent.code, ...(intent.inputs && { inputs: intent.inputs }) })
        break
      default:
        break
    }
  }
  return calls.length > 0 ? { toolCalls: calls } : { text: noCallsText(intents, available) }
}

/** The second step of a delete: once the task list is back, `delete_task` for each matching task. */
export function proposeDeletes(
  intents: readonly PlannerIntent[],
  available: ReadonlySet<string>,
  sinceUser: readonly ChatMessage[],
  nextId: () => string,
): ModelTurn | undefined {
  const targets = deleteTargets(intents, available)
  const alreadyProposed = sinceUser.some(
    (message) =>
      message.role === 'assistant' &&
      message.toolCalls?.some((call) => call.name === 'delete_task'),
  )
  if (targets.length === 0 || alreadyProposed) return undefined
  const tasks = latestTaskList(sinceUser)
  if (tasks === undefined) return undefined
  const chosen = new Map<string, string>()
  for (const target of targets) {
    const task = findBestTask(tasks, target)
    if (task) chosen.set(task.id, task.title)
  }
  if (chosen.size === 0) return undefined
  // The title lets the card say what goes; the tool refuses if it does not match the id.
  const calls = [...chosen].map(([id, title]) => ({
    id: nextId(),
    name: 'delete_task',
    arguments: JSON.stringify({ id, title }),
  }))
  return { toolCalls: calls }
}

/** The words of each delete clause the planner can act on with the tools offered. */
export function deleteTargets(
  intents: readonly PlannerIntent[],
  available: ReadonlySet<string>,
): string[] {
  return intents.flatMap((intent) =>
    intent.kind === 'delete_task' && intentTools(intent).every((tool) => available.has(tool))
      ? [intent.target]
      : [],
  )
}

function noCallsText(intents: readonly PlannerIntent[], available: ReadonlySet<string>): string {
  const chatter = new Set(['greeting', 'thanks', 'unknown'])
  if (intents.every((intent) => chatter.has(intent.kind))) {
    if (intents.length > 0 && intents.every((intent) => intent.kind === 'thanks')) {
      return "You're welcome! Anything else I can do?"
    }
    const help = plannerHelp(available)
    return intents.some((intent) => intent.kind === 'greeting') ? `Hi! ${help}` : help
  }
  return plannerNotes(intents, available).join('\n')
}
