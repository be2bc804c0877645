import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the fake server received, its JSON body parsed. */
export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  // biome-ignore lint/suspicious/noExplicitAny: tests read protocol bodies field by field
  body: any
}

/** How the server answers one request. */
export type Reply = (res: ServerResponse, req: IncomingMessage) => void | Promise<void>

/** A loopback HTTP server that answers model API calls with queued replies, one per request. */
export interface FakeModelServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  requests: RecordedRequest[]
  /** Queues replies for the next requests, in order. */
  reply(...replies: Reply[]): void
  /** How many responses the client hung up on before they were finished. */
  readonly hangUps: number
  /** Resolves once the client has hung up on an unfinished response. */
  hungUp(): Promise<void>
  close(): Promise<void>
}

/** Starts a fake model server on 127.0.0.1 and a random port. */
export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = []
  const queue: Reply[] = []
  let hangUps = 0
  let onHangUp: Array<() => void> = []
  const server = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (piece: string) => {
      raw += piece
    })
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: raw === '' ? undefined : JSON.parse(raw),
      })
      res.on('close', () => {
        if (res.writableFinished) return
        hangUps += 1
        for (const resolve of onHangUp) resolve()
        onHangUp = []
      })
      const next = queue.shift()
      if (next === undefined) {
        res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: 'the test queued no reply for this request' } }))
        return
      }
      void next(res, req)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => {
      queue.push(...replies)
    },
    get hangUps() {
      return hangUps
    },
    hungUp: () =>
      hangUps > 0 ? Promise.resolve() : new Promise<void>((resolve) => onHangUp.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A JSON reply with a status and optional headers. */
export function jsonReply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Reply {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }
}

/** How a streamed reply is delivered. */
export interface StreamOptions {
  /** Write the body in slices of this many bytes, splitting lines and UTF-8 characters. */
  sliceBytes?: number
  /** Stop after this many bytes of the body, then: destroy the socket (`cut`), end the response cleanly (`end`), or keep it open (`hang`). */
  stopAfterBytes?: number
  onStop?: 'cut' | 'end' | 'hang'
}

/** A `text/event-stream` reply. */
export function sseReply(body: string, options: StreamOptions = {}): Reply {
  return async (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    const bytes = Buffer.from(body, 'utf8')
    const stop = options.stopAfterBytes ?? bytes.length
    const size = options.sliceBytes ?? bytes.length
    for (let at = 0; at < stop; at += size) {
      res.write(bytes.subarray(at, Math.min(at + size, stop)))
      // Separate writes so the client sees the slices as separate reads.
      await new Promise((resolve) => setImmediate(resolve))
      if (res.destroyed) return
    }
    if (stop >= bytes.length || options.onStop === 'end') res.end()
    else if (options.onStop === 'cut') res.socket?.destroy()
    // 'hang': leave the response open until the client goes away.
  }
}

/** A reply that never answers: no status, no body. */
export const silentReply: Reply = () => {}

/** The byte offset just after the first occurrence of `marker` in `body`. */
export function bytesThrough(body: string, marker: string): number {
  const index = body.indexOf(marker)
  if (index < 0) throw new Error(`marker not in body: ${marker}`)
  return Buffer.byteLength(body.slice(0, index + marker.length), 'utf8')
}

/** The byte offset just after the whole SSE event that contains `marker`. */
export function bytesThroughEvent(body: string, marker: string): number {
  const index = body.indexOf(marker)
  const end = body.indexOf('\n\n', index)
  if (index < 0 || end < 0) throw new Error(`marker not in an event: ${marker}`)
  return Buffer.byteLength(body.slice(0, end + 2), 'utf8')
}
