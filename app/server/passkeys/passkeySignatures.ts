import { randomBytes } from 'node:crypto'
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import { bindingMismatch } from '../../../machines/runGuards.ts'
import type {
  SignatureCheck,
  SignatureRefusalCode,
  SignatureVerdict,
  SignedApprovals,
} from '../../../runtime/SignedApprovals.ts'
import type { Person } from '../../../vocabulary/Identity.ts'
import { type SigningBinding, signingChallenge } from '../../../vocabulary/SignedDecision.ts'
import type { PasskeyRelyingParty } from './PasskeyRelyingParty.ts'

// Loaded at the first ceremony, not with the server: a third of a second of start-up that an app
// nobody signs on would pay for nothing.
const webAuthn = () => import('@simplewebauthn/server')
// A base64url text's bytes in an array of their own (a small Buffer is a view into a shared pool,
// and the library reads the whole underlying buffer of what it is given in places).
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'))

/** What the page needs to sign one decision: the browser's options and what they bind. */
export interface SigningRequest {
  options: PublicKeyCredentialRequestOptionsJSON
  binding: SigningBinding
}

/**
 * Starts signing one decision on one card for `person`: a fresh single-use nonce, a deadline (the
 * ceremony's, or the card's if sooner) and the challenge made from them and the card as the
 * server holds it; only the person's passkeys in use may answer, with user verification.
 * Undefined when they have none.
 */
export async function signingRequest(
  party: PasskeyRelyingParty,
  person: Person,
  card: Omit<SigningBinding, 'nonce' | 'deadline'>,
  cardDeadline: string | undefined,
): Promise<SigningRequest | undefined> {
  const keys = (await party.store.list(person.id)).filter((p) => p.revokedAt === undefined)
  if (keys.length === 0) return undefined
  const { generateAuthenticationOptions } = await webAuthn()
  const now = party.clock().getTime()
  const until = Math.min(
    now + party.ceremonyMs,
    cardDeadline === undefined ? Infinity : Date.parse(cardDeadline),
  )
  const binding: SigningBinding = {
    ...card,
    deadline: new Date(until).toISOString(),
    nonce: randomBytes(32).toString('base64url'),
  }
  const challenge = signingChallenge(binding)
  const { nonce, ...kept } = binding
  await party.store.startCeremony({
    version: 1,
    nonce,
    personId: person.id,
    kind: 'sign',
    challenge,
    expiresAt: until,
    binding: kept,
  })
  const options = await generateAuthenticationOptions({
    rpID: party.rpId,
    challenge: bytesOf(challenge),
    allowCredentials: keys.map((p) => ({
      id: p.credentialId,
      ...(p.transports && { transports: p.transports }),
    })),
    userVerification: 'required',
    timeout: Math.max(0, until - now),
  })
  return { options, binding }
}

// The authenticator data's flags byte follows the 32-byte RP id hash; bit 2 is "user verified".
const userVerified = (authenticatorData: string): boolean => {
  const bytes = Buffer.from(authenticatorData, 'base64url')
  return bytes.length > 32 && ((bytes[32] ?? 0) & 0x04) !== 0
}

const no = (code: SignatureRefusalCode, message: string): SignatureVerdict => ({
  ok: false,
  code,
  message,
})

/**
 * Checks one signed answer (the runtime's `SignedApprovals.verify`), in this order: the ceremony
 * exists and is taken now (else a replay), it was started by this person for this card, run,
 * call and decision, its deadline has not passed, the passkey is this person's and in use, the
 * authenticator verified the person, and the signature verifies over the challenge remade from
 * the card as the runtime holds it; then the passkey's counter moves forward.
 */
export async function verifySignedAnswer(
  party: PasskeyRelyingParty,
  check: SignatureCheck,
): Promise<SignatureVerdict> {
  const { signed, card, by } = check
  const ceremony = await party.store.takeCeremony(String(signed?.nonce))
  if (ceremony === undefined || ceremony.kind !== 'sign' || ceremony.binding === undefined)
    return no('signature_replayed', 'this signature was used already, or never asked for')
  const bound = ceremony.binding
  if (by?.id === undefined || ceremony.personId !== by.id)
    return no('signature_mismatch', 'this signature was asked for by someone else')
  const mismatch = bindingMismatch(bound, card)
  if (mismatch === 'other_card')
    return no('signature_mismatch', 'this signature was made for another card')
  if (mismatch === 'other_call')
    return no('signature_mismatch', 'this signature was made for another call')
  if (bound.decision !== card.decision)
    return no(
      'signature_mismatch',
      `this signature was made to ${bound.decision}, not to ${card.decision}`,
    )
  if (Date.parse(bound.deadline) <= party.clock().getTime())
    return no('signature_expired', 'the signature came after its deadline')
  const assertion = signed.assertion
  const passkey = await party.store.get(String(assertion?.id))
  if (passkey === undefined || passkey.personId !== by.id)
    return no('passkey_unknown', 'the passkey that signed is not one of yours')
  if (passkey.revokedAt !== undefined)
    return no('passkey_revoked', 'the passkey that signed was revoked')
  if (!userVerified(String(assertion.response?.authenticatorData)))
    return no('user_not_verified', 'the authenticator did not verify you (PIN or biometric)')
  const binding: SigningBinding = { ...card, deadline: bound.deadline, nonce: ceremony.nonce }
  const { verifyAuthenticationResponse } = await webAuthn()
  let newCounter: number
  try {
    const verified = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: signingChallenge(binding),
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: bytesOf(passkey.publicKey),
        counter: passkey.counter,
      },
      requireUserVerification: true,
    })
    if (!verified.verified) return no('signature_invalid', 'the signature does not verify')
    newCounter = verified.authenticationInfo.newCounter
  } catch (error) {
    return no('signature_invalid', error instanceof Error ? error.message : String(error))
  }
  if (!(await party.store.advanceCounter(passkey.credentialId, newCounter)))
    return no(
      'signature_invalid',
      'the passkey’s counter went back (a copied key?) or it was revoked',
    )
  const { authenticatorData, clientDataJSON, signature } = assertion.response
  return {
    ok: true,
    receipt: {
      version: 1,
      binding,
      signer: { id: by.id },
      credentialId: passkey.credentialId,
      publicKey: passkey.publicKey,
      rpId: party.rpId,
      origin: party.origin,
      assertion: { authenticatorData, clientDataJSON, signature },
    },
  }
}

/** The runtime's checker of signed decisions over the app's relying party. */
export function passkeySignedApprovals(
  party: PasskeyRelyingParty,
  options: { pageLink?: (runId: string) => string | undefined } = {},
): SignedApprovals {
  return {
    verify: (check) => verifySignedAnswer(party, check),
    ...(options.pageLink !== undefined && { pageLink: options.pageLink }),
  }
}
