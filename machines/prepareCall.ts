import { ToolError } from '../tools/ToolError.ts'
import type { ToolCall } from '../vocabulary/ChatMessage.ts'
import { toolFailure } from '../vocabulary/ToolResult.ts'
import type { CurrentCall, PreparingRegistry } from './agentRunTypes.ts'

/** Prepares one proposed call; a call that cannot be prepared carries its failure as the result. */
export function prepareCall(
  tools: PreparingRegistry,
  call: ToolCall,
  seenIds: Pick<ReadonlySet<string>, 'has'>,
): CurrentCall {
  if (seenIds.has(call.id)) {
    return {
      call,
      result: toolFailure('duplicate_call_id', `call id "${call.id}" was already used in this run`),
    }
  }
  try {
    return { call, prepared: tools.prepare(call.id, call.name, call.arguments) }
  } catch (error) {
    if (error instanceof ToolError) return { call, result: toolFailure(error.code, error.detail) }
    // A tool's own check or preview threw: the call is still unusable, never a crashed run.
    const message = error instanceof Error ? error.message : String(error)
    return { call, result: toolFailure('invalid_arguments', message) }
  }
}
