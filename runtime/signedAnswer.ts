import { bindingMismatch } from '../machines/runGuards.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import { type ApprovalRules, requiresSignature } from '../vocabulary/ApprovalRules.ts'
import type {
  CardAnswer,
  DecisionRefusalCode,
  DecisionRequest,
} from '../vocabulary/DecisionRequest.ts'
import type { SignedApprovals, SignedReceipt } from './SignedApprovals.ts'

/** What the signature check needs from the intake's runtime. */
export interface SignatureDeps {
  approvalRules?: ApprovalRules | undefined
  signedApprovals?: SignedApprovals | undefined
}

/** The check's answer: nothing to sign, a verified signature's receipt, or a refusal. */
export type SignatureOutcome =
  | { kind: 'unsigned' }
  | { kind: 'signed'; receipt: SignedReceipt }
  | { kind: 'refused'; code: DecisionRefusalCode; message: string }

/**
 * Whether `answer` may decide its card as far as signatures go: a card no signing rule covers
 * needs none; one a rule covers needs a passkey signature that the host's checker verifies over
 * the card as held here (its digest, id, run) and the answer's decision. Every face comes here,
 * so a plain Allow on such a card is refused on all of them alike.
 */
export async function checkSignature(
  deps: SignatureDeps,
  request: DecisionRequest,
  answer: CardAnswer,
  card: AgentEvent | undefined,
  cardDigest: string | undefined,
  answeredDigest: string | undefined,
): Promise<SignatureOutcome> {
  const rules = deps.approvalRules
  if (rules === undefined || !signsAny(rules)) return { kind: 'unsigned' }
  if (card?.permission === undefined || card.toolName === undefined || cardDigest === undefined) {
    // A card not seen here yet cannot be bound: refusing is safe, the page asks again.
    return refusal(deps, answer, 'the card is not known here yet')
  }
  const server = card.permissionOrigin?.server
  if (!requiresSignature(rules, card.permission, card.toolName, server)) return { kind: 'unsigned' }
  if (
    answeredDigest !== undefined &&
    bindingMismatch({ digest: answeredDigest }, { digest: cardDigest }) !== undefined
  ) {
    // The signature binds the card's call: an edit is another call, never signed by this one.
    return {
      kind: 'refused',
      code: 'signature_mismatch',
      message: 'an edited call is not the call the card showed: it cannot be signed here',
    }
  }
  const { signature } = answer
  const checker = deps.signedApprovals
  if (signature === undefined || checker === undefined) {
    return refusal(deps, answer, 'this card needs a signed approval')
  }
  const verdict = await checker.verify({
    card: {
      runId: answer.runId,
      confirmationId: answer.confirmationId,
      digest: cardDigest,
      decision: answer.decision,
    },
    by: request.by,
    signed: signature,
  })
  return verdict.ok
    ? { kind: 'signed', receipt: verdict.receipt }
    : { kind: 'refused', code: verdict.code, message: verdict.message }
}

/** Whether any of the host's rules requires a signed approval. */
export function signsAny(rules: ApprovalRules | undefined): rules is ApprovalRules {
  return rules?.rules.some((rule) => rule.signed === true) === true
}

// A plain answer to a card that must be signed: the way to sign it is the page, named by link.
function refusal(deps: SignatureDeps, answer: CardAnswer, why: string): SignatureOutcome {
  const link = deps.signedApprovals?.pageLink?.(answer.runId)
  return {
    kind: 'refused',
    code: 'signature_required',
    message: `${why}: sign it with your passkey on the page${link === undefined ? '' : ` (${link})`}`,
  }
}
