import type { IncomingMessage } from 'node:http'

/** The value of cookie `name` in `req` (the first, when a browser sends it twice), or undefined. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie
  if (header === undefined) return undefined
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at === -1) continue
    if (part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

/** How a cookie is set: always HttpOnly, Path=/, no Domain; `secure` on https origins. */
export interface CookieOptions {
  secure: boolean
  /** Seconds; 0 deletes the cookie, undefined keeps it for the browser's session. */
  maxAge?: number
}

/** A `Set-Cookie` value: HttpOnly, SameSite=Lax, Path=/ and no Domain (what `__Host-` requires). */
export function cookieHeader(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
    ...(options.maxAge !== undefined ? [`Max-Age=${options.maxAge}`] : []),
  ].join('; ')
}

/**
 * The names of the app's cookies on `publicOrigin`: `__Host-` prefixed on https (the browser
 * then refuses them unless Secure, host-only and Path=/); on plain http, which only a loopback
 * test or a developer uses, the prefix cannot be had (it needs Secure), so they go without it.
 */
export function cookieNames(publicOrigin: string): {
  session: string
  signIn: string
  secure: boolean
} {
  const secure = publicOrigin.startsWith('https:')
  const prefix = secure ? '__Host-' : ''
  return { session: `${prefix}studypulse-session`, signIn: `${prefix}studypulse-signin`, secure }
}
