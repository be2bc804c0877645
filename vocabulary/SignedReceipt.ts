import { z } from 'zod'
import { CallTargetSchema } from './CallDescription.ts'

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
})

/**
 * A signed decision as it was verified: everything someone outside needs to check it again with
 * only the person's public key (see `verifySignedReceipt`).
 */
export type SignedReceipt = z.infer<typeof SignedReceiptSchema>

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
})

/** The card's call in canonical form (see `SignedCallSchema`). */
export type SignedCall = z.infer<typeof SignedCallSchema>

/** One signed decision as the audit log keeps it (version 1): the card's call and the receipt. */
export const AuditReceiptSchema = z.strictObject({
  version: z.literal(1),
  call: SignedCallSchema,
  receipt: SignedReceiptSchema,
})

/** One signed decision as the audit log keeps it (see `AuditReceiptSchema`). */
export type AuditReceipt = z.infer<typeof AuditReceiptSchema>
