import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { AppServerError } from './AppServerError.ts'
import { HttpError } from './HttpError.ts'

/** The header the page sends the per-launch token in. */
export const tokenHeader = 'x-studypulse-token'

/** Checks a request against DNS rebinding (Host), cross-site requests (Origin) and the launch token. */
export interface RequestGuard {
  /** Every request: Host must be `127.0.0.1:<port>` or `localhost:<port>`, the port it came in on. */
  checkHost(req: IncomingMessage): void
  /** State-changing requests: Origin must be the app's own, or one of the allowed origins. */
  checkOrigin(req: IncomingMessage): void
  /** API requests: the token from the header (or, when allowed, the `token` query parameter). */
  checkToken(req: IncomingMessage, url: URL, options?: { allowQuery?: boolean }): void
  /** Lets an allowed origin read the answer (CORS); answers its preflight. Returns true when the request was a preflight. */
  shareWithOrigin(req: IncomingMessage, res: ServerResponse): boolean
}

/**
 * A guard for a server that answers only on loopback. The port is the one each request arrived
 * on, so the same guard serves a server it started and a handler mounted in someone else's.
 * `allowedOrigins` are exact origins (`http://localhost:5173`) allowed besides the app's own.
 */
export function createRequestGuard(
  token: string,
  allowedOrigins: readonly string[] = [],
): RequestGuard {
  const extra = new Set(allowedOrigins.map(checkAllowedOrigin))
  const share = crossOriginSharing(extra, tokenHeader)
  const hosts = (req: IncomingMessage) => {
    const port = req.socket.localPort
    return [`127.0.0.1:${port}`, `localhost:${port}`]
  }
  const expected = digest(token)
  const looksLikeToken = (given: string) =>
    given.length === token.length && /^[A-Za-z0-9_-]+$/.test(given)
  const isOwn = (req: IncomingMessage, origin: string) =>
    hosts(req).some((h) => origin === `http://${h}`)
  return {
    checkHost(req) {
      const host = (req.headers.host ?? '').toLowerCase()
      if (!hosts(req).includes(host))
        throw new HttpError(
          403,
          'forbidden_host',
          'this server only answers to 127.0.0.1 and localhost',
        )
    },
    checkOrigin(req) {
      const origin = req.headers.origin
      if (origin !== undefined && extra.has(origin)) return
      if (origin === undefined || !isOwn(req, origin))
        throw new HttpError(
          403,
          'forbidden_origin',
          'requests must come from the StudyPulse page itself or an allowed origin',
        )
      const site = req.headers['sec-fetch-site']
      if (site !== undefined && site !== 'same-origin')
        throw new HttpError(403, 'forbidden_origin', 'cross-site requests are refused')
    },
    checkToken(req, url, { allowQuery = false } = {}) {
      const header = req.headers[tokenHeader]
      const given =
        typeof header === 'string' ? header : allowQuery ? url.searchParams.get('token') : null
      // Hashing first makes both sides the same length, so the comparison takes constant time.
      if (given === null || given === '' || !timingSafeEqual(digest(given), expected)) {
        // A token shaped like this launch's is most likely an earlier launch's, from a page left
        // open across a restart: that page is told to reload, not that it was refused.
        if (given !== null && looksLikeToken(given))
          throw new HttpError(
            403,
            'stale_token',
            'StudyPulse restarted since this page was loaded, so its app token is no longer valid: reload the page',
          )
        throw new HttpError(403, 'invalid_token', 'missing or wrong app token')
      }
    },
    shareWithOrigin: share,
  }
}

/**
 * Lets the `allowed` origins read answers (CORS) and answers their preflights, which may ask to
 * send `credentialHeader` (the launch token, or `authorization` in hosted mode); returns true for
 * a preflight. Any other origin's preflight is refused.
 */
export function crossOriginSharing(
  allowed: ReadonlySet<string>,
  credentialHeader: string,
): RequestGuard['shareWithOrigin'] {
  return (req, res) => {
    const origin = req.headers.origin
    const shared = origin !== undefined && allowed.has(origin)
    res.setHeader('vary', 'Origin')
    if (shared) res.setHeader('access-control-allow-origin', origin)
    if (req.method !== 'OPTIONS') return false
    // A preflight carries no credentials; it only learns which headers the real request may send.
    if (!shared) throw new HttpError(403, 'forbidden_origin', 'this origin is not allowed')
    res.writeHead(204, {
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': `content-type, ${credentialHeader}`,
      'access-control-max-age': '600',
    })
    res.end()
    return true
  }
}

/** `origin` if it is one exact http(s) origin; `*`, `null`, paths and the like are refused. */
export function checkAllowedOrigin(origin: string): string {
  let parsed: URL | undefined
  try {
    parsed = new URL(origin)
  } catch {
    parsed = undefined
  }
  if (
    parsed === undefined ||
    parsed.origin !== origin ||
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
  ) {
    throw new AppServerError(
      'invalid_allowed_origin',
      `allowedOrigins takes exact origins such as "http://localhost:5173", not ${JSON.stringify(origin)}`,
    )
  }
  return origin
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}
