import {
  PasskeyRegistrationBody,
  PasskeyRevokeBody,
  PasskeysAnswer,
  SigningAnswer,
  SigningBody,
  WebAuthnOptions,
} from './passkeySchemas.ts'

// Typed where apiOperations.ts lists them (importing its types here would be a cycle).
const off = {
  status: 404,
  code: 'passkeys_off',
  when: 'the app keeps no passkeys (only hosted mode over a store that keeps them does)',
}
const ok = { description: 'Done.' }

/** The passkey routes as the reference describes them. */
export const passkeyOperations = [
  {
    id: 'listPasskeys',
    method: 'GET' as const,
    path: '/api/passkeys',
    summary:
      'Your passkeys, oldest first, revoked ones included; `available: false` where the app keeps none.',
    answers: { 200: { description: 'Your passkeys.', schema: PasskeysAnswer } },
    refusals: [],
  },
  {
    id: 'passkeyRegistrationOptions',
    method: 'POST' as const,
    path: '/api/passkeys/registration',
    summary:
      "Starts registering a passkey: the options for the browser's `navigator.credentials.create` (user verification required), good once for 5 minutes.",
    answers: { 200: { description: 'The creation options.', schema: WebAuthnOptions } },
    refusals: [off],
  },
  {
    id: 'registerPasskey',
    method: 'POST' as const,
    path: '/api/passkeys',
    summary: "Finishes registering a passkey with the browser's answer to the options.",
    body: PasskeyRegistrationBody,
    answers: { 200: ok },
    refusals: [
      off,
      { status: 400, code: 'registration_invalid', when: 'the answer does not verify' },
      { status: 409, code: 'ceremony_not_found', when: 'no registration of yours waits for it' },
      { status: 409, code: 'ceremony_expired', when: 'the registration took too long' },
      { status: 409, code: 'passkey_exists', when: 'that passkey is registered already' },
    ],
  },
  {
    id: 'revokePasskey',
    method: 'POST' as const,
    path: '/api/passkeys/revoke',
    summary: 'Revokes one of your passkeys: it signs nothing more (receipts it signed stay).',
    body: PasskeyRevokeBody,
    answers: { 200: ok },
    refusals: [
      off,
      { status: 404, code: 'passkey_not_found', when: 'no such passkey of yours in use' },
    ],
  },
  {
    id: 'signDecision',
    method: 'POST' as const,
    path: '/api/runs/:runId/signing',
    summary:
      'Starts signing one decision on the open card: the challenge is the SHA-256 of the card’s call digest, id, run, the decision, a deadline and a single-use nonce; answer with the assertion as `signature` on the decision.',
    body: SigningBody,
    answers: {
      200: { description: 'The request options and what they bind.', schema: SigningAnswer },
    },
    refusals: [
      off,
      { status: 409, code: 'confirmation_not_found', when: 'the run is not waiting on that card' },
      {
        status: 409,
        code: 'signature_not_required',
        when: 'the card is decided without a signature',
      },
      { status: 409, code: 'no_passkey', when: 'you have no passkey in use' },
    ],
  },
]

/** The refusals a decision on a card that must be signed can get. */
export const signatureRefusals = [
  {
    status: 403,
    code: 'signature_required',
    when: 'the card must be signed and the decision carries no signature',
  },
  {
    status: 403,
    code: 'signature_invalid',
    when: 'the signature does not verify over this card’s challenge',
  },
  { status: 409, code: 'signature_replayed', when: 'the signature’s ceremony was used already' },
  { status: 409, code: 'signature_expired', when: 'the signature came after its deadline' },
  {
    status: 403,
    code: 'signature_mismatch',
    when: 'the signature was asked for another card, call, decision or person',
  },
  { status: 403, code: 'user_not_verified', when: 'the authenticator did not verify you' },
  { status: 403, code: 'passkey_unknown', when: 'the passkey is not one of yours' },
  { status: 403, code: 'passkey_revoked', when: 'the passkey was revoked' },
]
