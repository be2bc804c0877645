import type { IncomingMessage } from 'node:http'
import { AppServerError } from './AppServerError.ts'
import type { Authenticator, SignedIn } from './auth/Authenticator.ts'
import type { BrowserSignInOptions } from './auth/BrowserSignInOptions.ts'
import { type OidcOptions, oidcAuthenticator } from './auth/oidcAuthenticator.ts'
import { type ProxyAuthOptions, proxyAuthenticator } from './auth/proxyAuthenticator.ts'
import { TrustedProxies } from './auth/TrustedProxies.ts'
import { checkPublicOrigin, createHostedGuard } from './hostedGuard.ts'
import type { RequestGuard } from './requestGuard.ts'

/** How a hosted app learns who is asking: OpenID Connect bearer tokens, or an authenticating proxy. */
export type AuthOptions = OidcOptions | ProxyAuthOptions

/** What makes an app hosted: where people reach it, how they sign in, and which proxies are trusted. */
export interface HostedOptions {
  /** The exact origin people open (`https://study.example.edu`): configured, never read from headers. */
  publicOrigin?: string
  auth?: AuthOptions
  /**
   * People sign in from the browser (OpenID Connect code flow with PKCE, sessions in the run
   * store) at the issuer of `auth`, which must be `oidc`; bearer tokens keep working beside it.
   */
  signIn?: BrowserSignInOptions
  /** Addresses or CIDR ranges of the proxies in front of the app; only they may set forwarded headers. */
  trustedProxies?: readonly string[]
  /** Exact origins besides the public one that may call the API. */
  allowedOrigins?: readonly string[]
}

/** A hosted app's guard and its authentication. */
export interface HostedAccess {
  guard: RequestGuard
  publicOrigin: string
  authenticate(req: IncomingMessage): Promise<SignedIn>
  readonly authenticator: Authenticator
}

/** The hosted access `options` configure, or undefined for the single-user app (no `auth`). */
export function hostedAccess(options: HostedOptions): HostedAccess | undefined {
  if (options.auth === undefined) {
    if (options.publicOrigin !== undefined || (options.trustedProxies?.length ?? 0) > 0)
      throw new AppServerError(
        'auth_required',
        'a public origin or trusted proxies are for hosted mode, which needs authentication (auth, STUDYPULSE_AUTH_MODE)',
      )
    return undefined
  }
  if (options.publicOrigin === undefined)
    throw new AppServerError(
      'public_origin_required',
      'hosted mode needs the address people open (publicOrigin, STUDYPULSE_PUBLIC_ORIGIN): it is never guessed from headers',
    )
  const publicOrigin = checkPublicOrigin(options.publicOrigin)
  if (options.signIn !== undefined) checkSignIn(options.signIn, options.auth.kind)
  const proxies = new TrustedProxies(options.trustedProxies ?? [])
  const authenticator =
    options.auth.kind === 'oidc'
      ? oidcAuthenticator(options.auth)
      : proxyAuthenticator(options.auth, proxies)
  const guard = createHostedGuard({
    publicOrigin,
    proxies,
    ...(options.allowedOrigins !== undefined && { allowedOrigins: options.allowedOrigins }),
    // A bearer token is never attached by a browser on its own, so no other site can send one;
    // the proxy's cookie is, so then every state-changing request must name the public origin.
    originOptional: authenticator.kind === 'oidc',
  })
  return {
    guard,
    publicOrigin,
    authenticator,
    authenticate: (req) => authenticator.authenticate(req),
  }
}

/** Whether `host` is a loopback address, where the single-user app may listen without sign-in. */
export function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === '::1' || host === 'localhost'
}

/** Refuses to listen on `host` beyond loopback unless people must sign in. */
export function checkListenHost(host: string, hosted: boolean): void {
  if (!isLoopbackHost(host) && !hosted)
    throw new AppServerError(
      'auth_required',
      `StudyPulse will not listen on ${host} without sign-in: anyone who reaches it could decide your cards. Configure auth (STUDYPULSE_AUTH_MODE=oidc or proxy) and STUDYPULSE_PUBLIC_ORIGIN, or keep the default 127.0.0.1`,
    )
}

// Browser sign-in goes to an OpenID Connect issuer, and its secret must be one worth the name.
function checkSignIn(signIn: BrowserSignInOptions, kind: AuthOptions['kind']): void {
  if (kind !== 'oidc')
    throw new AppServerError(
      'invalid_auth',
      'browser sign-in (a client id) needs STUDYPULSE_AUTH_MODE=oidc: a proxy signs people in itself',
    )
  if (signIn.clientId.trim() === '')
    throw new AppServerError(
      'invalid_auth',
      'browser sign-in needs the client id the issuer registered',
    )
  if (signIn.sessionSecret !== undefined && signIn.sessionSecret.length < 32)
    throw new AppServerError(
      'invalid_auth',
      'the session secret (STUDYPULSE_SESSION_SECRET) must be at least 32 characters',
    )
}
