import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'

/** The `fetch` an MCP client transport takes. */
export type McpFetch = (url: string | URL, init?: RequestInit) => Promise<Response>

// Statuses whose response has no body: a web Response refuses one for them.
const nullBody = new Set([101, 204, 205, 304])

/**
 * `fetch` for an MCP server reached over HTTP, made on node:http with kept-alive connections:
 * each request leaves in one write (headers and its JSON body together) and its answer streams
 * as it comes (SSE too), without the web fetch's request and body machinery. Redirects are not
 * followed (the SDK's transport decides on them, as with `redirect: 'manual'`). A body that is no
 * string, which the MCP transport never sends, goes to the global `fetch`.
 */
export function nodeHttpFetch(): McpFetch {
  // Idle kept-alive sockets are unref'd by node: they hold no process open.
  const agents = {
    http: new HttpAgent({ keepAlive: true }),
    https: new HttpsAgent({ keepAlive: true }),
  }
  return (input, init = {}) => {
    const { body, signal } = init
    if (body !== undefined && body !== null && typeof body !== 'string') return fetch(input, init)
    const url = new URL(String(input))
    const secure = url.protocol === 'https:'
    const headers = Object.fromEntries(new Headers(init.headers))
    if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body))
    return new Promise<Response>((resolve, reject) => {
      const req = (secure ? httpsRequest : httpRequest)(url, {
        method: init.method ?? 'GET',
        headers,
        agent: secure ? agents.https : agents.http,
        ...(signal !== undefined && signal !== null && { signal }),
      })
      req.once('response', (res) => {
        try {
          resolve(webResponse(res))
        } catch (error) {
          // A status a web Response cannot carry (over 599, say): the server's answer is no answer.
          res.destroy()
          reject(error)
        }
      })
      req.once('error', (error) => reject(signal?.aborted === true ? signal.reason : error))
      req.end(body ?? undefined)
    })
  }
}

function webResponse(res: IncomingMessage): Response {
  const headers = new Headers()
  const raw = res.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string)
  const status = res.statusCode ?? 502
  const body = nullBody.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>)
  if (body === null) res.resume()
  return new Response(body, { status, statusText: res.statusMessage ?? '', headers })
}
