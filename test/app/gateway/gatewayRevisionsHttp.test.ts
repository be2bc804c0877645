import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Client as StatelessClient } from '@modelcontextprotocol/client'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  type CallToolResult,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import type { InputRequiredResult } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { gatewayHosting } from '../../../app/gateway/gatewayHosting.ts'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import { type StartedGateway, startGateway } from '../../../app/gateway/startGateway.ts'
import {
  countedLines,
  countingServer,
  type GatewayFolder,
  gatewayFolder,
} from './gatewayHarness.ts'
import { statelessClient, statelessHttp } from './statelessClients.ts'

// One Streamable HTTP endpoint, both revisions: the SDK 1.x client on 2025-11-25 (initialize, a
// session, `elicitation/create`) and the SDK v2 client pinned to 2026-07-28 (stateless, asked by
// an `InputRequiredResult` it answers by retrying with `inputResponses`), each allowing, denying,
// cancelling and letting expire a gated call of a real upstream server that counts its calls.
// Hosted behind a sign-in proxy (its header names the person), so a question's sealed state is
// bound to a person: Bob cannot answer with Alice's.
let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
// A second gateway, on loopback without sign-in, whose cards wait 1 s.
let short: StartedGateway
let shortHttp: GatewayHttp
const clients: { close(): Promise<void> }[] = []
const countFile = () => join(folder.dir, 'count.txt')

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

beforeAll(async () => {
  folder = await gatewayFolder((_files, dir) => ({
    version: 1,
    servers: { counting: countingServer(join(dir, 'count.txt')) },
  }))
  started = await startGateway({
    configPath: folder.config,
    workspace: folder.workspace,
    askTimeoutMs: 600_000,
    env: {},
    log: () => {},
  })
  const port = await freePort()
  const hosting = await gatewayHosting(
    { httpPort: port, publicOrigin: `http://127.0.0.1:${port}` },
    { STUDYPULSE_AUTH_MODE: 'proxy', STUDYPULSE_TRUSTED_PROXIES: '127.0.0.1' },
  )
  http = await serveGatewayHttp(started.gateway, port, {
    host: hosting.host,
    ...(hosting.hosted !== undefined && { hosted: hosting.hosted }),
  })
  short = await startGateway({
    configPath: folder.config,
    workspace: join(folder.dir, 'short'),
    askTimeoutMs: 1_000,
    env: {},
    log: () => {},
  })
  shortHttp = await serveGatewayHttp(short.gateway, 0)
})
afterAll(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => {})
  await http?.close()
  await started?.stop()
  await shortHttp?.close()
  await short?.stop()
  await folder?.dispose()
})

const as = (user: string) => ({ 'x-forwarded-user': user })

/** Each question a client was asked: its text. */
type Asked = string[]

async function legacyClient(
  user: string,
  answer: (message: string) => ElicitResult | Promise<ElicitResult>,
  url = http.url,
): Promise<{ client: Client; asked: Asked }> {
  const asked: Asked = []
  const client = new Client(
    { name: 'legacy-host', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  )
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message)
    return answer(request.params.message)
  })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: as(user) } }),
  )
  expect(client.getServerVersion()?.name).toBe('studypulse-gateway')
  clients.push(client)
  return { client, asked }
}

async function modernClient(
  user: string,
  answer: (message: string) => ElicitResult | Promise<ElicitResult>,
  url = http.url,
  manual = false,
): Promise<{ client: StatelessClient; asked: Asked }> {
  const asked: Asked = []
  const made = statelessClient(
    (request) => {
      asked.push(request.params.message)
      return answer(request.params.message)
    },
    { manual },
  )
  await made.client.connect(statelessHttp(url, as(user)))
  clients.push(made.client)
  return { client: made.client, asked }
}

const answers: [string, ElicitResult, string | undefined][] = [
  ['allow', { action: 'accept', content: { answer: 'allow_once' } }, undefined],
  ['deny', { action: 'decline' }, 'user_denied'],
  ['cancel', { action: 'cancel' }, 'user_denied'],
]

for (const [era, connect] of [
  ['2025-11-25', legacyClient],
  ['2026-07-28', modernClient],
] as const) {
  for (const [what, answer, code] of answers) {
    test(`${era}: ${what} of a gated call over HTTP`, async () => {
      const { client, asked } = await connect('alice', () => answer)
      const line = `${era} ${what}`
      const before = (await countedLines(countFile())).length
      const result = (await client.callTool({
        name: 'counting__append',
        arguments: { line },
      })) as CallToolResult
      const ran = (await countedLines(countFile())).slice(before)
      // Asked once, in the host, with the card's words.
      expect(asked).toHaveLength(1)
      expect(asked[0]).toContain('asks to')
      if (code === undefined) {
        expect(result.isError, JSON.stringify(result)).toBeFalsy()
        expect(ran).toEqual([JSON.stringify({ line })])
      } else {
        expect(result.structuredContent).toMatchObject({ ok: false, error: { code } })
        expect(ran).toEqual([])
      }
    })
  }
}

test('2026-07-28: the negotiated revision is the pinned one, no session', async () => {
  const { client } = await modernClient('alice', () => ({ action: 'decline' }))
  expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
})

