import type { PasskeyAssertion } from '../../vocabulary/SignedDecision.ts'

/**
 * The browser's WebAuthn ceremonies as a page hands them to its clients (e.g. over
 * `@simplewebauthn/browser`): the server's options JSON in, the authenticator's answer out. Given,
 * the clients register passkeys and sign decisions on cards whose rule requires a signature.
 */
export interface WebAuthnClient {
  /** Makes a passkey (`navigator.credentials.create`); answers the registration response JSON. */
  create(options: Record<string, unknown>): Promise<unknown>
  /** Signs a challenge with a passkey (`navigator.credentials.get`); answers the assertion JSON. */
  get(options: Record<string, unknown>): Promise<PasskeyAssertion>
}
