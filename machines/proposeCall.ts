import type { AgentRunContext } from './agentRunTypes.ts'
import { acceptTurn, appendUserMessage, type Step } from './runSteps.ts'

/** The tool a person's Undo proposes: the same card, guard and execution as any call. */
export const undoToolName = 'undo_change'

/**
 * The `PROPOSE` event of a person's Undo of change `changeId` (an Undo button, `/undo`): their
 * words in the chat are "Undo that"; the change's id is in the call.
 */
export function undoProposal(changeId: string): {
  type: 'PROPOSE'
  name: string
  arguments: string
  words: string
} {
  return {
    type: 'PROPOSE',
    name: undoToolName,
    arguments: JSON.stringify({ changeId }),
    words: 'Undo that',
  }
}

/**
 * A person asked for call `call` themselves (an Undo, a task's Delete in the panel): `words` go
 * in the conversation and the call is queued as if the model had proposed it, so it is prepared,
 * described and shown as a card like any other, and runs only on its `CONFIRM`.
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
