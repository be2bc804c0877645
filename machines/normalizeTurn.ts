import { ModelError } from '../models/ModelError.ts'
import type { ModelTurn, ToolCall } from '../models/messages.ts'

/** The most tool calls one model turn may propose. */
export const maxToolCallsPerTurn = 32

/**
 * Turns whatever a model client returned into a well-formed turn. Odd tool calls are kept so the
 * model hears why they failed; output that is not a turn at all fails the model call.
 */
export function normalizeTurn(raw: unknown, nextId: () => string): ModelTurn {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ModelError(
      'model_malformed_output',
      'the model returned something that is not a turn',
    )
  }
  const { text, toolCalls } = raw as { text?: unknown; toolCalls?: unknown }
  if (text !== undefined && text !== null && typeof text !== 'string') {
    throw new ModelError('model_malformed_output', 'the model returned non-text content')
  }
  if (toolCalls !== undefined && toolCalls !== null && !Array.isArray(toolCalls)) {
    throw new ModelError(
      'model_malformed_output',
      'the model returned tool calls that are not a list',
    )
  }
  const calls = (toolCalls ?? []) as unknown[]
  if (calls.length > maxToolCallsPerTurn) {
    throw new ModelError(
      'model_malformed_output',
      `the model proposed ${calls.length} tool calls in one turn; the limit is ${maxToolCallsPerTurn}`,
    )
  }
  const turn: ModelTurn = {}
  if (typeof text === 'string') turn.text = text
  if (calls.length > 0) turn.toolCalls = calls.map((call) => normalizeCall(call, nextId))
  return turn
}

function normalizeCall(raw: unknown, nextId: () => string): ToolCall {
  const call = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${nextId()}`
  const name = typeof call.name === 'string' ? call.name : String(call.name)
  const args = call.arguments
  return {
    id,
    name,
    arguments:
      typeof args === 'string' ? args : args === undefined ? '{}' : (JSON.stringify(args) ?? '{}'),
  }
}
