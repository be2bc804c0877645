import type { ServerResponse } from 'node:http'
import type { AppContext } from './AppContext.ts'
import { HttpError } from './HttpError.ts'
import { securityHeaders } from './sendJson.ts'

/** How often an open event stream says it is alive, so proxies and browsers keep it. */
export const heartbeatMs = 15_000

/** Starts a server-sent-event stream: its headers, and how soon a dropped client comes back. */
export function openEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    ...securityHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  res.write('retry: 1000\n\n')
}

/** Counts an event stream against the launch's limit until it closes; refuses one over it (429). */
export function admitStream(app: AppContext, res: ServerResponse): void {
  const { streams, limits } = app
  if (streams.open >= limits.maxStreamsPerToken)
    throw new HttpError(
      429,
      'too_many_streams',
      `${streams.open} event streams are open (the limit is ${limits.maxStreamsPerToken}); close one first`,
    )
  streams.open++
  res.once('close', () => streams.open--)
}
