import type { AgentRunEvent } from '../machines/agentRunTypes.ts'
import { interruptedResult } from '../machines/runResults.ts'
import type { ToolResult } from '../vocabulary/ToolResult.ts'
import type { RecoveringRun } from './recoveryFor.ts'

/** Why a restored call whose tool is gone did not run. */
export const goneSince =
  'is not offered since the app restarted (its MCP server may be down); nothing ran.'
/** Why a restored call whose tool changed did not run. */
export const changedSince =
  'changed since the app restarted (its schema); nothing ran. Propose it again if it is still wanted.'

/**
 * The recovery of a waiting card whose tool is gone: an outcome the journal knows still stands; a
 * call that may have started is `interrupted` (it cannot run again); else the card closes with
 * `lost`, and nothing runs.
 */
export function closeLostCall(
  persisted: RecoveringRun,
  known: AgentRunEvent | undefined,
  lost: ToolResult,
): AgentRunEvent | undefined {
  const { pending, current } = persisted.context
  // Saved while executing: a known outcome stands, else the call cannot run: say why.
  if (persisted.value === 'executing' && current !== undefined) {
    return known ?? { type: 'TOOL_DONE', callId: current.call.id, result: lost }
  }
  if (persisted.value !== 'awaitingConfirmation' || pending === undefined) return known
  if (known?.type === 'RECOVER') return known
  const { confirmationId } = pending
  if (known !== undefined) return { type: 'RECOVER', confirmationId, result: interruptedResult }
  const reason = lost.ok ? 'its tool is gone' : lost.error.message
  return {
    type: 'RECOVER',
    confirmationId,
    result: lost,
    closedBecause: `closed after a restart: ${reason}`,
  }
}
