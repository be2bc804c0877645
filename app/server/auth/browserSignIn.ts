import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import * as oidc from 'openid-client'
import type { SessionStore } from '../../../store/SessionStore.ts'
import { HttpError } from '../HttpError.ts'
import { sendJson } from '../sendJson.ts'
import { notSignedIn, type SignedIn } from './Authenticator.ts'
import type { BrowserSignInOptions } from './BrowserSignInOptions.ts'
import { cookieHeader, cookieNames, readCookie } from './cookies.ts'
import type { OidcOptions } from './oidcAuthenticator.ts'
import { sessionCipher } from './sessionCipher.ts'
import { checkCsrf, newSession, personFromClaims, sessionRefresher } from './sessionTokens.ts'
import {
  finishSignIn,
  issuerConfiguration,
  redirectToIssuer,
  safeReturnPath,
} from './signInFlow.ts'
import { signInPage } from './signInPage.ts'

/** A session a request's cookie names, good now: who it is and the page's CSRF token. */
export interface ActiveSession {
  me: SignedIn
  csrfToken: string
  key: string
}

/** Browser sign-in for a hosted app: the `/auth/` paths, and the sessions behind its cookie. */
export interface BrowserSignIn {
  /** Answers `/auth/login`, `/auth/callback` and `/auth/logout`; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>
  /** The session of `req`'s cookie; undefined without one; a 401 when it ended or cannot go on. */
  session(req: IncomingMessage): Promise<ActiveSession | undefined>
  /**
   * Who sends an API request by cookie (a state-changing one must carry the session's CSRF
   * token as `x-studypulse-token`), or undefined when it carries a bearer token instead.
   */
  authenticate(req: IncomingMessage, method: string): Promise<SignedIn | undefined>
  /** The page for a person with no session: a 302 to the issuer (back to `returnTo` after). */
  redirect(res: ServerResponse, returnTo: string): Promise<void>
}

/** What browser sign-in is built from: the issuer's settings, the client, the origin, the store. */
export interface BrowserSignInContext {
  auth: OidcOptions
  options: BrowserSignInOptions
  publicOrigin: string
  sessions: SessionStore
  now?: () => number
}

/** Browser sign-in with openid-client against `auth.issuer`, sessions kept in `sessions`. */
export function browserSignIn(context: BrowserSignInContext): BrowserSignIn {
  const { auth, options, publicOrigin, sessions } = context
  const now = context.now ?? Date.now
  const cipher = sessionCipher(options.sessionSecret ?? randomBytes(32).toString('base64url'))
  const config = issuerConfiguration(auth.issuer, options)
  const names = cookieNames(publicOrigin)
  const scope = [...new Set(['openid', ...(options.scope ?? 'profile email').split(/\s+/)])]
    .filter((s) => s !== '')
    .join(' ')
  const refreshOnce = sessionRefresher({ config, cipher, sessions, auth, now })

  const session = async (req: IncomingMessage): Promise<ActiveSession | undefined> => {
    const id = readCookie(req, names.session)
    if (id === undefined || id === '') return undefined
    const key = cipher.keyOf(id)
    let stored = await sessions.read(key)
    if (stored === undefined) throw sessionEnded('you are signed out: sign in again')
    if (stored.expiresAt <= now()) {
      stored = await refreshOnce(stored)
      if (stored === undefined) {
        await sessions.delete(key)
        throw sessionEnded('your sign-in has expired: sign in again')
      }
    }
    const me: SignedIn = { ...stored.person, groups: stored.groups }
    return { me, csrfToken: stored.csrfToken, key }
  }

  const callback = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    let result: Awaited<ReturnType<typeof finishSignIn>>
    let me: SignedIn
    try {
      result = await finishSignIn(req, res, url, await config(), {
        publicOrigin,
        cipher,
        now: now(),
      })
      me = personFromClaims(result.claims, auth)
    } catch (error) {
      const refusal =
        error instanceof HttpError
          ? error
          : new HttpError(503, 'auth_unavailable', 'the issuer cannot be reached now; try again')
      return signInPage(res, refusal.status, refusal.message)
    }
    const { id, session: made } = newSession(me, result.tokens, result.claims, {
      cipher,
      now: now(),
    })
    await sessions.create(made)
    // Sessions nobody reads again (the browser was closed) go when the next person signs in.
    void sessions.sweep(now()).catch(() => undefined)
    res.appendHeader('set-cookie', cookieHeader(names.session, id, { secure: names.secure }))
    res.writeHead(302, { location: result.returnTo, 'cache-control': 'no-store' })
    res.end()
  }

  // Ends the session in the shared store (so on every node), then sends the page on to the
  // issuer's sign-out when it offers one, or to the signed-out page.
  const logout = async (req: IncomingMessage, res: ServerResponse) => {
    // Nothing of a body is read: the cookie and the page's token say everything.
    req.resume()
    const active = await session(req).catch(() => undefined)
    if (active !== undefined) {
      checkCsrf(req, active.csrfToken)
      await sessions.delete(active.key)
    }
    const signedOut = `${publicOrigin}/signed-out`
    const metadata = (await config().catch(() => undefined))?.serverMetadata()
    const next =
      metadata?.end_session_endpoint !== undefined
        ? oidc
            .buildEndSessionUrl(await config(), {
              client_id: options.clientId,
              post_logout_redirect_uri: signedOut,
            })
            .toString()
        : signedOut
    sendJson(
      res,
      200,
      { next },
      {
        'set-cookie': cookieHeader(names.session, '', { secure: names.secure, maxAge: 0 }),
      },
    )
  }

  return {
    session,
    async handle(req, res, url) {
      const method = req.method ?? 'GET'
      if (url.pathname === '/auth/login' && method === 'GET') {
        await redirectToIssuer(
          res,
          await config(),
          { publicOrigin, cipher, scope, now: now() },
          safeReturnPath(url.searchParams.get('return'), publicOrigin),
        )
        return true
      }
      if (url.pathname === '/auth/callback' && method === 'GET') {
        await callback(req, res, url)
        return true
      }
      if (url.pathname === '/auth/logout' && method === 'POST') {
        await logout(req, res)
        return true
      }
      return false
    },
    async authenticate(req, method) {
      if (req.headers.authorization !== undefined) return undefined
      const active = await session(req)
      if (active === undefined)
        throw notSignedIn(
          'sign in at /auth/login, or send a token as Authorization: Bearer <token>',
        )
      if (method === 'POST') checkCsrf(req, active.csrfToken)
      return active.me
    },
    redirect: async (res, returnTo) =>
      redirectToIssuer(res, await config(), { publicOrigin, cipher, scope, now: now() }, returnTo),
  }
}

function sessionEnded(message: string): HttpError {
  return new HttpError(401, 'session_expired', message)
}