/** Alice's call, asked about: the question's sealed state, and the retry it expects. */
async function askedOfAlice(line: string) {
  const { client: alice } = await modernClient(
    'alice',
    () => ({ action: 'decline' }),
    http.url,
    true,
  )
  const call = { name: 'counting__append', arguments: { line } }
  const asked = (await alice.callTool(call, {
    allowInputRequired: true,
  } as never)) as unknown as InputRequiredResult
  expect(asked.resultType).toBe('input_required')
  expect(Object.keys(asked.inputRequests ?? {})).toEqual(['card'])
  const allow = { card: { action: 'accept', content: { answer: 'allow_once' } } }
  const retry = (state: string | undefined) => ({
    ...call,
    inputResponses: allow,
    requestState: state,
  })
  return { alice, asked, retry }
}

test('2026-07-28: a forged, another caller’s or a replayed requestState decides nothing', async () => {
  const before = (await countedLines(countFile())).length
  const { alice, asked, retry } = await askedOfAlice('sealed')
  const state = asked.requestState as string
  // Forged: the payload changed (its MAC no longer fits), or a state of the gateway's shape
  // sealed with another key.
  const [head, body, mac] = state.split('.')
  const flipped = `${head}.${body?.slice(0, -2)}${body?.at(-2) === 'A' ? 'B' : 'A'}${body?.at(-1)}.${mac}`
  for (const forged of [flipped, `${head}.${body}.${'A'.repeat(mac?.length ?? 43)}`, 'v1.e30.AA']) {
    const refused = (await alice.callTool(retry(forged) as never)) as CallToolResult
    expect(refused.structuredContent).toMatchObject({
      ok: false,
      error: { code: 'request_state_invalid' },
    })
  }
  // Another person (Bob) with Alice's state: it is bound to her.
  const { client: bob } = await modernClient('bob', () => ({ action: 'accept' }), http.url, true)
  const bobs = (await bob.callTool(retry(state) as never)) as CallToolResult
  expect(bobs.structuredContent).toMatchObject({
    ok: false,
    error: { code: 'request_state_invalid' },
  })
  expect((await countedLines(countFile())).length).toBe(before)
  // Alice's own answer runs the call once; the same answer again decides nothing.
  const taken = (await alice.callTool(retry(state) as never)) as CallToolResult
  expect(taken.isError, JSON.stringify(taken)).toBeFalsy()
  const replayed = (await alice.callTool(retry(state) as never)) as CallToolResult
  expect(replayed.structuredContent).toMatchObject({
    ok: false,
    error: { code: 'confirmation_not_found' },
  })
  expect((await countedLines(countFile())).slice(before)).toEqual(['{"line":"sealed"}'])
})

test('2026-07-28: a retry with other arguments than the card showed decides nothing', async () => {
  const before = (await countedLines(countFile())).length
  const { alice, asked, retry } = await askedOfAlice('shown')
  const other = { ...retry(asked.requestState), arguments: { line: 'not shown' } }
  const refused = (await alice.callTool(other as never)) as CallToolResult
  expect(refused.structuredContent).toMatchObject({
    ok: false,
    error: { code: 'request_mismatch' },
  })
  // The card still waits: the right retry takes it.
  const taken = (await alice.callTool(retry(asked.requestState) as never)) as CallToolResult
  expect(taken.isError, JSON.stringify(taken)).toBeFalsy()
  expect((await countedLines(countFile())).slice(before)).toEqual(['{"line":"shown"}'])
})

test('both revisions: a card nobody answers in time ends as confirmation_expired, nothing called', async () => {
  // On the gateway whose cards wait 1 s, each client answers Allow only once the deadline its
  // question states has passed.
  {
    const late = async (message: string): Promise<ElicitResult> => {
      await passed(deadlineOf(message))
      return { action: 'accept', content: { answer: 'allow_once' } }
    }
    const before = (await countedLines(countFile())).length
    for (const connect of [legacyClient, modernClient]) {
      const { client, asked } = await connect('alice', late, shortHttp.url)
      const result = (await client.callTool({
        name: 'counting__append',
        arguments: { line: 'late' },
      })) as CallToolResult
      expect(asked).toHaveLength(1)
      expect(result.structuredContent).toMatchObject({
        ok: false,
        error: { code: 'confirmation_expired' },
      })
    }
    expect((await countedLines(countFile())).slice(before)).toEqual([])
  }
})

test('2026-07-28 on loopback: a request naming another Host (DNS rebinding) or not JSON is refused, nothing called', async () => {
  const before = (await countedLines(countFile())).length
  const { port } = new URL(shortHttp.url)
  const call = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'counting__append',
      arguments: { line: 'rebound' },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'page', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  }
  const post = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.once('error', reject)
      req.end(JSON.stringify(call))
    })
  const json = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
  }
  expect(await post({ ...json, host: `attacker.example:${port}` })).toBe(403)
  expect(await post({ ...json, host: `127.0.0.1:${port}`, 'content-type': 'text/plain' })).toBe(415)
  expect((await countedLines(countFile())).slice(before)).toEqual([])
})

/** The deadline a question states ("Unanswered, it is denied at …"). */
function deadlineOf(message: string): number {
  const found = /denied at (\S+?)\.?$/m.exec(message)
  if (found?.[1] === undefined) throw new Error(`no deadline in: ${message}`)
  return Date.parse(found[1])
}

/** Resolves once the clock is past `deadline` (the card's own, as the gateway stated it). */
function passed(deadline: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()) + 50))
}
