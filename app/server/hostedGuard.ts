import type { IncomingMessage } from 'node:http'
import { AppServerError } from './AppServerError.ts'
import type { TrustedProxies } from './auth/TrustedProxies.ts'
import { HttpError } from './HttpError.ts'
import { checkAllowedOrigin, crossOriginSharing, type RequestGuard } from './requestGuard.ts'

/**
 * The request guard of a hosted app, which people reach at `publicOrigin` (often through a
 * TLS-terminating proxy). The origin is configured, never guessed from headers:
 *
 * - Host must be the public origin's host (DNS rebinding), or, only on a connection from a
 *   trusted proxy, `X-Forwarded-Host` may say it (a proxy that rewrites Host).
 * - A state-changing request's Origin must be the public origin (or an allowed one); a request
 *   without Origin is let through only when `originOptional` (bearer tokens: a browser never
 *   attaches one by itself, so no other site can make it send one).
 * - There is no launch token: authentication says who is asking.
 */
export function createHostedGuard(options: {
  publicOrigin: string
  proxies: TrustedProxies
  allowedOrigins?: readonly string[]
  originOptional: boolean
}): RequestGuard {
  const origin = checkPublicOrigin(options.publicOrigin)
  const host = new URL(origin).host
  const extra = new Set((options.allowedOrigins ?? []).map(checkAllowedOrigin))
  const fromProxy = (req: IncomingMessage) => options.proxies.has(req.socket.remoteAddress)
  return {
    checkHost(req) {
      const given = (req.headers.host ?? '').toLowerCase()
      if (given === host) return
      const forwarded = req.headers['x-forwarded-host']
      if (fromProxy(req) && typeof forwarded === 'string') {
        // A chain of proxies lists hosts from the client's on: the first is the one it asked for.
        if (forwarded.split(',')[0]?.trim().toLowerCase() === host) return
      }
      throw new HttpError(403, 'forbidden_host', `this server answers only to ${host}`)
    },
    checkOrigin(req) {
      const given = req.headers.origin
      if (given === undefined) {
        if (options.originOptional) return
        throw new HttpError(403, 'forbidden_origin', `requests must come from ${origin}`)
      }
      if (given !== origin && !extra.has(given))
        throw new HttpError(403, 'forbidden_origin', `requests must come from ${origin}`)
      const site = req.headers['sec-fetch-site']
      if (given === origin && site !== undefined && site !== 'same-origin')
        throw new HttpError(403, 'forbidden_origin', 'cross-site requests are refused')
    },
    // Authentication stands in for the launch token.
    checkToken() {},
    shareWithOrigin: crossOriginSharing(extra, 'authorization'),
  }
}

/** `text` as the exact origin a hosted app is reached at (`https://study.example.edu`). */
export function checkPublicOrigin(text: string): string {
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (
    url === undefined ||
    url.origin !== text.replace(/\/$/, '') ||
    (url.protocol !== 'https:' && url.protocol !== 'http:')
  )
    throw new AppServerError(
      'invalid_public_origin',
      `the public origin is the address people open, such as https://study.example.edu, not ${JSON.stringify(text)}`,
    )
  return url.origin
}
