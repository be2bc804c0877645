import { z } from 'zod'

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')

/** A WebAuthn assertion as `@simplewebauthn/browser`'s `startAuthentication` answers. */
export const AssertionBody = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    authenticatorData: b64url(4000),
    clientDataJSON: b64url(4000),
    signature: b64url(400),
    userHandle: b64url(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
})

/** A decision's signature: the ceremony's nonce and the assertion over its challenge. */
export const SignatureBody = z.strictObject({
  nonce: b64url(200),
  assertion: AssertionBody,
})

/** `POST /api/passkeys`: the browser's answer to the registration options, and a label. */
export const PasskeyRegistrationBody = z.strictObject({
  response: z.looseObject({
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: b64url(4000), attestationObject: b64url(8000) }),
    clientExtensionResults: z.record(z.string(), z.unknown()),
  }),
  label: z.string().max(100).optional(),
})

/** `POST /api/passkeys/revoke`: which of your passkeys to revoke. */
export const PasskeyRevokeBody = z.strictObject({ credentialId: b64url(1400) })

/** `POST /api/runs/:runId/signing`: the decision on the open card to sign. */
export const SigningBody = z.strictObject({
  confirmationId: z.string().min(1).max(200),
  decision: z.enum(['allow', 'deny']),
})

/** One passkey as its person's list shows it. */
export const PasskeyEntry = z.strictObject({
  credentialId: z.string(),
  label: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  revokedAt: z.string().describe('ISO 8601; absent while in use').optional(),
})

/** `GET /api/passkeys`: your passkeys, oldest first, revoked ones included. */
export const PasskeysAnswer = z.strictObject({
  available: z
    .boolean()
    .describe(
      'Whether this app keeps passkeys for you (hosted mode, signed in, a store that keeps them).',
    ),
  passkeys: z.array(PasskeyEntry),
})

/** WebAuthn options for the browser (`PublicKeyCredentialCreationOptionsJSON` or `…RequestOptionsJSON`). */
export const WebAuthnOptions = z.looseObject({ challenge: z.string() })

/** `POST /api/runs/:runId/signing`: the options to sign with, and what the challenge binds. */
export const SigningAnswer = z.strictObject({
  options: WebAuthnOptions,
  binding: z.strictObject({
    runId: z.string(),
    confirmationId: z.string(),
    digest: z.string(),
    decision: z.enum(['allow', 'deny']),
    deadline: z.string(),
    nonce: z.string(),
  }),
})
