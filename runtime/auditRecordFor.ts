import type { AuditRecord } from '../store/AuditRecord.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import { cancelCode } from '../vocabulary/cancelCode.ts'
import { needsConfirmation } from '../vocabulary/PermissionLevel.ts'
import type { AuditReceipt } from '../vocabulary/SignedReceipt.ts'

/**
 * The audit record for a `toolCompleted`/`toolFailed` event of a non-read call, or for a
 * `runCancelled` that closed a non-read call's card unanswered, if it is one; with the signed
 * decisions the log keeps on its card's approvals and resolution that made the decision it records.
 */
export function auditRecordFor(
  report: AgentEvent,
  events: readonly AgentEvent[],
): AuditRecord | undefined {
  const closed = report.kind === 'runCancelled' && report.toolCallId !== undefined
  if (report.kind !== 'toolCompleted' && report.kind !== 'toolFailed' && !closed) return undefined
  if (report.permission === undefined || !needsConfirmation(report.permission)) return undefined
  const earlier = events.filter((e) => e.seq < report.seq && e.toolCallId === report.toolCallId)
  const required = earlier.findLast((e) => e.kind === 'confirmationRequired')
  const resolved = earlier.findLast((e) => e.kind === 'confirmationResolved')
  const code = closed ? cancelCode(report.text) : report.error?.code
  const preview = required?.description?.headline ?? required?.preview
  const startedBy = events.find((e) => e.kind === 'runStarted')?.startedBy
  const signed = signedFor(resolved, earlier)
  return {
    at: report.at,
    runId: report.runId,
    toolCallId: report.toolCallId ?? '',
    toolName: report.toolName ?? '',
    permission: report.permission,
    ...(required?.digest !== undefined && { digest: required.digest }),
    // The card's headline, as the person read it (a task's title), over the preview (its id).
    ...(preview !== undefined && { preview }),
    ...(resolved?.confirmationId !== undefined && { confirmationId: resolved.confirmationId }),
    // A card closed unanswered has no decision: its line names the card that was waiting.
    ...(closed &&
      required?.confirmationId !== undefined && { confirmationId: required.confirmationId }),
    ...(resolved?.decision !== undefined && { decision: resolved.decision }),
    ...(resolved?.decidedBy !== undefined && { decidedBy: resolved.decidedBy }),
    ...(resolved?.rule !== undefined && { rule: resolved.rule }),
    ...(resolved !== undefined && { decidedAt: resolved.at }),
    ...(resolved?.decider !== undefined && { decider: resolved.decider }),
    ...(resolved?.approvals !== undefined && { approvals: resolved.approvals }),
    ...(startedBy !== undefined && { startedBy }),
    ...(signed.length > 0 && { receipts: signed }),
    outcome: outcomeOf(report.kind, code),
    ...(code !== undefined && { code }),
  }
}

function outcomeOf(kind: AgentEvent['kind'], code: string | undefined): AuditRecord['outcome'] {
  if (kind === 'toolCompleted') return 'completed'
  if (kind === 'runCancelled') return 'cancelled'
  if (code === 'user_denied') return 'denied'
  if (code === 'confirmation_expired') return 'expired'
  if (code === 'interrupted') return 'interrupted'
  return 'failed'
}

// The signatures for the decision that took the card, in the order the log took them (four
// eyes: each approval's, then the last one's); an approval signed before a Deny signed nothing
// the line records. The log keeps them, so a decision taken on another node, or an approval
// kept across a restart, reaches the line like one taken here.
function signedFor(
  resolved: AgentEvent | undefined,
  earlier: readonly AgentEvent[],
): readonly AuditReceipt[] {
  if (resolved?.confirmationId === undefined || resolved.decidedBy !== 'user') return []
  const card = resolved.confirmationId
  return earlier
    .filter(
      (e) =>
        (e.kind === 'confirmationApproved' || e.kind === 'confirmationResolved') &&
        e.confirmationId === card,
    )
    .flatMap((e) => (e.receipt === undefined ? [] : [e.receipt]))
    .filter((r) => r.receipt.binding.decision === resolved.decision)
}
