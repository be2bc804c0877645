import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AuthInfo, McpHttpHandler } from '@modelcontextprotocol/server'
import type { Identity } from '../../vocabulary/Identity.ts'
import { listenOf, type ModernListens } from './modernListens.ts'
import { sendWebResponse } from './sendWebResponse.ts'

/** `req` as a web `Request` carrying the body already read (the SDK's handler takes these). */
export function webRequest(req: IncomingMessage, body: unknown): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one)
  }
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/mcp'}`, {
    method: req.method ?? 'POST',
    headers,
    ...(req.method === 'POST' && { body: JSON.stringify(body) }),
  })
}

/** The signed-in person the HTTP face passed on with a request (hosted mode), if any. */
export function personOf(authInfo: AuthInfo | undefined): Identity | undefined {
  const person = authInfo?.extra?.person
  return person !== null && typeof person === 'object' ? (person as Identity) : undefined
}

/**
 * Answers one 2026-07-28 request through the SDK v2's handler, streaming its response (JSON, or
 * SSE when the call sends something before its result) to `res`. The request's signal aborts
 * when the client closes its connection first, so a call waiting on the page ends with it. A
 * `subscriptions/listen` stream naming resources keeps their servers subscribed (`listens`) while
 * it is open; one naming a resource no server offers is refused.
 */
export async function serveModern(
  handler: McpHttpHandler,
  web: Request,
  body: unknown,
  res: ServerResponse,
  person: (Identity & { id: string }) | undefined,
  listens?: ModernListens,
): Promise<void> {
  const listen = listens === undefined ? undefined : listenOf(body)
  const refused = listen === undefined ? undefined : listens?.refusal(listen)
  if (listen !== undefined && refused !== undefined) {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ jsonrpc: '2.0', id: listen.id, error: refused }))
    return
  }
  const gone = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) gone.abort(new Error('the client closed its connection'))
  })
  const request = new Request(web, { signal: gone.signal })
  const response = await handler.fetch(request, {
    parsedBody: body,
    ...(person !== undefined && {
      // The person is the caller's principal; no token is passed on (it was checked already).
      authInfo: { token: '', clientId: person.id, scopes: [], extra: { person } },
    }),
  })
  if (listen !== undefined && listen.uris.length > 0 && isStream(response)) {
    // The stream is on the SDK's bus now (its acknowledgement waits in the body): an update a
    // server sends right after its subscribe answer is queued for it, and the client hears the
    // acknowledgement only once the servers are subscribed.
    const { key, subscribed } = (listens as ModernListens).open(listen)
    res.once('close', () => listens?.close(key))
    await subscribed
  }
  await sendWebResponse(response, res)
}

function isStream(response: Response): boolean {
  return /^text\/event-stream\b/.test(response.headers.get('content-type') ?? '')
}
