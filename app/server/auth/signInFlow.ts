import type { IncomingMessage, ServerResponse } from 'node:http'
import * as oidc from 'openid-client'
import { HttpError } from '../HttpError.ts'
import { securityHeaders } from '../sendJson.ts'
import type { BrowserSignInOptions } from './BrowserSignInOptions.ts'
import { cookieHeader, cookieNames, readCookie } from './cookies.ts'
import type { SessionCipher } from './sessionCipher.ts'

/** What the sign-in cookie carries between the redirect and the callback (sealed). */
interface SignInTransaction {
  state: string
  nonce: string
  verifier: string
  returnTo: string
  /** Epoch ms after which the callback is refused. */
  until: number
}

const transactionMs = 10 * 60_000
const purpose = 'studypulse sign-in'

/** The issuer's configuration, discovered once (again after a failure: the issuer may be back). */
export function issuerConfiguration(
  issuer: string,
  options: BrowserSignInOptions,
): () => Promise<oidc.Configuration> {
  let found: Promise<oidc.Configuration> | undefined
  const url = new URL(issuer)
  // http only for an issuer on loopback (the tests' own); anything else must be https.
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  return () => {
    found ??= oidc
      .discovery(
        url,
        options.clientId,
        undefined,
        options.clientSecret === undefined
          ? oidc.None()
          : oidc.ClientSecretPost(options.clientSecret),
        {
          ...(url.protocol === 'http:' && loopback && { execute: [oidc.allowInsecureRequests] }),
          timeout: 5,
        },
      )
      .catch((error: unknown) => {
        found = undefined
        throw error
      })
    return found
  }
}

/**
 * Paths of this app only (no open redirect after sign-in): `text` is read as a browser reads a
 * Location header, resolved against `publicOrigin`, and kept only on the same origin, as the path
 * the browser would open; anything else is `/`.
 */
export function safeReturnPath(text: string | null | undefined, publicOrigin: string): string {
  if (text === null || text === undefined || text === '') return '/'
  // The URL parser drops tabs and newlines and reads `\` as `/`, as browsers do: `/\t/evil.example`
  // is `//evil.example`, another origin, which a test of the text's first characters misses.
  let url: URL
  try {
    url = new URL(text, publicOrigin)
  } catch {
    return '/'
  }
  if (url.origin !== new URL(publicOrigin).origin) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Starts a sign-in: fresh `state`, `nonce` and PKCE verifier, sealed into a short-lived cookie,
 * and a 302 to the issuer's authorization endpoint with `code_challenge_method=S256`.
 */
export async function redirectToIssuer(
  res: ServerResponse,
  config: oidc.Configuration,
  context: { publicOrigin: string; cipher: SessionCipher; scope: string; now: number },
  returnTo: string,
): Promise<void> {
  const verifier = oidc.randomPKCECodeVerifier()
  const transaction: SignInTransaction = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    returnTo: safeReturnPath(returnTo, context.publicOrigin),
    until: context.now + transactionMs,
  }
  const target = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${context.publicOrigin}/auth/callback`,
    response_type: 'code',
    scope: context.scope,
    state: transaction.state,
    nonce: transaction.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
  const names = cookieNames(context.publicOrigin)
  res.writeHead(302, {
    ...securityHeaders,
    location: target.href,
    'cache-control': 'no-store',
    'set-cookie': cookieHeader(
      names.signIn,
      context.cipher.seal(JSON.stringify(transaction), purpose),
      { secure: names.secure, maxAge: transactionMs / 1000 },
    ),
  })
  res.end()
}

/** What a good callback proves: the ID token's claims and the tokens the issuer answered. */
export interface SignInResult {
  claims: oidc.IDToken
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers
  returnTo: string
}

/**
 * Finishes a sign-in at `/auth/callback`: the sign-in cookie (cleared whatever happens: one try)
 * must hold the `state` the issuer sent back; openid-client exchanges the code with the PKCE
 * verifier and checks the ID token (signature, `iss`, `aud`, `exp`, `nonce`). Refused with a 400
 * (`sign_in_refused`) otherwise; nothing is kept.
 */
export async function finishSignIn(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  config: oidc.Configuration,
  context: { publicOrigin: string; cipher: SessionCipher; now: number },
): Promise<SignInResult> {
  const names = cookieNames(context.publicOrigin)
  res.setHeader('set-cookie', cookieHeader(names.signIn, '', { secure: names.secure, maxAge: 0 }))
  const sealed = readCookie(req, names.signIn)
  const opened = sealed === undefined ? undefined : context.cipher.open(sealed, purpose)
  const transaction = opened === undefined ? undefined : (JSON.parse(opened) as SignInTransaction)
  if (transaction === undefined || transaction.until < context.now)
    throw refused('this sign-in was not started here, or took too long: start again')
  const current = new URL(`${context.publicOrigin}/auth/callback${url.search}`)
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: transaction.verifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
    })
    const claims = tokens.claims()
    if (claims === undefined) throw refused('the issuer sent no ID token')
    return { claims, tokens, returnTo: transaction.returnTo }
  } catch (error) {
    if (error instanceof HttpError) throw error
    // The library's reason names the check that failed (state, nonce, aud, the code's reuse…).
    throw refused(`the issuer's answer was refused: ${reason(error)}`)
  }
}

// openid-client wraps oauth4webapi's error, whose message names the check (state, nonce, aud…).
function reason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined
  if (cause instanceof Error && cause.message !== '') return cause.message
  const body = error as { error_description?: unknown; error?: unknown }
  if (typeof body.error === 'string')
    return `${body.error}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''}`
  return error instanceof Error ? error.message : 'unknown'
}

function refused(message: string): HttpError {
  return new HttpError(400, 'sign_in_refused', message)
}
