import { z } from 'zod'
import type { SigningBinding } from '../vocabulary/SignedDecision.ts'

/**
 * One person's registered passkey as the store keeps it: the credential's id and COSE public key
 * (base64url, as WebAuthn gives them), the signature counter last seen, and when it was revoked.
 * Times are epoch ms. A revoked passkey is kept (a receipt it signed still names it) but signs
 * nothing more.
 */
export interface StoredPasskey {
  version: 1
  credentialId: string
  personId: string
  publicKey: string
  counter: number
  /** What the authenticator said it can be reached by (`internal`, `usb`, `hybrid`…). */
  transports?: string[]
  /** The name the person reads in their list ("Passkey added 6 Dec 2026"). */
  label: string
  createdAt: number
  revokedAt?: number
}

/**
 * A ceremony the server started and is waiting to see answered: a registration, or a signature
 * over one decision on one card. Its `nonce` is used once (`takeCeremony` removes it), so an
 * assertion made for it cannot be replayed; `binding` is what the challenge was made from.
 */
export interface PasskeyCeremony {
  version: 1
  nonce: string
  personId: string
  kind: 'register' | 'sign'
  /** The challenge the browser was given (base64url). */
  challenge: string
  expiresAt: number
  /** For a signature: the card and decision it was asked for. */
  binding?: Omit<SigningBinding, 'nonce'>
}

/**
 * Where the passkeys of signed-in people live, shared by every node of the app: an optional
 * capability of a `RunStore` (`RunStore.passkeys`), like browser sessions.
 */
export interface PasskeyStore {
  /** Keeps a new passkey; false when a passkey of that credential id is already kept. */
  add(passkey: StoredPasskey): Promise<boolean>
  /** The passkey of that credential id (revoked or not), or undefined. */
  get(credentialId: string): Promise<StoredPasskey | undefined>
  /** A person's passkeys, oldest first, revoked ones included. */
  list(personId: string): Promise<StoredPasskey[]>
  /** Revokes one of the person's passkeys; false when they have no such passkey still in use. */
  revoke(personId: string, credentialId: string, at: number): Promise<boolean>
  /**
   * Moves a passkey's counter forward after a good signature: false when it is revoked or the
   * counter did not grow (a cloned authenticator; authenticators that keep no counter send 0).
   */
  advanceCounter(credentialId: string, counter: number): Promise<boolean>
  /** Keeps a ceremony until it is taken or expires. */
  startCeremony(ceremony: PasskeyCeremony): Promise<void>
  /** The ceremony of `nonce`, removed so no second answer finds it; undefined if none (or taken). */
  takeCeremony(nonce: string): Promise<PasskeyCeremony | undefined>
  /** Drops ceremonies that expired before `now`; returns how many. */
  sweep(now: number): Promise<number>
}

const bindingSchema = z.object({
  runId: z.string().min(1),
  confirmationId: z.string().min(1),
  digest: z.string().min(1),
  decision: z.enum(['allow', 'deny']),
  deadline: z.string().min(1),
})

const ceremonySchema = z.object({
  version: z.literal(1),
  nonce: z.string().min(16),
  personId: z.string().min(1),
  kind: z.enum(['register', 'sign']),
  challenge: z.string().min(16),
  expiresAt: z.number(),
  binding: bindingSchema.optional(),
})

const passkeySchema = z.object({
  version: z.literal(1),
  credentialId: z.string().min(1),
  personId: z.string().min(1),
  publicKey: z.string().min(1),
  counter: z.number().int().min(0),
  transports: z.array(z.string()).optional(),
  label: z.string(),
  createdAt: z.number(),
  revokedAt: z.number().optional(),
})

// zod gives optional keys as present-but-undefined; the store hands back what was kept.
const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

/** A stored passkey read back through its schema; undefined for anything else (never trusted). */
export function parseStoredPasskey(raw: unknown): StoredPasskey | undefined {
  const parsed = passkeySchema.safeParse(raw)
  return parsed.success ? withoutUndefined(parsed.data) : undefined
}

/** A stored ceremony read back through its schema; undefined for anything else. */
export function parsePasskeyCeremony(raw: unknown): PasskeyCeremony | undefined {
  const parsed = ceremonySchema.safeParse(raw)
  return parsed.success ? withoutUndefined(parsed.data) : undefined
}
