import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import * as oidc from 'openid-client'
import type { SessionStore, StoredSession } from '../../../store/SessionStore.ts'
import { HttpError } from '../HttpError.ts'
import { type SignedIn, signedIn } from './Authenticator.ts'
import type { OidcOptions } from './oidcAuthenticator.ts'
import type { SessionCipher } from './sessionCipher.ts'

/** What a refresh token is sealed for (see `SessionCipher`). */
export const refreshPurpose = 'studypulse refresh token'

/** The person an ID token names, read as bearer tokens are (the same claims, the same checks). */
export function personFromClaims(claims: oidc.IDToken, auth: OidcOptions): SignedIn {
  const nameClaim = auth.nameClaim ?? 'name'
  const name = [claims[nameClaim], claims.preferred_username, claims.email].find(
    (v) => typeof v === 'string' && v !== '',
  )
  return signedIn(claims.sub, name, claims[auth.groupsClaim ?? 'groups'])
}

/** When the issuer's sign-in stops being good: the access token's life, else the ID token's. */
export function tokenExpiry(
  tokens: oidc.TokenEndpointResponseHelpers,
  claims: oidc.IDToken | undefined,
  now: number,
): number {
  const seconds = tokens.expiresIn()
  if (seconds !== undefined) return now + seconds * 1000
  return claims !== undefined ? claims.exp * 1000 : now + 5 * 60_000
}

/** A new session for `me` after a good callback, and the random id its cookie carries. */
export function newSession(
  me: SignedIn,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  claims: oidc.IDToken,
  context: { cipher: SessionCipher; now: number },
): { id: string; session: StoredSession } {
  const id = randomBytes(32).toString('base64url')
  const refreshToken = tokens.refresh_token
  return {
    id,
    session: {
      version: 1,
      key: context.cipher.keyOf(id),
      person: { id: me.id, ...(me.name !== undefined && { name: me.name }) },
      groups: [...me.groups],
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: context.now,
      expiresAt: tokenExpiry(tokens, claims, context.now),
      ...(refreshToken !== undefined && {
        refreshToken: context.cipher.seal(refreshToken, refreshPurpose),
      }),
    },
  }
}

/** Refuses a request with the session cookie that lacks the session's CSRF token (`403`). */
export function checkCsrf(req: IncomingMessage, csrfToken: string): void {
  const given = req.headers['x-studypulse-token']
  const want = Buffer.from(csrfToken)
  const have = Buffer.from(typeof given === 'string' ? given : '')
  if (have.length !== want.length || !timingSafeEqual(have, want))
    throw new HttpError(403, 'csrf_refused', 'this request lacks the page’s token: reload the page')
}

/**
 * Refreshes expired sessions at the issuer with their sealed refresh token, one refresh per
 * session at a time on this node (a rotating refresh token is good once); resolves with the
 * session extended, or undefined when it cannot go on (no refresh token, or the issuer refused).
 */
export function sessionRefresher(context: {
  config: () => Promise<oidc.Configuration>
  cipher: SessionCipher
  sessions: SessionStore
  auth: OidcOptions
  now: () => number
}): (stored: StoredSession) => Promise<StoredSession | undefined> {
  const { cipher, sessions } = context
  const refreshing = new Map<string, Promise<StoredSession | undefined>>()
  const refresh = async (stored: StoredSession): Promise<StoredSession | undefined> => {
    const token =
      stored.refreshToken === undefined
        ? undefined
        : cipher.open(stored.refreshToken, refreshPurpose)
    if (token === undefined) return undefined
    try {
      const tokens = await oidc.refreshTokenGrant(await context.config(), token)
      const claims = tokens.claims()
      const change = {
        expiresAt: tokenExpiry(tokens, claims, context.now()),
        ...(claims !== undefined && { groups: [...personFromClaims(claims, context.auth).groups] }),
        ...(tokens.refresh_token !== undefined && {
          refreshToken: cipher.seal(tokens.refresh_token, refreshPurpose),
        }),
      }
      if (!(await sessions.refresh(stored.key, change))) return undefined
      return { ...stored, ...change }
    } catch {
      return undefined
    }
  }
  return (stored) => {
    let pending = refreshing.get(stored.key)
    if (pending === undefined) {
      pending = refresh(stored).finally(() => refreshing.delete(stored.key))
      refreshing.set(stored.key, pending)
    }
    return pending
  }
}
