import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { memorySessionStore } from '../../store/memorySessionStore.ts'
import { AppServerError } from './AppServerError.ts'
import { type BrowserSignIn, browserSignIn } from './auth/browserSignIn.ts'
import { HttpError } from './HttpError.ts'
import type { HostedAccess, HostedOptions } from './hostedMode.ts'

/** Browser sign-in as the page meets it: which page a request gets, or a 302 to sign in. */
export interface PageSignIn extends BrowserSignIn {
  /**
   * The page to serve for `url` and the token it carries (its session's CSRF token), or
   * undefined when the answer was a redirect to the issuer (the page asked with no session).
   */
  page(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<{ pathname: string; pageToken: string } | undefined>
}

/**
 * Browser sign-in when the hosted options ask for it (`signIn`), its sessions in the runtime's
 * store when that keeps them (shared by every node), else in this process (one node only).
 */
export function pageSignIn(
  options: HostedOptions & { runtime: AgentRuntime; clock?: { now: () => number } },
  hosted: HostedAccess | undefined,
): PageSignIn | undefined {
  if (hosted === undefined || options.signIn === undefined || options.auth?.kind !== 'oidc')
    return undefined
  // A secret made up per process would key each node's sessions differently: a cookie from
  // one node would be unknown on the next.
  if (options.signIn.sessionSecret === undefined && options.runtime.store?.cluster !== undefined)
    throw new AppServerError(
      'invalid_auth',
      'several nodes share this store: browser sign-in needs STUDYPULSE_SESSION_SECRET, the same on every node (at least 32 characters)',
    )
  const signIn = browserSignIn({
    auth: options.auth,
    options: options.signIn,
    publicOrigin: hosted.publicOrigin,
    sessions: options.runtime.store?.sessions ?? memorySessionStore(),
    ...(options.clock !== undefined && { now: options.clock.now }),
  })
  return {
    ...signIn,
    async page(req, res, url) {
      // Where the issuer's sign-out sends people back: the page, which then offers to sign in.
      if (url.pathname === '/signed-out') return { pathname: '/', pageToken: 'signed-out' }
      if (url.pathname !== '/' && url.pathname !== '/index.html')
        return { pathname: url.pathname, pageToken: 'hosted' }
      const active = await signIn.session(req).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 401) return undefined
        throw error
      })
      if (active !== undefined) return { pathname: url.pathname, pageToken: active.csrfToken }
      await signIn.redirect(res, `${url.pathname}${url.search}`)
      return undefined
    },
  }
}
