import type { PasskeyAssertion } from '../../vocabulary/SignedDecision.ts'
import type { WebAuthnClient } from '../core/WebAuthnClient.ts'

// Loaded on first use: most visits never make or use a passkey, so it stays out of the first load.
const library = () => import('@simplewebauthn/browser')

/** This browser's WebAuthn ceremonies, through `@simplewebauthn/browser` (user verification as the server's options ask). */
export const browserWebAuthn: WebAuthnClient = {
  async create(options) {
    const { startRegistration } = await library()
    return startRegistration({ optionsJSON: options as never })
  },
  async get(options) {
    const { startAuthentication } = await library()
    return (await startAuthentication({ optionsJSON: options as never })) as PasskeyAssertion
  },
}
