// A streamed answer ends its response as Node decided for the connection (#50 finding 10): the
// stream once forced `connection: keep-alive`, so a request that asked to close got a response
// saying the connection stays open; the next request on it met a parser that takes nothing after
// `Connection: close`, and Node answered it `400 Bad Request`, with no body and
// `connection: close`.
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type AppHarness, startHarness } from './appHarness.ts'

let h: AppHarness
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await h?.dispose()
})

const chatBody = (id: string, text: string) =>
  JSON.stringify({
    id,
    messages: [{ id: `${id}-m`, role: 'user', parts: [{ type: 'text', text }] }],
  })

/** One raw connection: what it received, and a signal when the server closed it. */
async function open(): Promise<{ socket: Socket; received: () => string; ended: Promise<void> }> {
  const socket = connect(h.server.port, '127.0.0.1')
  sockets.push(socket)
  let text = ''
  socket.on('data', (d: Buffer) => {
    text += d.toString('utf8')
  })
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  await new Promise((resolve) => socket.once('connect', resolve))
  return { socket, received: () => text, ended }
}

function post(socket: Socket, body: string, extra: Record<string, string> = {}): void {
  const headers = {
    ...h.pageHeaders(),
    'content-length': String(Buffer.byteLength(body)),
    ...extra,
  }
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')
  socket.write(`POST /api/chat HTTP/1.1\r\n${head}\r\n\r\n${body}`)
}

/** Resolves once what the connection received satisfies `ready` (on its data, never a sleep). */
function until(socket: Socket, received: () => string, ready: (text: string) => boolean) {
  return new Promise<string>((resolve, reject) => {
    const check = () => {
      if (!ready(received())) return
      socket.off('data', check)
      socket.off('close', closed)
      resolve(received())
    }
    const closed = () => (ready(received()) ? resolve(received()) : reject(new Error(received())))
    socket.on('data', check)
    socket.once('close', closed)
    check()
  })
}

// A chunked response ends with an empty chunk.
const streamEnded = (text: string) => text.includes('[DONE]') && text.endsWith('0\r\n\r\n')
const headerOf = (response: string, name: string) =>
  new RegExp(`\r\n${name}: ([^\r]*)`, 'i').exec(response.split('\r\n\r\n')[0] ?? '')?.[1]

describe('a streamed answer and its connection', { timeout: 60_000 }, () => {
  it('a request that asks to close gets its stream, a response that says close, and the close', async () => {
    h = await startHarness()
    const { socket, received, ended } = await open()
    post(socket, chatBody('closing', 'what are my tasks'), { connection: 'close' })
    const answer = await until(socket, received, streamEnded)
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true)
    expect(headerOf(answer, 'connection')).toBe('close')
    await ended
  })

  it('keep-alive requests back to back after a stream: each is answered, and the stream says how long an idle connection is kept', async () => {
    h = await startHarness()
    const { socket, received } = await open()
    let seen = 0
    for (const [i, text] of ['what are my tasks', 'hello', 'what are my tasks'].entries()) {
      post(socket, chatBody(`back-${i}`, text))
      const all = await until(socket, received, (t) => streamEnded(t.slice(seen)))
      const answer = all.slice(seen)
      seen = all.length
      expect(answer.slice(0, 15)).toBe('HTTP/1.1 200 OK')
      expect(headerOf(answer, 'connection')).toBe('keep-alive')
      // Node's own hint (5 s, limits.keepAliveTimeoutMs): a client does not reuse a connection
      // the server is about to close.
      expect(headerOf(answer, 'keep-alive')).toBe('timeout=5')
    }
  })
})
