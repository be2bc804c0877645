import { request } from 'node:http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fastStdioReads } from '../../../app/gateway/fastStdioReads.ts'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { signal } from '../../helpers/signal.ts'
import { folderGateway, type GatewayFolder, gatewayFolder } from './gatewayHarness.ts'
import { type ReadsServer, startReadsServer } from './readsServer.ts'

// The fast paths answer a read's tools/call without the MCP SDK's server (fastReads.ts): over
// HTTP as one JSON response, over stdio straight from the connection's messages. What the gateway
// guarantees for a read must hold on them: the host's level decides what a read is, arguments are
// checked and bounded, names are mapped, a lying answer is caught, Host is checked, a cancelled
// read answers nothing. One gateway in this process, in front of one upstream that counts calls.
let upstream: ReadsServer
let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
let session: string

const call = (id: number, name: string, args: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
})

/** A POST in the test's session over node:http (a Host of our choosing); the head, and the body if JSON. */
function post(body: unknown, headers: Record<string, string> = {}, readStream = false) {
  return new Promise<{
    status: number
    type: string
    json?: Record<string, unknown>
    text?: string
  }>((resolve, reject) => {
    const req = request(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-11-25',
        ...headers,
      },
    })
    req.once('error', reject)
    req.once('response', async (res) => {
      const type = res.headers['content-type'] ?? ''
      const head = { status: res.statusCode ?? 0, type }
      // A stream that stays open (a call waiting for its card) is not read to its end.
      const json = type.startsWith('application/json')
      if (!json && !readStream) return resolve(head) ?? res.destroy()
      let text = ''
      for await (const chunk of res) text += String(chunk)
      resolve({ ...head, text, ...(json && { json: JSON.parse(text) as Record<string, unknown> }) })
    })
    req.end(JSON.stringify(body))
  })
}

beforeAll(async () => {
  upstream = await startReadsServer()
  folder = await gatewayFolder(() => ({
    version: 1,
    servers: { up: { url: upstream.url, tools: { look: 'read', slow: 'read' } } },
  }))
  started = await folderGateway(folder)
  http = await serveGatewayHttp(started.gateway, 0)
  const client = new Client({ name: 'fast-reads', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(http.url))
  await client.connect(transport)
  session = transport.sessionId as string
})
afterAll(async () => {
  await http?.close()
  await started?.stop()
  await upstream?.close()
  await folder?.dispose()
})

describe('over HTTP', () => {
  test('a read is one JSON response with the server’s own answer, asking nobody', async () => {
    const before = upstream.calls.get('look') ?? 0
    const answer = await post(call(1, 'up__look', { word: 'leaf' }))
    expect(answer).toMatchObject({ status: 200, type: 'application/json' })
    expect(answer.json).toMatchObject({ id: 1, result: { structuredContent: { word: 'leaf' } } })
    expect(upstream.calls.get('look')).toBe(before + 1)
  })

  test('a tool the server calls read-only but the host did not level read is no read: it goes to a card', async () => {
    const { gateway } = started
    const signal = new AbortController().signal
    expect(gateway.readNow('up__touch', {}, signal)).toBeUndefined()
    // The server's word is the host's own only where mcp.json says so.
    await expect(gateway.readNow('up__look', { word: 'leaf' }, signal)).resolves.toMatchObject({
      structuredContent: { word: 'leaf' },
    })
    expect(upstream.calls.get('touch')).toBeUndefined()
  })

  test('arguments against the schema, or over the size limit, are refused before the server', async () => {
    const before = upstream.calls.get('look') ?? 0
    const wrong = await post(call(3, 'up__look', { word: 7 }))
    const huge = await post(call(4, 'up__look', { word: 'x'.repeat(2_000_000) }))
    for (const answer of [wrong, huge]) {
      expect(answer).toMatchObject({
        type: 'application/json',
        json: { result: { isError: true } },
      })
      expect(JSON.stringify(answer.json)).toContain('(invalid_arguments)')
    }
    expect(upstream.calls.get('look') ?? 0).toBe(before)
  })

  test('only the offered name calls: the server’s own name is unknown here', async () => {
    // Not a read of a server that is up: the SDK's server answers it, on its event stream.
    const answer = await post(call(5, 'look', { word: 'leaf' }), {}, true)
    expect(answer.text).toContain('(unknown_tool)')
  })

  test('an answer that breaks its own output schema is caught, not passed on', async () => {
    const answer = await post(call(6, 'up__look', { word: 'lie' }))
    expect(answer.type).toBe('application/json')
    const result = (answer.json?.result ?? {}) as Record<string, unknown>
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result)).not.toContain('"word":42')
  })

  test('a Host that is not the gateway is refused (DNS rebinding protection holds)', async () => {
    const before = upstream.calls.get('look') ?? 0
    const answer = await post(call(7, 'up__look', { word: 'leaf' }), { host: 'evil.example:80' })
    expect(answer.status).toBe(403)
    expect(upstream.calls.get('look') ?? 0).toBe(before)
  })
})

describe('over stdio', () => {
  /** The messages of one stdio connection: what reached the SDK's server, and what was sent. */
  function connection() {
    const served: unknown[] = []
    const sent: { id?: unknown; result?: Record<string, unknown> }[] = []
    const waiting = new Map<unknown, () => void>()
    const wire = {
      onmessage: (message: unknown) => void served.push(message),
      onclose: () => {},
      send: async (message: { id?: unknown }) => {
        sent.push(message)
        waiting.get(message.id)?.()
      },
    }
    fastStdioReads(wire as never, started.gateway)
    const receive = (message: unknown) => (wire.onmessage as (m: unknown) => void)(message)
    const answered = (id: number) => {
      const done = signal()
      if (sent.some((m) => m.id === id)) done.resolve()
      waiting.set(id, done.resolve)
      return done.promise
    }
    return { wire, served, sent, receive, answered }
  }

  test('reads are taken only once initialize was answered; a cancelled read answers nothing', async () => {
    const c = connection()
    c.receive(call(1, 'up__look', { word: 'early' }))
    expect(c.served).toHaveLength(1)
    c.receive({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} })
    await c.wire.send({ jsonrpc: '2.0', id: 0, result: {} } as never)
    c.receive(call(2, 'up__look', { word: 'leaf' }))
    await c.answered(2)
    expect(c.served).toHaveLength(2)
    expect(c.sent.find((m) => m.id === 2)?.result).toMatchObject({
      structuredContent: { word: 'leaf' },
    })

    c.receive(call(3, 'up__slow'))
    await upstream.slow.arrived
    c.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } })
    await upstream.slow.cancelled
    upstream.slow.release()
    c.receive(call(4, 'up__look', { word: 'after' }))
    await c.answered(4)
    expect(c.sent.some((m) => m.id === 3)).toBe(false)
  })
})
