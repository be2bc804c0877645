import { z } from 'zod'
import { type CallTarget, CallTargetSchema } from './CallDescription.ts'
import type { SigningBinding } from './SignedDecision.ts'

const text = z.string().min(1).max(10_000)

/**
 * The JSON format of a signed decision's receipt (version 1), as `verifySignedReceipt` reads it:
 * what was signed (`binding`), by whom and with which passkey, where, and the assertion itself.
 */
export const SignedReceiptSchema = z.strictObject({
  version: z.literal(1),
  binding: z.strictObject({
    runId: text,
    confirmationId: text,
    digest: text,
    decision: z.enum(['allow', 'deny']),
    deadline: text,
    nonce: text,
  }),
  signer: z.strictObject({ id: text }),
  credentialId: text,
  publicKey: text,
  rpId: text,
  origin: text,
  assertion: z.strictObject({ authenticatorData: text, clientDataJSON: text, signature: text }),
}) satisfies z.ZodType<SignedReceipt>

/**
 * A signed decision as it was verified: everything someone outside needs to check it again with
 * only the person's public key (see `verifySignedReceipt`).
 */
export interface SignedReceipt {
  version: 1
  /** What the challenge was made from. */
  binding: SigningBinding
  /** Who signed, as the host authenticated them. */
  signer: { id: string }
  /** The passkey that signed. */
  credentialId: string
  /** The passkey's COSE public key (base64url), as registered. */
  publicKey: string
  /** The relying party's id (the app's host name). */
  rpId: string
  /** The page's origin the assertion was made for. */
  origin: string
  /** The assertion (base64url): what the authenticator signed, and the signature. */
  assertion: { authenticatorData: string; clientDataJSON: string; signature: string }
}

/**
 * The card's call in canonical form, as a receipt in the audit log keeps it: the tool, its
 * contract (when it has one), the validated arguments as canonical JSON and the target the card
 * showed. The card digest a signature binds is made from exactly these (`cardDigest`).
 */
export const SignedCallSchema = z.strictObject({
  toolName: text,
  contract: z.string().max(100_000).optional(),
  argumentsJson: z.string().max(1_000_000),
  target: CallTargetSchema.optional(),
}) satisfies z.ZodType<SignedCall>

/** The card's call in canonical form (see `SignedCallSchema`). */
export interface SignedCall {
  toolName: string
  /** The tool's contract, when it declares one. */
  contract?: string
  /** The validated arguments, canonical JSON. */
  argumentsJson: string
  /** The record the card showed, at its version (`null` version: it did not exist). */
  target?: CallTarget
}

/** One signed decision as the audit log keeps it (version 1): the card's call and the receipt. */
export const AuditReceiptSchema = z.strictObject({
  version: z.literal(1),
  call: SignedCallSchema,
  receipt: SignedReceiptSchema,
}) satisfies z.ZodType<AuditReceipt>

/** One signed decision as the audit log keeps it (see `AuditReceiptSchema`). */
export interface AuditReceipt {
  version: 1
  call: SignedCall
  receipt: SignedReceipt
}
