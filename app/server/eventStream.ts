import type { ServerResponse } from 'node:http'
import type { AppContext } from './AppContext.ts'
import type { SignedIn } from './auth/Authenticator.ts'
import { HttpError } from './HttpError.ts'
import { securityHeaders } from './sendJson.ts'

/**
 * How often an open event stream says it is alive, so proxies and browsers keep it, and a page
 * that hears nothing for three beats knows the server is gone (see `RemoteRunClient`).
 */
export const heartbeatMs = 5_000

/** Starts a server-sent-event stream: its headers, and how soon a dropped client comes back. */
export function openEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    ...securityHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // No `connection` header of ours: Node's says whether the connection stays open (with its
    // `keep-alive: timeout=`), as its parser will. A forced `keep-alive` kept open a connection the
    // request had closed, and the next request on it was Node's bare `400 Bad Request`.
    'x-accel-buffering': 'no',
  })
  res.write('retry: 1000\n\n')
}

/**
 * Counts an event stream against its person's limit until it closes (the single-user app's one
 * launch token, or a signed-in person: one person's tabs never use up another's); refuses one
 * over it (429).
 */
export function admitStream(app: AppContext, res: ServerResponse, me: SignedIn | undefined): void {
  const { streams, limits } = app
  const key = me?.id ?? 'launch'
  const open = streams.get(key) ?? 0
  if (open >= limits.maxStreamsPerToken)
    throw new HttpError(
      429,
      'too_many_streams',
      `${open} event streams are open (the limit is ${limits.maxStreamsPerToken}); close one first`,
    )
  streams.set(key, open + 1)
  res.once('close', () => {
    const left = (streams.get(key) ?? 1) - 1
    if (left > 0) streams.set(key, left)
    else streams.delete(key)
  })
}
