import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { HttpError } from './HttpError.ts'

/** The header the page sends the per-launch token in. */
export const tokenHeader = 'x-studypulse-token'

/** Checks a request against DNS rebinding (Host), cross-site requests (Origin) and the launch token. */
export interface RequestGuard {
  /** Every request: Host must be `127.0.0.1:<port>` or `localhost:<port>`. */
  checkHost(req: IncomingMessage): void
  /** State-changing requests: Origin must be the app's own. */
  checkOrigin(req: IncomingMessage): void
  /** API requests: the token from the header (or, when allowed, the `token` query parameter). */
  checkToken(req: IncomingMessage, url: URL, options?: { allowQuery?: boolean }): void
}

/** A guard for a server on `port()` (read lazily: an ephemeral port is known only after listen). */
export function createRequestGuard(port: () => number, token: string): RequestGuard {
  const hosts = () => [`127.0.0.1:${port()}`, `localhost:${port()}`]
  const expected = digest(token)
  return {
    checkHost(req) {
      const host = (req.headers.host ?? '').toLowerCase()
      if (!hosts().includes(host))
        throw new HttpError(
          403,
          'forbidden_host',
          'this server only answers to 127.0.0.1 and localhost',
        )
    },
    checkOrigin(req) {
      const origin = req.headers.origin
      if (origin === undefined || !hosts().some((h) => origin === `http://${h}`))
        throw new HttpError(
          403,
          'forbidden_origin',
          'requests must come from the StudyPulse page itself',
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
      if (given === null || given === '' || !timingSafeEqual(digest(given), expected))
        throw new HttpError(403, 'invalid_token', 'missing or wrong app token')
    },
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}
