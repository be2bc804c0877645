import type { IncomingMessage } from 'node:http'
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose'
import { AppServerError } from '../AppServerError.ts'
import { HttpError } from '../HttpError.ts'
import { type Authenticator, notSignedIn, type SignedIn, signedIn } from './Authenticator.ts'

/** OpenID Connect bearer tokens, as the issuer signs them: what the app checks and reads. */
export interface OidcOptions {
  kind: 'oidc'
  /** The issuer, exactly as its tokens' `iss` says (e.g. `https://login.example.edu/realms/study`). */
  issuer: string
  /** The audience the tokens must name (`aud`): this app's client id. */
  audience: string | readonly string[]
  /** The issuer's key set; default: its discovery document's `jwks_uri`. */
  jwksUrl?: string
  /** The signing algorithms accepted (default RS256, PS256, ES256, EdDSA); `none` and HMAC never. */
  algorithms?: readonly string[]
  /** How far `exp` and `nbf` may be off, in seconds (default 60: a token is good until `exp` + 60 s). */
  clockToleranceSeconds?: number
  /** The claim that lists the person's groups (default `groups`). */
  groupsClaim?: string
  /** The claim with the person's name (default `name`, then `preferred_username`, then `email`). */
  nameClaim?: string
  /** How soon a token signed by an unknown key may fetch the key set again (ms, default 30 s). */
  jwksCooldownMs?: number
  /** The time tokens are checked at (tests pass their own); now by default. */
  now?: () => Date
}

const defaultAlgorithms = ['RS256', 'PS256', 'ES256', 'EdDSA']
// Keys from a JWKS are public: an HMAC algorithm would let anyone holding one sign tokens.
const refusedAlgorithms = /^(none|HS\d+)$/i
const maxTokenBytes = 16 * 1024
// Both required by OpenID Connect ID tokens and RFC 9068 access tokens: a token without `exp`
// would never expire. (`iss` and `aud` are required by naming them; `sub` is read below.)
const requiredClaims = ['exp', 'iat']
const defaultClockToleranceSeconds = 60

/**
 * Verifies `Authorization: Bearer` tokens with `jose` against the issuer's JWKS: signature by a
 * key the issuer publishes (a key it rotates in is fetched when a token names it; one it rotated
 * out is gone), `iss`, `aud`, `exp` (required, as is `iat`) and `nbf` with 60 s of clock skew by
 * default, and an algorithm allow-list.
 */
export function oidcAuthenticator(options: OidcOptions): Authenticator {
  const algorithms = [...(options.algorithms ?? defaultAlgorithms)]
  const refused = algorithms.find((alg) => refusedAlgorithms.test(alg))
  if (refused !== undefined || algorithms.length === 0)
    throw new AppServerError(
      'invalid_auth',
      `OpenID Connect tokens are checked with the issuer's public keys: ${refused ?? 'an empty list'} cannot be allowed`,
    )
  const issuer = checkedUrl(options.issuer, 'the issuer')
  const audience = typeof options.audience === 'string' ? options.audience : [...options.audience]
  if (audience.length === 0)
    throw new AppServerError('invalid_auth', 'OpenID Connect needs the audience tokens must name')
  let keySet: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined
  const keys = () => {
    keySet ??= (options.jwksUrl === undefined ? discover(issuer) : Promise.resolve(options.jwksUrl))
      .then((url) =>
        createRemoteJWKSet(new URL(checkedUrl(url, 'the JWKS')), {
          cooldownDuration: options.jwksCooldownMs ?? 30_000,
          timeoutDuration: 5_000,
        }),
      )
      .catch((error: unknown) => {
        // Tried again by the next request: the issuer may be back.
        keySet = undefined
        throw error
      })
    return keySet
  }
  return {
    kind: 'oidc',
    async authenticate(req: IncomingMessage): Promise<SignedIn> {
      const header = req.headers.authorization
      const token = typeof header === 'string' ? /^Bearer ([^\s]+)$/i.exec(header)?.[1] : undefined
      if (token === undefined)
        throw notSignedIn('sign in: send your token as Authorization: Bearer <token>', true)
      if (token.length > maxTokenBytes) throw notSignedIn('the token is too long', true)
      let payload: JWTPayload
      try {
        const verified = await jwtVerify(token, await keys(), {
          issuer,
          audience,
          algorithms,
          requiredClaims,
          clockTolerance: options.clockToleranceSeconds ?? defaultClockToleranceSeconds,
          ...(options.now !== undefined && { currentDate: options.now() }),
        })
        payload = verified.payload
      } catch (error) {
        throw refusal(error)
      }
      const nameClaim = options.nameClaim ?? 'name'
      const name = [payload[nameClaim], payload.preferred_username, payload.email].find(
        (v) => typeof v === 'string' && v !== '',
      )
      return signedIn(payload.sub, name, payload[options.groupsClaim ?? 'groups'], true)
    },
  }
}

// The issuer's `jwks_uri`, from its discovery document.
async function discover(issuer: string): Promise<string> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  const document = (await response.json()) as { jwks_uri?: unknown; issuer?: unknown }
  if (document.issuer !== issuer) throw new Error(`${url} names another issuer`)
  if (typeof document.jwks_uri !== 'string') throw new Error(`${url} has no jwks_uri`)
  return document.jwks_uri
}

// An https URL, or http on loopback (a test's or a sidecar's issuer).
function checkedUrl(text: string, what: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new AppServerError('invalid_auth', `${what} must be a URL, not ${JSON.stringify(text)}`)
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new AppServerError(
      'invalid_auth',
      `${what} must be https (http only on loopback): ${text}`,
    )
  return text
}

// What a person is told about a token that is refused; the issuer out of reach is a 503.
function refusal(error: unknown): HttpError {
  if (error instanceof errors.JWTExpired) return notSignedIn('the token has expired', true)
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing')
      return notSignedIn(`the token has no "${error.claim}" claim, which is required`, true)
    const said: Record<string, string> = {
      nbf: 'the token is not valid yet',
      iat: 'the token was issued in the future',
      iss: 'the token is from another issuer',
      aud: 'the token is for another audience',
    }
    return notSignedIn(said[error.claim] ?? `the token's ${error.claim} claim is refused`, true)
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return notSignedIn("the token's algorithm is not allowed", true)
  if (error instanceof errors.JWKSNoMatchingKey)
    return notSignedIn('no key of the issuer signed this token (unknown or retired key)', true)
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return notSignedIn("the token's signature does not verify", true)
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || !isJose(error))
    return new HttpError(503, 'auth_unavailable', "the issuer's keys cannot be read now; try again")
  return notSignedIn('the token is not a valid signed token', true)
}

function isJose(error: unknown): boolean {
  return error instanceof errors.JOSEError
}
