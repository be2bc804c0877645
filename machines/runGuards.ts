import { mayBeAllowedByRule, needsConfirmation } from '../vocabulary/PermissionLevel.ts'
import type { AgentRunContext, AgentRunEvent, PreparingRegistry } from './agentRunTypes.ts'

type GuardArgs = { context: AgentRunContext; event: AgentRunEvent }

/** The run's guards: pure checks of context and event, the gates between its states. */
export function createRunGuards({ tools, clock }: { tools: PreparingRegistry; clock: () => Date }) {
  return {
    turnHasToolCalls: ({ event }: GuardArgs) =>
      event.type === 'MODEL_DONE' && (event.turn.toolCalls?.length ?? 0) > 0,
    preparationFailed: ({ context }: GuardArgs) => context.current?.result !== undefined,
    isReadCall: ({ context }: GuardArgs) => {
      const permission = context.current?.prepared?.permission
      return permission !== undefined && !needsConfirmation(permission)
    },
    hasQueuedCalls: ({ context }: GuardArgs) => context.queue.length > 0,
    stepLimitReached: ({ context }: GuardArgs) => context.turns >= context.maxTurns,
    hasConfirmationTimeout: ({ context }: GuardArgs) => context.confirmationTimeoutMs !== undefined,
    // The one gate to `executing`: the id issued for this exact call, unused, and the digest of
    // the call the decider saw.
    confirmationMatches: ({ context, event }: GuardArgs) => {
      if (event.type !== 'CONFIRM' && event.type !== 'DENY') return false
      const { pending, current } = context
      if (pending === undefined || current?.prepared === undefined) return false
      // A rule may stand in for the user only on write tools, never destructive or execute.
      if (
        event.decidedBy === 'policy' &&
        event.type === 'CONFIRM' &&
        !mayBeAllowedByRule(current.prepared.permission)
      ) {
        return false
      }
      return (
        event.confirmationId === pending.confirmationId &&
        pending.callId === current.prepared.callId &&
        pending.digest === current.prepared.digest &&
        event.digest === pending.digest
      )
    },
    // A restart found this card's outcome in the journal: it answers the card without executing.
    recoveryMatches: ({ context, event }: GuardArgs) =>
      event.type === 'RECOVER' &&
      context.pending !== undefined &&
      event.confirmationId === context.pending.confirmationId,
    resultIsForCurrentCall: ({ context, event }: GuardArgs) =>
      (event.type === 'TOOL_DONE' || event.type === 'TOOL_FAILED') &&
      event.callId === context.current?.call.id,
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
