import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  type CallToolResult,
  ElicitationCompleteNotificationSchema,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { parseGatewayArgs } from '../../../app/gateway/gatewayArgs.ts'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import { type StartedGateway, startGateway } from '../../../app/gateway/startGateway.ts'
import { type AppHarness, pageGet, pagePost, startIn } from '../appHarness.ts'
import {
  countedLines,
  countingServer,
  type GatewayFolder,
  gatewayFolder,
} from './gatewayHarness.ts'

// URL-mode elicitation: with `--page-url`, a host that opens URLs is sent the card's page in the
// StudyPulse web app on the same workspace folder; the decision is made there (through the page's
// HTTP API), and the call runs once. A real SDK client declares URL mode.
let folder: GatewayFolder
let app: AppHarness
let started: StartedGateway
let http: GatewayHttp
let client: Client | undefined
const countFile = () => join(folder.dir, 'count.txt')

async function start(pageUrl: string | undefined) {
  started = await startGateway({
    configPath: folder.config,
    workspace: folder.workspace,
    askTimeoutMs: 600_000,
    ...(pageUrl !== undefined && { pageUrl }),
    env: {},
    log: () => {},
  })
  http = await serveGatewayHttp(started.gateway, 0)
}

/** A host declaring the elicitation modes given; each question is handed to `answer`. */
async function host(
  modes: { form?: Record<string, unknown>; url?: Record<string, unknown> },
  answer: (request: ElicitRequest) => Promise<ElicitResult>,
) {
  const completed: string[] = []
  let done: (id: string) => void = () => {}
  const completion = new Promise<string>((resolve) => {
    done = resolve
  })
  const c = new Client(
    { name: 'url-host', version: '1.0.0' },
    { capabilities: { elicitation: modes } },
  )
  c.setRequestHandler(ElicitRequestSchema, (request) => answer(request))
  c.setNotificationHandler(ElicitationCompleteNotificationSchema, (note) => {
    completed.push(note.params.elicitationId)
    done(note.params.elicitationId)
  })
  await c.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  client = c
  return { client: c, completed, completion }
}

/** A question the host was asked, handed over with the means to answer it. */
function questions() {
  let next: (asked: { request: ElicitRequest; reply: (r: ElicitResult) => void }) => void = () => {}
  const first = new Promise<{ request: ElicitRequest; reply: (r: ElicitResult) => void }>(
    (resolve) => {
      next = resolve
    },
  )
  const answer = (request: ElicitRequest) =>
    new Promise<ElicitResult>((reply) => next({ request, reply }))
  return { first, answer }
}

const append = (c: Client, line: string) =>
  c.callTool({ name: 'counting__append', arguments: { line } }) as Promise<CallToolResult>

beforeEach(async () => {
  folder = await gatewayFolder((_files, dir) => ({
    version: 1,
    servers: { counting: countingServer(join(dir, 'count.txt')) },
  }))
  app = await startIn(folder.dir)
})
afterEach(async () => {
  await client?.close().catch(() => {})
  client = undefined
  await http?.close()
  await started?.stop()
  await app?.dispose()
  await folder.dispose()
})

test('--page-url is an origin', () => {
  const base = ['--config', 'mcp.json']
  expect(parseGatewayArgs([...base, '--page-url', 'http://127.0.0.1:4317'])).toMatchObject({
    kind: 'serve',
    pageUrl: 'http://127.0.0.1:4317',
  })
  expect(parseGatewayArgs([...base, '--page-url', 'http://x/y?z'])).toMatchObject({
    kind: 'invalid',
  })
})

test('a host that opens URLs gets the card’s page; accepting decides nothing, the page’s allow runs the call once', async () => {
  const pageUrl = `http://127.0.0.1:${app.server.port}`
  await start(pageUrl)
  const asked = questions()
  const h = await host({ url: {} }, asked.answer)
  const call = append(h.client, 'one')
  const { request, reply } = await asked.first
  const [runId] = started.gateway.runIds()
  expect(request.params).toMatchObject({
    mode: 'url',
    url: `${pageUrl}/?run=${runId}`,
  })
  expect(request.params.message).toContain('Open StudyPulse')
  // The page the URL names is served by the app.
  const page = await pageGet(app, `/?run=${runId}`)
  expect(page.status).toBe(200)
  // The person opens it: that alone decides nothing.
  reply({ action: 'accept' })
  const card = await pageGet(app, `/api/runs/${runId}/card`)
  expect(card.status, card.body).toBe(200)
  expect(await countedLines(countFile())).toEqual([])
  const decided = await pagePost(app, `/api/runs/${runId}/confirmations`, {
    confirmationId: card.json().confirmationId,
    decision: 'allow',
  })
  // 200, not 409: the host's accept had not taken the card.
  expect(decided.status, decided.body).toBe(200)
  const result = await call
  expect(result.isError, JSON.stringify(result)).toBeFalsy()
  expect(await countedLines(countFile())).toEqual(['{"line":"one"}'])
  // The host is told the page's question is over.
  expect(await h.completion).toBe((request.params as { elicitationId: string }).elicitationId)
  const again = await pagePost(app, `/api/runs/${runId}/confirmations`, {
    confirmationId: card.json().confirmationId,
    decision: 'allow',
  })
  expect(again.status).toBe(409)
  expect(await countedLines(countFile())).toEqual(['{"line":"one"}'])
})

test('declining to open the page denies the call: user_denied, nothing run', async () => {
  await start(`http://127.0.0.1:${app.server.port}`)
  const asked = questions()
  const h = await host({ url: {} }, asked.answer)
  const call = append(h.client, 'never')
  const { reply } = await asked.first
  reply({ action: 'decline' })
  const result = await call
  expect(result.structuredContent).toMatchObject({ ok: false, error: { code: 'user_denied' } })
  expect(await countedLines(countFile())).toEqual([])
})

test('without --page-url a host that opens URLs and fills forms is asked with the form, as before', async () => {
  await start(undefined)
  const asked = questions()
  const h = await host({ form: {}, url: {} }, asked.answer)
  const call = append(h.client, 'form')
  const { request, reply } = await asked.first
  expect(request.params.mode).toBe('form')
  reply({ action: 'accept', content: { answer: 'allow_once' } })
  expect((await call).isError).toBeFalsy()
  expect(await countedLines(countFile())).toEqual(['{"line":"form"}'])
  expect(h.completed).toEqual([])
})
