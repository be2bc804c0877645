import type { PasskeyStore } from '../../../store/PasskeyStore.ts'

/**
 * Who the app is to a person's authenticator (the WebAuthn relying party), from the app's
 * configured public origin: its RP id is the origin's host name, and only that origin's pages
 * may make or use its passkeys.
 */
export interface PasskeyRelyingParty {
  store: PasskeyStore
  /** The page's origin, exactly as the browser reports it (`https://studypulse.example`). */
  origin: string
  rpId: string
  /** The name an authenticator shows when a passkey is made. */
  rpName: string
  clock: () => Date
  /** How long a ceremony (registration, or signing one decision) may take; default 5 minutes. */
  ceremonyMs: number
}

/** The relying party of an app served at `origin` (its public origin), over `store`. */
export function passkeyRelyingParty(
  store: PasskeyStore,
  origin: string,
  options: { rpName?: string; clock?: () => Date; ceremonyMs?: number } = {},
): PasskeyRelyingParty {
  const url = new URL(origin)
  return {
    store,
    origin: url.origin,
    rpId: url.hostname,
    rpName: options.rpName ?? 'StudyPulse',
    clock: options.clock ?? (() => new Date()),
    ceremonyMs: options.ceremonyMs ?? 5 * 60_000,
  }
}
