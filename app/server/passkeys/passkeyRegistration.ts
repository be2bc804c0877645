import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { StoredPasskey } from '../../../store/PasskeyStore.ts'
import type { Person } from '../../../vocabulary/Identity.ts'
import type { PasskeyRelyingParty } from './PasskeyRelyingParty.ts'

// Loaded at the first ceremony, not with the server (see passkeySignatures.ts).
const webAuthn = () => import('@simplewebauthn/server')

/** Why a passkey was not registered. */
export type RegistrationRefusal = {
  ok: false
  code: 'ceremony_not_found' | 'ceremony_expired' | 'registration_invalid' | 'passkey_exists'
  message: string
}

/**
 * Starts registering a passkey for `person`: the options for the browser's
 * `navigator.credentials.create` (user verification required, their passkeys excluded), kept as
 * a single-use ceremony under its challenge.
 */
export async function registrationOptions(
  party: PasskeyRelyingParty,
  person: Person,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await party.store.list(person.id)
  const { generateRegistrationOptions } = await webAuthn()
  const options = await generateRegistrationOptions({
    rpName: party.rpName,
    rpID: party.rpId,
    userName: person.name ?? person.id,
    userID: new TextEncoder().encode(person.id),
    attestationType: 'none',
    excludeCredentials: existing
      .filter((p) => p.revokedAt === undefined)
      .map((p) => ({ id: p.credentialId })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    timeout: party.ceremonyMs,
  })
  await party.store.startCeremony({
    version: 1,
    nonce: options.challenge,
    personId: person.id,
    kind: 'register',
    challenge: options.challenge,
    expiresAt: party.clock().getTime() + party.ceremonyMs,
  })
  return options
}

/**
 * Finishes a registration: the browser's answer must be for a ceremony this person started (used
 * once), in time, from the app's origin and RP id, with the person verified; the passkey is kept.
 */
export async function registerPasskey(
  party: PasskeyRelyingParty,
  person: Person,
  response: RegistrationResponseJSON,
  label?: string,
): Promise<{ ok: true; passkey: StoredPasskey } | RegistrationRefusal> {
  let challenge: string
  try {
    challenge = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    ).challenge
  } catch {
    return refusal('registration_invalid', 'the answer carries no readable client data')
  }
  const ceremony =
    typeof challenge === 'string' ? await party.store.takeCeremony(challenge) : undefined
  if (ceremony === undefined || ceremony.kind !== 'register' || ceremony.personId !== person.id)
    return refusal('ceremony_not_found', 'no registration of yours is waiting for this answer')
  const now = party.clock()
  if (ceremony.expiresAt <= now.getTime())
    return refusal('ceremony_expired', 'the registration took too long: start it again')
  const webAuthnServer = await webAuthn()
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await webAuthnServer.verifyRegistrationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      requireUserVerification: true,
    })
  } catch (error) {
    return refusal('registration_invalid', error instanceof Error ? error.message : String(error))
  }
  if (!verified.verified) return refusal('registration_invalid', 'the passkey did not verify')
  const { credential } = verified.registrationInfo
  const passkey: StoredPasskey = {
    version: 1,
    credentialId: credential.id,
    personId: person.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    ...(credential.transports !== undefined && { transports: [...credential.transports] }),
    label: label?.trim().slice(0, 100) || `Passkey added ${now.toISOString().slice(0, 10)}`,
    createdAt: now.getTime(),
  }
  if (!(await party.store.add(passkey)))
    return refusal('passkey_exists', 'this passkey is registered already')
  return { ok: true, passkey }
}

const refusal = (code: RegistrationRefusal['code'], message: string): RegistrationRefusal => ({
  ok: false,
  code,
  message,
})
