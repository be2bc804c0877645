import type { AgentRunContext } from './agentRunTypes.ts'
import { acceptTurn, appendUserMessage, type Step } from './runSteps.ts'

/** The tool a person's Undo proposes: the same card, guard and execution as any call. */
export const undoToolName = 'undo_change'

/**
 * A person asked to take back change `changeId` (an Undo button, `/undo`): their words go in the
 * conversation and an `undo_change` call is queued as if the model had proposed it, so it is
 * prepared, described and shown as a card like any other, and runs only on its `CONFIRM`.
 */
export function proposeUndo(context: AgentRunContext, changeId: string, callId: string): Step {
  // The person's words, as they read them back in the chat: the change's id is in the call.
  const call = { id: callId, name: undoToolName, arguments: JSON.stringify({ changeId }) }
  return proposeCall(context, 'Undo that', call)
}

/**
 * A person asked for call `call` from the app's own buttons (an Undo, a task's Delete): `words`
 * go in the conversation and the call is queued as if the model had proposed it, so it is
 * prepared, described and carded like any other, and runs only on its `CONFIRM`.
 */
export function proposeCall(
  context: AgentRunContext,
  words: string,
  call: { id: string; name: string; arguments: string },
): Step {
  const asked = appendUserMessage(context, words)
  const withAsk = { ...context, ...asked.changes } as AgentRunContext
  const queued = acceptTurn(withAsk, { toolCalls: [call] })
  return {
    changes: { ...asked.changes, ...queued.changes },
    events: [...(asked.events ?? []), ...(queued.events ?? [])],
  }
}
