import type { ModelTurn } from '../models/messages.ts'
import type { AgentRunContext, AgentRunEvent, PreparingRegistry } from './agentRunTypes.ts'

type GuardArgs = { context: AgentRunContext; event: AgentRunEvent }

/** The run's guards: pure checks of context and event, the gates between its states. */
export function createRunGuards({ tools, clock }: { tools: PreparingRegistry; clock: () => Date }) {
  return {
    turnHasToolCalls: (_: GuardArgs, params: { turn: ModelTurn }) =>
      (params.turn.toolCalls?.length ?? 0) > 0,
    preparationFailed: ({ context }: GuardArgs) => context.current?.result !== undefined,
    isReadCall: ({ context }: GuardArgs) => context.current?.prepared?.permission === 'read',
    hasQueuedCalls: ({ context }: GuardArgs) => context.queue.length > 0,
    stepLimitReached: ({ context }: GuardArgs) => context.turns >= context.maxTurns,
    hasConfirmationTimeout: ({ context }: GuardArgs) => context.confirmationTimeoutMs !== undefined,
    // The one gate out of `awaitingConfirmation`: the id issued for this exact call, unused.
    confirmationMatches: ({ context, event }: GuardArgs) => {
      if (!('confirmationId' in event)) return false
      const { pending, current } = context
      if (pending === undefined || current?.prepared === undefined) return false
      const digest = 'digest' in event ? event.digest : undefined
      // A rule may stand in for the user only on write tools, never destructive or execute.
      const byPolicy = 'decidedBy' in event && event.decidedBy === 'policy'
      if (byPolicy && event.type === 'CONFIRM' && current.prepared.permission !== 'write') {
        return false
      }
      return (
        event.confirmationId === pending.confirmationId &&
        pending.callId === current.prepared.callId &&
        pending.digest === current.prepared.digest &&
        (digest === undefined || digest === pending.digest)
      )
    },
    editAccepted: ({ context, event }: GuardArgs) => {
      const { pending, current } = context
      if (event.type !== 'EDIT' || pending === undefined || current === undefined) return false
      if (event.confirmationId !== pending.confirmationId) return false
      try {
        tools.prepare(current.call.id, current.call.name, event.arguments)
        return true
      } catch {
        return false
      }
    },
    confirmationExpired: ({ context, event }: GuardArgs) => {
      const expiresAt = context.pending?.expiresAt
      return (
        event.type === 'EXPIRE' &&
        event.confirmationId === context.pending?.confirmationId &&
        expiresAt !== undefined &&
        Date.parse(expiresAt) <= clock().getTime()
      )
    },
  }
}
