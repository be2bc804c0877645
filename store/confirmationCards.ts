import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ConfirmationDecision } from '../vocabulary/Decision.ts'
import type { RunCommit } from './RunStore.ts'

/** How one commit changes the run's confirmation cards. */
export type CardChange =
  /** A new card; any other open card of the run dies (an edit replaces a card without resolving it). */
  | { kind: 'open'; confirmationId: string; digest: string }
  /** The run logged who decided the card; a decision another node already won stays. */
  | {
      kind: 'resolve'
      confirmationId: string
      decision?: ConfirmationDecision
      decidedBy?: AgentEvent['decidedBy']
      rule?: string
    }
  /**
   * A person's approval counted, and the card waits for more: the store takes the next person's
   * decision (it undoes this approver's accepted allow, and only that).
   */
  | { kind: 'approve'; confirmationId: string; deciderId: string }
  /** The run was cancelled, failed or ended: every open card dies. */
  | { kind: 'closeAll' }

/**
 * The card changes a commit makes, in order. The log is the truth about cards, so every store
 * that decides confirmations (see `DecisionInbox`) derives them from the same events.
 */
export function cardChanges(commit: RunCommit): CardChange[] {
  const changes: CardChange[] = []
  for (const event of commit.events ?? []) {
    if (event.kind === 'runCancelled' || event.kind === 'runFailed') {
      changes.push({ kind: 'closeAll' })
    } else if (event.confirmationId === undefined) {
    } else if (event.kind === 'confirmationRequired' && event.digest !== undefined) {
      changes.push({ kind: 'open', confirmationId: event.confirmationId, digest: event.digest })
    } else if (event.kind === 'confirmationApproved' && event.decider !== undefined) {
      changes.push({
        kind: 'approve',
        confirmationId: event.confirmationId,
        deciderId: event.decider.id,
      })
    } else if (event.kind === 'confirmationResolved') {
      changes.push({
        kind: 'resolve',
        confirmationId: event.confirmationId,
        ...(event.decision !== undefined && { decision: event.decision }),
        ...(event.decidedBy !== undefined && { decidedBy: event.decidedBy }),
        ...(event.rule !== undefined && { rule: event.rule }),
      })
    }
  }
  if (commit.ended) changes.push({ kind: 'closeAll' })
  return changes
}
