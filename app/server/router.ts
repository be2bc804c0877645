import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SignedIn } from './auth/Authenticator.ts'

/** What a handler gets: the request, its URL, the path parameters, and who is asking (hosted mode). */
export interface RouteContext {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  params: Record<string, string>
  /** The signed-in person, as authentication says; absent in the single-user app. */
  me?: SignedIn
}

/** A route handler; it answers through `res` (or throws `HttpError`). */
export type RouteHandler = (context: RouteContext) => void | Promise<void>

/** A route: method, pattern such as `/api/runs/:runId/input`, and handler. */
export interface Route {
  method: 'GET' | 'POST'
  pattern: string
  handler: RouteHandler
  /** A response that stays open (the event stream): `HEAD` is refused rather than left hanging. */
  stream?: boolean
}

/** Finds the route for a method and path (`HEAD` as `GET`, except on streams); `pathMatched` tells 405 from 404. */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): { route?: Route; params: Record<string, string>; pathMatched: boolean } {
  let pathMatched = false
  for (const route of routes) {
    const params = matchPattern(route.pattern, pathname)
    if (params === undefined) continue
    pathMatched = true
    if (route.method === method || (method === 'HEAD' && route.method === 'GET' && !route.stream))
      return { route, params, pathMatched }
  }
  return { params: {}, pathMatched }
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/')
  const have = pathname.split('/')
  if (want.length !== have.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string
    const h = have[i] as string
    if (w.startsWith(':')) {
      if (h === '') return undefined
      try {
        params[w.slice(1)] = decodeURIComponent(h)
      } catch {
        return undefined
      }
    } else if (w !== h) return undefined
  }
  return params
}
