import { useMemo } from 'react'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import type { ConfirmationDecision } from '../../vocabulary/Decision.ts'
import type { RunStatus } from '../../vocabulary/RunStatus.ts'
import type { RunSource } from '../core/RunSource.ts'
import { usePendingConfirmation, useRunEvents, useRunMessages, useRunStatus } from './runHooks.ts'

/** Everything about a run a chat screen needs, and the commands it can send. */
export interface AgentRunView {
  status: RunStatus | undefined
  messages: readonly ChatMessage[]
  pending: AgentEvent | undefined
  events: readonly AgentEvent[]
  /** Decides the card the user saw: its id and the digest of its call travel together. */
  decide(card: { confirmationId: string; digest: string }, decision: ConfirmationDecision): void
  sendInput(text: string): void
  cancel(reason?: string): void
}

/** Status, messages, pending confirmation and event log of a run (re-renders on every event; use the focused hooks for less). */
export function useAgentRun(run: RunSource | undefined): AgentRunView {
  const status = useRunStatus(run)
  const messages = useRunMessages(run)
  const pending = usePendingConfirmation(run)
  const events = useRunEvents(run)
  const commands = useMemo(
    () => ({
      decide: (card: { confirmationId: string; digest: string }, decision: ConfirmationDecision) =>
        run?.send({
          type: decision === 'allow' ? 'CONFIRM' : 'DENY',
          confirmationId: card.confirmationId,
          digest: card.digest,
        }),
      sendInput: (text: string) => run?.send({ type: 'USER_INPUT', text }),
      cancel: (reason?: string) =>
        run?.send({ type: 'CANCEL', ...(reason !== undefined && { reason }) }),
    }),
    [run],
  )
  return { status, messages, pending, events, ...commands }
}
