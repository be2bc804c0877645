import type { ModelTurn, ToolCall } from '../../vocabulary/ChatMessage.ts'
import { tooMany } from './plannerBounds.ts'
import { plannerHelp } from './plannerHelp.ts'
import { intentTools, type PlannerIntent } from './plannerIntents.ts'
import { plannerNotes } from './plannerNotes.ts'
import { suggestFor } from './plannerSuggest.ts'

/** The first turn after a user message: one tool call per understood clause, or text when none. */
export function proposeCalls(
  intents: readonly PlannerIntent[],
  available: ReadonlySet<string>,
  nextId: () => string,
): ModelTurn {
  const calls: ToolCall[] = []
  // One call per distinct request: a list asked for twice, or needed to find two tasks, runs once.
  const propose = (name: string, args: object) => {
    const text = JSON.stringify(args)
    if (calls.some((call) => call.name === name && call.arguments === text)) return
    calls.push({ id: nextId(), name, arguments: text })
  }
  for (const said of intents) {
    const intent = withOfferedTools(said, available)
    if (!offered(intent, available)) continue
    switch (intent.kind) {
      case 'create_task': {
        const { kind: _kind, ...fields } = intent
        propose('create_task', fields)
        break
      }
      case 'list_tasks':
        propose('list_tasks', intent.filter ?? {})
        break
      case 'delete_task':
      case 'update_task':
        // The task's id is only in the list: the call itself follows once the list is back.
        propose('list_tasks', {})
        // Named without its kind: the notes are looked in too, and the kind that matches wins.
        if (intent.orNote !== undefined && available.has('list_artifacts'))
          propose('list_artifacts', {})
        break
      case 'list_memory':
      case 'forget_memory':
        propose('list_memory', {})
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
      case 'delete_note':
        propose('delete_note', { name: intent.name })
        break
      case 'update_note': {
        const { kind: _kind, ...change } = intent
        propose('update_note', change)
        break
      }
      case 'list_artifacts':
        propose('list_artifacts', {})
        break
      case 'read_artifact':
        propose('read_artifact', { name: intent.name })
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

// A host that offers save_artifact but not update_note still gets a note's text replaced: the
// overwrite card shows the same line diff.
function withOfferedTools(intent: PlannerIntent, available: ReadonlySet<string>): PlannerIntent {
  if (intent.kind !== 'update_note' || available.has('update_note')) return intent
  if (intent.content === undefined || intent.title !== undefined) return intent
  const title = intent.name.charAt(0).toUpperCase() + intent.name.slice(1)
  return { kind: 'save_artifact', title, content: intent.content }
}

/** Whether every tool an intent needs is offered. */
export function offered(intent: PlannerIntent, available: ReadonlySet<string>): boolean {
  return intentTools(intent).every((tool) => available.has(tool))
}

function noCallsText(intents: readonly PlannerIntent[], available: ReadonlySet<string>): string {
  const chatter = new Set(['greeting', 'thanks', 'help', 'unknown'])
  const many = intents.find((intent) => intent.kind === 'too_many')
  if (many?.kind === 'too_many') return tooMany(many.count)
  const ask = intents.find((intent) => intent.kind === 'ask')
  if (ask?.kind === 'ask') return ask.question
  if (intents.every((intent) => chatter.has(intent.kind))) {
    if (intents.length > 0 && intents.every((intent) => intent.kind === 'thanks')) {
      return "You're welcome! Anything else I can do?"
    }
    const help = plannerHelp(available)
    if (intents.some((intent) => intent.kind === 'greeting')) return `Hi! ${help}`
    if (intents.some((intent) => intent.kind === 'help') || intents.length === 0) return help
    // A request it cannot read gets a short answer with the nearest thing it can do, not the manual.
    const unknown = intents.find((intent) => intent.kind === 'unknown')
    return suggestFor(unknown?.kind === 'unknown' ? unknown.clause : '', available)
  }
  return plannerNotes(intents, available).join('\n')
}
