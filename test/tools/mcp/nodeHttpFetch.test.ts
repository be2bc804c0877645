import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { nodeHttpFetch } from '../../../tools/mcp/nodeHttpFetch.ts'
import { signal } from '../../helpers/signal.ts'

// The fetch the gateway's HTTP upstreams use (node:http, kept alive) must behave as the web fetch
// does for what the MCP transport asks of it: the body and headers as sent, an SSE answer read
// while it is still open, an abort that ends the request, a body-less status.
let url: string
let handle: (req: IncomingMessage, res: ServerResponse) => void = () => {}
const server = createServer((req, res) => handle(req, res))
const fetchNode = nodeHttpFetch()

beforeAll(async () => {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`
})
afterAll(async () => {
  server.closeAllConnections()
  server.close()
})

test('the body and headers arrive as sent, one length, and the answer comes back with its status and headers', async () => {
  handle = async (req, res) => {
    let body = ''
    for await (const chunk of req) body += String(chunk)
    res.writeHead(201, { 'content-type': 'application/json', 'mcp-session-id': 's1' })
    res.end(
      JSON.stringify({
        body,
        length: req.headers['content-length'],
        auth: req.headers.authorization,
      }),
    )
  }
  const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', note: 'é' })
  const response = await fetchNode(url, {
    method: 'POST',
    headers: new Headers({ authorization: 'Bearer t', 'content-type': 'application/json' }),
    body: text,
  })
  expect(response.status).toBe(201)
  expect(response.headers.get('mcp-session-id')).toBe('s1')
  expect(await response.json()).toEqual({
    body: text,
    length: String(Buffer.byteLength(text)),
    auth: 'Bearer t',
  })
})

test('an event stream is read while it is still open; an abort ends the request', async () => {
  const closed = signal()
  handle = (req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write('event: message\ndata: {"first":true}\n\n')
    req.once('close', () => closed.resolve())
  }
  const abort = new AbortController()
  const response = await fetchNode(url, { method: 'GET', signal: abort.signal })
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const { value } = await reader.read()
  expect(new TextDecoder().decode(value)).toContain('{"first":true}')
  abort.abort(new Error('the client is done'))
  await closed.promise
  await expect(reader.read()).rejects.toThrow()
})

test('a status without a body (202, 204) answers with none', async () => {
  for (const status of [202, 204]) {
    handle = (_req, res) => {
      res.writeHead(status).end()
    }
    const response = await fetchNode(url, { method: 'POST', body: '{}' })
    expect(response.status).toBe(status)
    expect(await response.text()).toBe('')
  }
})
