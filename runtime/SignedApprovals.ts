import type { DecisionRefusalCode } from '../vocabulary/DecisionRequest.ts'
import type { Identity } from '../vocabulary/Identity.ts'
import type { SignedAnswer, SigningBinding } from '../vocabulary/SignedDecision.ts'
import type { SignedReceipt } from '../vocabulary/SignedReceipt.ts'

export type { SignedReceipt } from '../vocabulary/SignedReceipt.ts'

/** The refusals a signature check answers with. */
export type SignatureRefusalCode = Extract<
  DecisionRefusalCode,
  | 'signature_invalid'
  | 'signature_replayed'
  | 'signature_expired'
  | 'signature_mismatch'
  | 'user_not_verified'
  | 'passkey_unknown'
  | 'passkey_revoked'
>

/**
 * One signed answer to check, with the card as this runtime holds it (never as the answer says):
 * the binding the challenge must have been made from, less the nonce and deadline the ceremony
 * kept.
 */
export interface SignatureCheck {
  card: Omit<SigningBinding, 'nonce' | 'deadline'>
  /** Who decides, as the host authenticated them. */
  by: Identity | undefined
  signed: SignedAnswer
}

/** What a signature check says. */
export type SignatureVerdict =
  | { ok: true; receipt: SignedReceipt }
  | { ok: false; code: SignatureRefusalCode; message: string }

/**
 * The host's checker of signed decisions (the app's, over its passkey store): the decision intake
 * asks it, before any decision is taken, about every answer to a card whose rule requires a
 * signed approval. A runtime without one refuses such answers (`signature_required`).
 */
export interface SignedApprovals {
  /** Checks one signed answer; uses its ceremony up, whatever the verdict. */
  verify(check: SignatureCheck): Promise<SignatureVerdict>
  /** Keeps the receipt of a signed decision that took its card (or was counted toward a quorum). */
  keep?(receipt: SignedReceipt): Promise<void>
  /** Where a person signs a run's card (the page), for the faces that cannot sign to name. */
  pageLink?(runId: string): string | undefined
}
