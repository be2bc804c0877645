import { ModelError } from '../models/ModelError.ts'
import { stringifyBounded } from '../models/stringifyBounded.ts'
import { maxArgumentDepth } from '../tools/parseArguments.ts'
import { defaultMaxToolCallsPerTurn } from '../tools/ToolRegistry.ts'
import type { ModelTurn, ToolCall } from '../vocabulary/ChatMessage.ts'
import { countOf } from '../vocabulary/countOf.ts'

/** The most tool calls one model turn may propose by default (a registry's `limits` may set another). */
export const maxToolCallsPerTurn = defaultMaxToolCallsPerTurn

/** Caps `normalizeTurn` applies: calls per turn, and how deep object arguments are turned into text. */
export interface TurnLimits {
  maxCallsPerTurn?: number
  maxArgumentDepth?: number
}

/**
 * Turns whatever a model client returned into a well-formed turn. Odd tool calls are kept so the
 * model hears why they failed; output that is not a turn at all fails the model call.
 */
export function normalizeTurn(
  raw: unknown,
  nextId: () => string,
  limits: TurnLimits = {},
): ModelTurn {
  const maxCalls = limits.maxCallsPerTurn ?? maxToolCallsPerTurn
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ModelError(
      'model_malformed_output',
      'the model returned something that is not a turn',
    )
  }
  const { text, toolCalls, reasoning } = raw as {
    text?: unknown
    toolCalls?: unknown
    reasoning?: unknown
  }
  if (text !== undefined && text !== null && typeof text !== 'string') {
    throw new ModelError('model_malformed_output', 'the model returned non-text content')
  }
  if (reasoning !== undefined && reasoning !== null && typeof reasoning !== 'string') {
    throw new ModelError('model_malformed_output', 'the model returned reasoning that is not text')
  }
  if (toolCalls !== undefined && toolCalls !== null && !Array.isArray(toolCalls)) {
    throw new ModelError(
      'model_malformed_output',
      'the model returned tool calls that are not a list',
    )
  }
  const calls = (toolCalls ?? []) as unknown[]
  if (calls.length > maxCalls) {
    throw new ModelError(
      'model_malformed_output',
      `the model proposed ${countOf(calls.length, 'tool call')} in one turn; the limit is ${maxCalls}`,
    )
  }
  const turn: ModelTurn = {}
  if (typeof text === 'string') turn.text = withoutNul(text)
  if (typeof reasoning === 'string' && reasoning !== '') turn.reasoning = withoutNul(reasoning)
  if (calls.length > 0)
    turn.toolCalls = calls.map((call) =>
      normalizeCall(call, nextId, limits.maxArgumentDepth ?? maxArgumentDepth),
    )
  return turn
}

function normalizeCall(raw: unknown, nextId: () => string, maxDepth: number): ToolCall {
  const call = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const id =
    typeof call.id === 'string' && call.id !== '' ? withoutNul(call.id) : `call_${nextId()}`
  const name = withoutNul(typeof call.name === 'string' ? call.name : String(call.name))
  const args = call.arguments
  return {
    id,
    name,
    // A raw NUL in the text becomes its JSON escape: the text can be kept (and logged), and
    // preparing the call refuses the NUL it still stands for (see `parseArguments`).
    arguments:
      typeof args === 'string'
        ? args.replaceAll('\u0000', '\\u0000')
        : args === undefined
          ? '{}'
          : argumentText(args, maxDepth),
  }
}

// PostgreSQL keeps no NUL in text or jsonb, so one in what the model said would stop every save
// of the run; it is kept as U+FFFD, the replacement character, which no store refuses.
function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD')
}

// Object arguments become text without recursing past the depth limit (a 5,000-deep object would
// overflow `JSON.stringify`); what is cut off stays too deep, so preparing the call refuses it.
function argumentText(args: unknown, maxDepth: number): string {
  try {
    return stringifyBounded(args, maxDepth) ?? '{}'
  } catch (error) {
    // e.g. a cycle: text that is not JSON, which preparing reports as `invalid_arguments`.
    return `(arguments could not be read as JSON: ${(error as Error).message})`
  }
}
