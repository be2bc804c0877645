import type { decodeClientDataJSON, parseAuthenticatorData } from '@simplewebauthn/server/helpers'
import { signingChallenge } from '../vocabulary/SignedDecision.ts'
import { SignedReceiptSchema } from '../vocabulary/SignedReceipt.ts'
import type { SignedReceipt } from './SignedApprovals.ts'

export { SignedReceiptSchema } from '../vocabulary/SignedReceipt.ts'

/** What can be wrong with a receipt, each named for what was changed. */
export type ReceiptProblemCode =
  /** Not a receipt of this format. */
  | 'receipt_malformed'
  /** The card, call, decision, deadline or nonce is not what the challenge signed. */
  | 'binding_changed'
  /** The public key is not the one the checker holds for this person. */
  | 'key_changed'
  /** The client data is not a WebAuthn assertion for the receipt's origin. */
  | 'origin_changed'
  /** The authenticator data is not for the receipt's RP id. */
  | 'rp_changed'
  /** The authenticator did not verify the person. */
  | 'user_not_verified'
  /** The signature does not verify over the authenticator and client data with the key. */
  | 'signature_invalid'

/** A receipt's verdict: good, or the problems found (each named). */
export type ReceiptVerdict =
  | { ok: true; receipt: SignedReceipt }
  | { ok: false; problems: { code: ReceiptProblemCode; message: string }[] }

/**
 * Checks a signed decision's receipt offline, with nothing but the receipt and (to trust it) the
 * person's public key as the checker holds it: the challenge remade from the binding is the one in
 * the client data, the origin and RP id are the receipt's, the person was verified, and the
 * signature verifies with the key. Pure: no store, no network, no clock.
 */
export async function verifySignedReceipt(
  raw: unknown,
  options: { publicKey?: string } = {},
): Promise<ReceiptVerdict> {
  const parsed = SignedReceiptSchema.safeParse(raw)
  if (!parsed.success)
    return fail('receipt_malformed', parsed.error.issues.map((i) => i.message).join('; '))
  const receipt = parsed.data
  // Loaded on the first check, not with the runtime: it is a third of a second of start-up that
  // a runtime with no signed rules would pay for nothing.
  const { isoBase64URL, isoUint8Array, toHash, verifySignature, ...decode } = await import(
    '@simplewebauthn/server/helpers'
  )
  const problems: { code: ReceiptProblemCode; message: string }[] = []
  const say = (code: ReceiptProblemCode, message: string) => problems.push({ code, message })
  if (options.publicKey !== undefined && options.publicKey !== receipt.publicKey)
    say('key_changed', 'the receipt names another public key than the signer’s')
  let client: ReturnType<typeof decodeClientDataJSON>
  let data: ReturnType<typeof parseAuthenticatorData>
  try {
    client = decode.decodeClientDataJSON(receipt.assertion.clientDataJSON)
    data = decode.parseAuthenticatorData(isoBase64URL.toBuffer(receipt.assertion.authenticatorData))
  } catch (error) {
    return fail('receipt_malformed', error instanceof Error ? error.message : String(error))
  }
  if (client.challenge !== signingChallenge(receipt.binding))
    say('binding_changed', 'the card, call, decision, deadline or nonce is not what was signed')
  if (client.type !== 'webauthn.get' || client.origin !== receipt.origin)
    say('origin_changed', `the assertion was made for ${client.origin}, not ${receipt.origin}`)
  if (!isoUint8Array.areEqual(data.rpIdHash, await toHash(receipt.rpId)))
    say('rp_changed', `the authenticator data is not for ${receipt.rpId}`)
  if (!data.flags.uv) say('user_not_verified', 'the authenticator did not verify the person')
  const signed = isoUint8Array.concat([
    isoBase64URL.toBuffer(receipt.assertion.authenticatorData),
    await toHash(isoBase64URL.toBuffer(receipt.assertion.clientDataJSON)),
  ])
  let good = false
  try {
    good = await verifySignature({
      signature: isoBase64URL.toBuffer(receipt.assertion.signature),
      data: signed,
      credentialPublicKey: isoBase64URL.toBuffer(options.publicKey ?? receipt.publicKey),
    })
  } catch {
    good = false
  }
  if (!good) say('signature_invalid', 'the signature does not verify with the public key')
  return problems.length === 0 ? { ok: true, receipt } : { ok: false, problems }
}

const fail = (code: ReceiptProblemCode, message: string): ReceiptVerdict => ({
  ok: false,
  problems: [{ code, message }],
})
