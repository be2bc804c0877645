import { sha256 } from '@noble/hashes/sha2.js'

/**
 * What a signed decision's challenge is made from: the card's call (its digest), the card's id
 * and run, the decision, the signature's deadline and the server's single-use nonce. The
 * authenticator signs a challenge derived from all of them, so an assertion made for one card,
 * one decision or one ceremony proves nothing about another.
 */
export interface SigningBinding {
  runId: string
  confirmationId: string
  /** The card digest (`cardDigest`): the exact call, bound to the target the card showed. */
  digest: string
  // Spelled out, not `ConfirmationDecision`: a decision carries its receipt, so Decision.ts
  // imports this file's neighbours and an import back would be a cycle.
  decision: 'allow' | 'deny'
  /** When the signature stops being good (ISO 8601): the card's deadline, or sooner. */
  deadline: string
  /** The server's single-use nonce (base64url). */
  nonce: string
}

/**
 * A WebAuthn assertion as the browser's `navigator.credentials.get` answer is serialised
 * (`AuthenticationResponseJSON`): every binary field base64url.
 */
export interface PasskeyAssertion {
  id: string
  rawId: string
  type: 'public-key'
  response: {
    authenticatorData: string
    clientDataJSON: string
    signature: string
    userHandle?: string
  }
  clientExtensionResults: Record<string, unknown>
  authenticatorAttachment?: 'platform' | 'cross-platform'
}

/** A decision's signature as a face sends it with its answer: the ceremony's nonce and the assertion. */
export interface SignedAnswer {
  nonce: string
  assertion: PasskeyAssertion
}

const encoder = new TextEncoder()

// Versioned and labelled so the same bytes can never be read as another protocol's challenge.
const challengeLabel = 'studypulse.signed-decision.v1'

/** The exact text whose SHA-256 is the challenge: a label, then each bound field in a fixed order. */
export function signingText(binding: SigningBinding): string {
  return JSON.stringify([
    challengeLabel,
    binding.runId,
    binding.confirmationId,
    binding.digest,
    binding.decision,
    binding.deadline,
    binding.nonce,
  ])
}

/** The WebAuthn challenge for a binding: SHA-256 of `signingText`, base64url (pure; Node and browser alike). */
export function signingChallenge(binding: SigningBinding): string {
  return base64url(sha256(encoder.encode(signingText(binding))))
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** `bytes` as unpadded base64url (RFC 4648 §5), as WebAuthn's JSON carries binary fields. */
export function base64url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]]
    const n = (a << 16) | (b << 8) | c
    out += alphabet[(n >> 18) & 63]
    out += alphabet[(n >> 12) & 63]
    if (i + 1 < bytes.length) out += alphabet[(n >> 6) & 63]
    if (i + 2 < bytes.length) out += alphabet[n & 63]
  }
  return out
}
