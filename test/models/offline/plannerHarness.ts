/** Shared fixtures for the OfflinePlanner tests: a fixed clock, all tools, and a way to play results back. */

import type { ModelRequest, ModelToolDefinition } from '../../../models/messages.ts'
import { OfflinePlanner } from '../../../models/offline/OfflinePlanner.ts'
import type { ChatMessage, ModelTurn } from '../../../vocabulary/ChatMessage.ts'

// Local time, so the expected dates hold in every time zone.
/** Monday 30 November 2026, 09:00. */
export const clock = () => new Date(2026, 10, 30, 9, 0, 0)
/** The planner under test, on the fixed clock. */
export const planner = new OfflinePlanner({ clock })

/** Every StudyPulse tool name. */
export const TOOL_NAMES = [
  'create_task',
  'list_tasks',
  'search_workspace',
  'read_source',
  'write_memory',
  'save_artifact',
  'delete_task',
  'run_code',
]
/** Every StudyPulse tool, as offered to a model. */
export const ALL_TOOLS = tools(TOOL_NAMES)

/** Tool definitions with these names. */
export function tools(names: string[]): ModelToolDefinition[] {
  return names.map((name) => ({ name, description: name, parameters: {}, permission: 'read' }))
}

/** A request with a fresh signal. */
export function request(messages: ChatMessage[], offered = ALL_TOOLS): ModelRequest {
  return { messages, tools: offered, signal: new AbortController().signal }
}

/** The planner's first turn for one user message. */
export function ask(text: string, offered = ALL_TOOLS): Promise<ModelTurn> {
  return planner.complete(
    request(
      [
        { role: 'system', content: 'You are StudyPulse.' },
        { role: 'user', content: text },
      ],
      offered,
    ),
  )
}

/** The proposed calls as `[name, parsed arguments]` pairs. */
export function calls(turn: ModelTurn): [string, unknown][] {
  return (turn.toolCalls ?? []).map((call) => [call.name, JSON.parse(call.arguments)])
}

/** A successful tool message content. */
export const ok = (data: unknown) => JSON.stringify({ ok: true, data })
/** A failed tool message content. */
export const failed = (code: string, message: string) =>
  JSON.stringify({ ok: false, error: { code, message } })

/** The conversation after the planner's turn ran: its assistant message plus one tool message per call. */
export function withResults(
  messages: ChatMessage[],
  turn: ModelTurn,
  contents: string[],
): ChatMessage[] {
  const toolCalls = turn.toolCalls ?? []
  return [
    ...messages,
    { role: 'assistant', content: turn.text ?? '', toolCalls },
    ...toolCalls.map(
      (call, i): ChatMessage => ({
        role: 'tool',
        toolCallId: call.id,
        name: call.name,
        content: contents[i] ?? '',
      }),
    ),
  ]
}

/** Asks, runs the first turn against the given results, and returns the planner's next turn. */
export async function afterResults(text: string, contents: string[]): Promise<ModelTurn> {
  const messages: ChatMessage[] = [{ role: 'user', content: text }]
  const first = await planner.complete(request(messages))
  return planner.complete(request(withResults(messages, first, contents)))
}

/** A stored task. */
export const task = (id: string, title: string, extra: object = {}) => ({
  id,
  title,
  done: false,
  createdAt: '2026-11-30T09:00:00.000Z',
  updatedAt: '2026-11-30T09:00:00.000Z',
  ...extra,
})
/** Two open tasks and a done one. */
export const TASKS = [
  task('t1', 'Read chapter 1', { due: '2026-12-01' }),
  task('t2', 'Review chapter 3', { due: '2026-12-04', importance: 4 }),
  task('t3', 'Email the tutor', { done: true }),
]
