import {
  type ApprovalRules,
  describeApprovers,
  namesApprover,
  rulesCovering,
} from '../vocabulary/ApprovalRules.ts'
import type { ConfirmationDecision, DecidedBy } from '../vocabulary/Decision.ts'
import { type Person, personName } from '../vocabulary/Identity.ts'
import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'

/** What the approval rules look at on a card: its call, whose run it is, who approved it so far. */
export interface CardFacts {
  permission: PermissionLevel
  tool: string
  /** The MCP server the tool comes from, as the host names it (none for the host's own tools). */
  server?: string
  startedBy?: Person
  approvals: readonly Person[]
}

/**
 * What the host's rules make of a decision on a card: refused (with why), an approval that counts
 * but leaves the card waiting for `needed` more, or the decision that answers the card.
 */
export type ApprovalVerdict =
  | { kind: 'refused'; message: string }
  | { kind: 'counts'; needed: number }
  | { kind: 'decides' }

const decides: ApprovalVerdict = { kind: 'decides' }
const refused = (message: string): ApprovalVerdict => ({ kind: 'refused', message })

/**
 * The approval rules' verdict on `decision` for a card (pure; the chart's guard calls it through
 * `decisionRefusal`). Without rules every decision decides, as in the single-user app. With them:
 * a card no rule covers is decided by the person whose run it is; a covered card is approved only
 * by people every covering rule names, once each, by as many distinct people as the largest
 * quorum asks, and with four eyes never by the run's own person alone; a standing rule cannot
 * approve a covered card; a denial by the run's person or an approver ends it; the clock may expire it.
 */
export function approvalVerdict(
  rules: ApprovalRules | undefined,
  card: CardFacts,
  decision: { decision: ConfirmationDecision; by: DecidedBy },
): ApprovalVerdict {
  if (rules === undefined) return decides
  const { by } = decision
  const covering = rulesCovering(rules, card.permission, card.tool, card.server)
  if (by.kind === 'timeout') return decides
  if (by.kind === 'rule') {
    return decision.decision === 'allow' && covering.length > 0
      ? refused(
          `a standing rule cannot allow ${card.tool}: the host's approval rules decide who may`,
        )
      : decides
  }
  const id = by.id
  if (id === undefined || id === '') return refused('a decision needs a signed-in person')
  const owner = card.startedBy
  const isOwner = owner !== undefined && owner.id === id
  const ownerName = owner === undefined ? '' : personName(owner)
  if (covering.length === 0) {
    // Nobody's rule covers it: the run's own person decides, as in the single-user app.
    return owner === undefined || isOwner
      ? decides
      : refused(`only ${ownerName}, whose run it is, may decide ${card.tool}`)
  }
  const notNamed = covering.find((rule) => !namesApprover(rule, by))
  if (decision.decision === 'deny') {
    // Any denial by someone who could have decided ends the card: stopping is always safe.
    return isOwner || notNamed === undefined
      ? decides
      : refused(`only ${ownerName || 'the run’s person'} or an approver may deny ${card.tool}`)
  }
  if (notNamed !== undefined) {
    return refused(
      `allowing ${card.tool} (${card.permission}) needs ${describeApprovers(notNamed)}${
        notNamed.name === undefined ? '' : ` (${notNamed.name})`
      }`,
    )
  }
  if (card.approvals.some((approver) => approver.id === id)) {
    return refused(`${personName({ id, ...by })} already approved this card; it needs other people`)
  }
  const quorum = Math.max(...covering.map((rule) => rule.quorum ?? 1))
  const fourEyes = covering.some((rule) => rule.fourEyes === true)
  const count = card.approvals.length + 1
  // Approvals are by distinct people, so a second one is always someone else's: only a lone
  // approval by the run's own person can answer the card without a second pair of eyes.
  if (fourEyes && isOwner && count === 1 && quorum === 1) {
    return refused(`four eyes: someone other than ${ownerName}, whose run it is, must approve it`)
  }
  return count < quorum ? { kind: 'counts', needed: quorum - count } : decides
}
