import type { Identity } from './Identity.ts'
import type { AuditReceipt } from './SignedReceipt.ts'

/** A person's answer to a confirmation card. */
export type ConfirmationDecision = 'allow' | 'deny'

/** How long a decision kept as a rule lasts: this run, this session (process), or always. */
export type RuleScope = 'run' | 'session' | 'always'

/**
 * Who or what decided a card. A person's identity comes from authentication (the host sets it),
 * never from a request body or the model.
 */
export type DecidedBy =
  | ({ kind: 'user' } & Identity)
  /** A standing rule stood in for the user; `rule` says which, for the log and the audit. */
  | { kind: 'rule'; rule: string }
  /** The card's time ran out. */
  | { kind: 'timeout' }

/**
 * One decision on one card, as every way to decide carries it (a click, HTTP, another node, a
 * rule, the clock). It is checked in exactly one place, the statechart's guard.
 */
export interface Decision {
  runId: string
  confirmationId: string
  decision: ConfirmationDecision
  /** The digest of the call the decider saw; a card for any other call refuses it. */
  digest: string
  /** Keep this decision as a rule (allow: run or session, write tools only; deny: any scope). */
  remember?: RuleScope
  by: DecidedBy
  /** The person's verified signature of this decision, with the card's call (a signing rule's card). */
  receipt?: AuditReceipt
}

/** The name the log and the audit give `by` (`decidedBy`). */
export function decidedByName(by: DecidedBy): 'user' | 'policy' | 'timeout' {
  return by.kind === 'rule' ? 'policy' : by.kind
}

/** A readable name for a rule, as events and the audit log show it, e.g. `allow create_task for this run`. */
export function describeRule(rule: {
  tool: string
  effect: ConfirmationDecision
  scope: RuleScope
}): string {
  const scope = { run: 'for this run', session: 'for this session', always: 'always' }[rule.scope]
  return rule.scope === 'always'
    ? `always ${rule.effect} ${rule.tool}`
    : `${rule.effect} ${rule.tool} ${scope}`
}
