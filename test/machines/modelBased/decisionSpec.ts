import type { AgentRunContext } from '../../../machines/agentRunTypes.ts'
import { cardDigest } from '../../../tools/digest.ts'
import type { InvariantContext, RunStep } from './explorerTypes.ts'
import { type SpecVerdict, verdictBySpec } from './hosted.ts'
import { answeredId, type IssuedId, type Ledger, latestIdFor } from './ledger.ts'

/** The host's rules' verdict (by the explorer's own account) on a decision for an issued card; undefined when the run is under none. */
export function hostedVerdict(
  context: InvariantContext,
  issued: IssuedId,
  decision: Parameters<typeof verdictBySpec>[2],
): SpecVerdict | undefined {
  if (context.hosted === undefined) return undefined
  return verdictBySpec(
    context.hosted,
    {
      tool: issued.toolName,
      level: context.registry.permissionOf(issued.toolName) ?? 'execute',
      approvals: issued.approvals,
    },
    decision,
  )
}

const isNonRead = (context: InvariantContext, run: AgentRunContext): boolean => {
  const current = run.current
  if (current === undefined) return true
  // The registry's word and the prepared call's must both say read; either saying otherwise counts.
  return (
    context.registry.permissionOf(current.call.name) !== 'read' ||
    current.prepared?.permission !== 'read'
  )
}

/** Why a call may not execute with this context now, or undefined if it may. */
export function allowedToExecute(
  step: RunStep,
  before: Ledger,
  context: InvariantContext,
  run: AgentRunContext,
): string | undefined {
  const prepared = run.current?.prepared
  if (prepared === undefined) return `executed on ${step.event.label} without a prepared call`
  if (!isNonRead(context, run)) return undefined
  const { event } = step
  if (event.type !== 'CONFIRM')
    return `non-read ${prepared.name} executed on ${event.label}, not on CONFIRM`
  const { confirmationId, digest, decision, by, runId } = event.decision
  if (decision !== 'allow') return `a CONFIRM carrying ${decision} executed ${prepared.name}`
  if (runId !== step.before.context.runId)
    return `a decision for run ${runId} executed a call of run ${step.before.context.runId}`
  const issued = before.issued.get(confirmationId)
  if (issued === undefined) return `CONFIRM ${confirmationId} was never issued`
  if (issued.state !== 'live') return `CONFIRM ${confirmationId} was already ${issued.state}`
  if (
    issued.callId !== prepared.callId ||
    issued.digest !== cardDigest(prepared.digest, issued.target)
  )
    return `CONFIRM ${confirmationId} was issued for another call`
  if (digest !== issued.digest) return `CONFIRM ${confirmationId} carried a digest of another card`
  if (latestIdFor(before, prepared.callId) !== confirmationId)
    return `CONFIRM ${confirmationId} is not the latest id issued for ${prepared.callId}`
  if (by.kind === 'timeout') return `the clock allowed ${prepared.name}`
  // A rule may stand in for the user on write tools only.
  if (by.kind === 'rule' && context.registry.permissionOf(prepared.name) !== 'write')
    return `a rule allowed ${prepared.name}, which is not a write tool`
  // Under the host's rules: only the approval that completes the card, by someone they allow.
  const hosted = hostedVerdict(context, issued, event.decision)
  if (hosted !== undefined && hosted !== 'decides')
    return `${event.label} executed ${prepared.name}, though the host's rules say ${
      hosted === 'counts' ? 'it only counts toward the quorum' : hosted.refused
    }`
  // The card is closed, and the call carries the confirmation that allowed it, before it runs.
  if (run.pending !== undefined) return `${prepared.name} executed while a card is still open`
  if (run.current?.confirmationId !== confirmationId)
    return `${prepared.name} executed without the confirmation ${confirmationId} that allowed it`
  // It may write only at the version of the target its card showed (or, with none shown, unbound).
  const bound = JSON.stringify(run.current?.description?.target ?? null)
  const shown = JSON.stringify(issued.target ?? null)
  if (bound !== shown)
    return `${prepared.name} executed bound to ${bound}, but its card ${confirmationId} showed ${shown}`
  return undefined
}

/**
 * Why a decision, edit or recovery must be refused, by the explorer's own account (the ledger of
 * ids the log issued, the registry's permissions, the step's time); undefined if it must be taken.
 */
export function refusalBySpec(
  step: RunStep,
  before: Ledger,
  context: InvariantContext,
): string | undefined {
  const { event } = step
  const runId = step.before.context.runId
  if (step.before.status !== 'active') return 'the run has ended'
  const id = answeredId(event) ?? ''
  const issued = before.issued.get(id)
  if (issued === undefined) return `${id} was never issued`
  if (issued.state !== 'live') return `${id} is ${issued.state}`
  if (event.type === 'RECOVER') return undefined
  if (event.type === 'EDIT') {
    const { prepared } = event.edit
    if (event.edit.runId !== runId) return `the edit is for run ${event.edit.runId}`
    if (prepared.callId !== issued.callId || prepared.name !== issued.toolName)
      return `the edit is prepared for ${prepared.name} ${prepared.callId}, the card is for ${issued.toolName} ${issued.callId}`
    if (prepared.describes && event.edit.description === undefined)
      return `the edited ${prepared.name} call was not described again`
    return undefined
  }
  if (event.type !== 'CONFIRM' && event.type !== 'DENY' && event.type !== 'EXPIRE')
    return 'no decision'
  const { decision, by, digest } = event.decision
  if (event.decision.runId !== runId) return `the decision is for run ${event.decision.runId}`
  if (digest !== issued.digest) return `it carries digest ${String(digest)}, not the card's`
  if (decision !== (event.type === 'CONFIRM' ? 'allow' : 'deny'))
    return `a ${event.type} carries ${decision}`
  if (event.type === 'EXPIRE') {
    if (by.kind !== 'timeout') return `a ${by.kind} cannot expire a card`
    if (issued.expiresAt === undefined) return 'the card has no deadline'
    if (Date.parse(issued.expiresAt) > step.at.getTime())
      return `it is ${step.at.toISOString()}, before the deadline ${issued.expiresAt}`
    return undefined
  }
  if (by.kind === 'timeout') return 'the clock decides only by expiring a card'
  if (
    by.kind === 'rule' &&
    decision === 'allow' &&
    context.registry.permissionOf(issued.toolName) !== 'write'
  )
    return `a rule cannot allow ${issued.toolName}`
  const hosted = hostedVerdict(context, issued, event.decision)
  if (hosted !== undefined && typeof hosted === 'object') return hosted.refused
  return undefined
}
