import type { DecisionInbox, StoredDecision } from '../store/DecisionInbox.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ConfirmationDecision } from '../vocabulary/Decision.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import { holdRule, verdictOn } from './keptRules.ts'
import { describeRule, type PolicyStore } from './PolicyStore.ts'
import { checkDecision, type DecisionOptions, type KeptRule } from './runDecisions.ts'

const notFound = (message: string) => new AgentError('confirmation_not_found', message)

/** Where the run to decide lives: here (its actor) or on another node (its followed log). */
export type DecisionTarget =
  | { kind: 'local'; actor: AgentRunActor; saved: () => Promise<void> }
  | { kind: 'foreign'; log: readonly AgentEvent[] }

/** The checks a decision passes on this node before it is offered to the store (throws `AgentError`). */
function checkTargetDecision(
  target: DecisionTarget,
  runId: string,
  confirmationId: string,
  decision: ConfirmationDecision,
  options: DecisionOptions,
  policies: PolicyStore,
): { digest?: string; keep?: KeptRule } {
  if (target.kind === 'local') {
    return checkDecision(target.actor, runId, confirmationId, decision, options, policies)
  }
  // The store checks the card; the log only names its tool, for a rule to keep.
  const tool = target.log.find(
    (e) => e.kind === 'confirmationRequired' && e.confirmationId === confirmationId,
  )?.toolName
  return checkDecision(undefined, runId, confirmationId, decision, options, policies, { tool })
}

/**
 * Decides a card through the store's compare-and-set: of several nodes offering, one wins and
 * the others get `confirmation_not_found`. The owner applies the decision (see
 * `applyStoredDecisions`); the machine's guard stays the only gate to executing.
 */
export function offerDecision(
  inbox: DecisionInbox,
  target: DecisionTarget,
  runId: string,
  confirmationId: string,
  decision: ConfirmationDecision,
  options: DecisionOptions,
  policies: PolicyStore,
): Promise<void> {
  // Checked before anything is awaited: a refusal throws here, synchronously, for a caller
  // that cannot wait (`submitConfirmation`); what the store says comes with the promise.
  const checked = checkTargetDecision(target, runId, confirmationId, decision, options, policies)
  return offerChecked(inbox, target, runId, confirmationId, decision, checked, policies)
}

async function offerChecked(
  inbox: DecisionInbox,
  target: DecisionTarget,
  runId: string,
  confirmationId: string,
  decision: ConfirmationDecision,
  { digest, keep }: { digest?: string; keep?: KeptRule },
  policies: PolicyStore,
): Promise<void> {
  // The store opens a card when its commit lands; a card shown here may still be on its way.
  if (target.kind === 'local') await target.saved()
  const offer = {
    confirmationId,
    decision,
    decidedBy: 'user' as const,
    ...(keep !== undefined && { rule: `kept as a rule: ${describeRule(keep)}` }),
  }
  const result = await inbox.offerDecision(runId, {
    ...offer,
    ...(digest !== undefined && { digest }),
    ...(keep !== undefined && { keep }),
  })
  if (!result.ok) throw notFound(result.message)
  // The run's owner holds run and session rules as it applies the decision (`applyStoredDecisions`);
  // an "always" rule is saved from here, and a session rule lasts on this node too.
  if (keep?.scope === 'always' || (keep?.scope === 'session' && target.kind === 'foreign')) {
    policies.add(keep)
  }
  // The owner is here: it applies the decision it won now rather than reading it back on its
  // wake, and holds the rule kept with it once the decision took.
  if (target.kind === 'local' && digest !== undefined) {
    sendDecision(target.actor, { ...offer, digest })
    const took = target.actor.getSnapshot().context.pending?.confirmationId !== confirmationId
    if (took && keep !== undefined && keep.scope !== 'always') holdRule(policies, keep)
  }
}

/** Sends one accepted decision to a run's actor as the event the user's click would have sent. */
function sendDecision(
  actor: AgentRunActor,
  stored: Pick<StoredDecision, 'confirmationId' | 'digest' | 'decision' | 'decidedBy' | 'rule'>,
): void {
  const { confirmationId, digest } = stored
  if (stored.decidedBy === 'timeout') {
    actor.send({ type: 'EXPIRE', confirmationId })
    return
  }
  actor.send({
    type: stored.decision === 'allow' ? 'CONFIRM' : 'DENY',
    confirmationId,
    digest,
    decidedBy: stored.decidedBy,
    ...(stored.rule !== undefined && { rule: stored.rule }),
  })
}

/**
 * Sends a run's accepted, unlogged decisions to its actor (on the node that owns it), as the
 * `CONFIRM`/`DENY` the user's click would have sent. A repeat finds the card retired and is ignored.
 * A rule kept with a decision is held here once the decision took, if it passes the checks
 * (`verdictOn`); one that does not is reported to `onError` and ignored, the decision still goes.
 */
export async function applyStoredDecisions(
  inbox: DecisionInbox,
  actor: AgentRunActor,
  policies: PolicyStore,
  onError: (error: unknown) => void,
): Promise<void> {
  for (const stored of await inbox.decidedUnresolved(actor.id)) {
    if (actor.getSnapshot().status !== 'active') return
    if (stored.decidedBy === 'timeout') {
      sendDecision(actor, stored)
      continue
    }
    const { confirmationId } = stored
    const waiting = () => {
      const { value, context } = actor.getSnapshot()
      return value === 'awaitingConfirmation' && context.pending?.confirmationId === confirmationId
    }
    const verdict = waiting()
      ? verdictOn(policies, actor.id, stored, actor.getSnapshot().context.current?.prepared?.name)
      : ({ kind: 'none' } as const)
    if (verdict.kind === 'refused') onError(verdict.error)
    // The log must not say a rule was kept when it was refused here.
    const { rule: _refused, ...withoutRule } = stored
    sendDecision(actor, verdict.kind === 'refused' ? withoutRule : stored)
    if (verdict.kind === 'hold' && !waiting()) holdRule(policies, verdict.rule)
  }
}
