import type { IncomingMessage } from 'node:http'
import { AppServerError } from '../AppServerError.ts'
import { type Authenticator, notSignedIn, type SignedIn, signedIn } from './Authenticator.ts'
import type { TrustedProxies } from './TrustedProxies.ts'

// The one separator of the groups header (oauth2-proxy's convention); a claim has none.
const groupSeparator = ','

/** An authenticating proxy (oauth2-proxy style) in front of the app: the headers it sets. */
export interface ProxyAuthOptions {
  kind: 'proxy'
  /** The header naming the signed-in user (default `x-forwarded-user`). */
  userHeader?: string
  /**
   * The header listing their groups, separated by commas only, as oauth2-proxy sends them
   * (default `x-forwarded-groups`); spaces belong to a name and the ends of each are trimmed.
   */
  groupsHeader?: string
  /** The header with their display name (default `x-forwarded-preferred-username`). */
  nameHeader?: string
}

/**
 * Reads the signed-in user from the headers an authenticating proxy sets, and only from a
 * connection that comes from one of the `proxies`: the same headers from anywhere else are
 * refused (401), so nobody who reaches the app directly can name themselves.
 */
export function proxyAuthenticator(
  options: ProxyAuthOptions,
  proxies: TrustedProxies,
): Authenticator {
  if (proxies.size === 0)
    throw new AppServerError(
      'invalid_auth',
      'proxy sign-in needs the proxy addresses (STUDYPULSE_TRUSTED_PROXIES): only they may name the user',
    )
  const userHeader = (options.userHeader ?? 'x-forwarded-user').toLowerCase()
  const groupsHeader = (options.groupsHeader ?? 'x-forwarded-groups').toLowerCase()
  const nameHeader = (options.nameHeader ?? 'x-forwarded-preferred-username').toLowerCase()
  return {
    kind: 'proxy',
    async authenticate(req: IncomingMessage): Promise<SignedIn> {
      if (!proxies.has(req.socket.remoteAddress))
        throw notSignedIn('this request did not come through the signing-in proxy')
      const user = single(req, userHeader)
      if (user === undefined || user.trim() === '')
        throw notSignedIn(`the proxy named no user (${userHeader})`)
      const name = single(req, nameHeader)
      const groups = single(req, groupsHeader)
      return signedIn(
        user.trim(),
        typeof name === 'string' ? name : undefined,
        typeof groups === 'string' ? groups.split(groupSeparator).map((g) => g.trim()) : [],
      )
    },
  }
}

// The header's one value; a header sent twice is refused (Node would join the two with ", ",
// signing in as "mallory, alice" or merging two group lists), whichever side added the second.
function single(req: IncomingMessage, header: string): string | undefined {
  const values = req.headersDistinct[header]
  if (values !== undefined && values.length > 1)
    throw notSignedIn(`the request carries ${header} more than once`)
  return values?.[0]
}
