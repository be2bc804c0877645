import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { ConfirmationDecision } from '../vocabulary/Decision.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import type { PendingConfirmation } from './agentRunTypes.ts'
import { describeRule, type PolicyScope, type PolicyStore } from './PolicyStore.ts'

/** Extra parts of a decision: the call the user saw, and whether to remember it as a rule. */
export interface DecisionOptions {
  /** The digest shown on the card; a different one means the call changed and is refused. */
  digest?: string
  /** Keep this decision as a rule: allow for this `run` or `session` (write tools only), or deny `always`. */
  remember?: PolicyScope
}

const notFound = (message: string) => new AgentError('confirmation_not_found', message)

/** The pending confirmation of a run, if `confirmationId` is exactly it; throws otherwise. */
export function matchingPending(
  actor: AgentRunActor | undefined,
  runId: string,
  confirmationId: string,
): PendingConfirmation {
  if (actor === undefined) throw notFound(`no run has id "${runId}"`)
  const snapshot = actor.getSnapshot()
  const pending = snapshot.value === 'awaitingConfirmation' ? snapshot.context.pending : undefined
  if (pending === undefined) throw notFound(`run ${runId} is not waiting for a confirmation`)
  if (pending.confirmationId !== confirmationId) {
    throw notFound(
      snapshot.context.retiredConfirmationIds.includes(confirmationId)
        ? `confirmation ${confirmationId} was already decided`
        : `confirmation ${confirmationId} is not the one run ${runId} is waiting for`,
    )
  }
  return pending
}

/** A rule the user asked to keep with a decision, as the policy store takes it. */
export type KeptRule = Parameters<PolicyStore['add']>[0]

/**
 * The checks every decision passes before it is sent or offered (throws `AgentError`): a known
 * decision, and a rule that may exist. With the run's actor here, also the pending card's id and
 * digest; `tool` names the card's tool when the run lives elsewhere.
 */
export function checkDecision(
  actor: AgentRunActor | undefined,
  runId: string,
  confirmationId: string,
  decision: ConfirmationDecision,
  options: DecisionOptions,
  policies: PolicyStore,
  elsewhere?: { tool: string | undefined },
): { digest?: string; keep?: KeptRule } {
  if (decision !== 'allow' && decision !== 'deny') {
    throw new AgentError('invalid_decision', 'decision must be "allow" or "deny"')
  }
  let digest = options.digest
  let tool = elsewhere?.tool
  if (elsewhere === undefined) {
    const pending = matchingPending(actor, runId, confirmationId)
    digest ??= pending.digest
    if (digest !== pending.digest) {
      throw notFound(`confirmation ${confirmationId} was issued for a different call`)
    }
    tool = (actor as AgentRunActor).getSnapshot().context.current?.prepared?.name
  }
  const keep =
    options.remember === undefined
      ? undefined
      : { tool: tool ?? '', effect: decision, scope: options.remember, runId }
  // Checked before deciding, kept only once the decision took: no rule outlives a refusal.
  if (keep !== undefined) policies.check(keep)
  return { ...(digest !== undefined && { digest }), ...(keep !== undefined && { keep }) }
}

/**
 * Passes the user's decision to a run: the one checked path every decision takes. The event
 * carries the card's id and digest; the machine's guard decides whether it takes.
 */
export function decide(
  actor: AgentRunActor | undefined,
  runId: string,
  confirmationId: string,
  decision: ConfirmationDecision,
  options: DecisionOptions,
  policies: PolicyStore,
): void {
  const { digest, keep } = checkDecision(actor, runId, confirmationId, decision, options, policies)
  const run = actor as AgentRunActor
  run.send({
    type: decision === 'allow' ? 'CONFIRM' : 'DENY',
    confirmationId,
    digest: digest as string,
    decidedBy: 'user',
    ...(keep !== undefined && { rule: `kept as a rule: ${describeRule(keep)}` }),
  })
  if (run.getSnapshot().context.pending?.confirmationId === confirmationId) {
    throw notFound(`run ${runId} refused confirmation ${confirmationId}`)
  }
  if (keep !== undefined) policies.add(keep)
}

/** Replaces a pending call's arguments: a new card with a new id; returns it. The old id dies. */
export function edit(
  actor: AgentRunActor | undefined,
  runId: string,
  confirmationId: string,
  args: string | object,
  tools: ToolRegistry,
): string {
  matchingPending(actor, runId, confirmationId)
  const run = actor as AgentRunActor
  const call = run.getSnapshot().context.current?.call
  const text = typeof args === 'string' ? args : JSON.stringify(args)
  try {
    tools.prepare(call?.id ?? '', call?.name ?? '', text)
  } catch (error) {
    const detail = (error as { detail?: string }).detail ?? String(error)
    throw new AgentError('invalid_edit', `the edited arguments are not valid: ${detail}`)
  }
  run.send({ type: 'EDIT', confirmationId, arguments: text })
  const replaced = run.getSnapshot().context.pending?.confirmationId
  if (replaced === undefined || replaced === confirmationId) {
    throw notFound(`run ${runId} refused the edit of confirmation ${confirmationId}`)
  }
  return replaced
}
