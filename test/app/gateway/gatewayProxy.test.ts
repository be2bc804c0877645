import { join } from 'node:path'
import type { Client as StatelessClient } from '@modelcontextprotocol/client'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  type CallToolResult,
  ElicitRequestSchema,
  type ElicitResult,
  type LoggingMessageNotification,
  LoggingMessageNotificationSchema,
  ResourceListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseGatewayArgs } from '../../../app/gateway/gatewayArgs.ts'
import { maxOfferedDescription } from '../../../app/gateway/gatewayTools.ts'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import { type StartedGateway, startGateway } from '../../../app/gateway/startGateway.ts'
import { conditionWaiters } from '../../helpers/conditionWaiters.ts'
import { everythingServer } from '../../tools/mcp/mcpTestServers.ts'
import { folderGateway, type GatewayFolder, gatewayFolder, repo } from './gatewayHarness.ts'
import { statelessClient, statelessHttp } from './statelessClients.ts'

// The gateway as a whole proxy: two `server-everything`s (`everything` and `twin`, the same names
// on both) and a server whose words say too much (`wordy`) behind one gateway, served in this process over Streamable HTTP to the SDK 1.x client
// (2025-11-25) and the SDK v2 client pinned to 2026-07-28; and a second gateway fronting one
// `server-everything` with `--pass-names`. Resources, templates, prompts and completions pass
// straight through under prefixed names; log lines and list changes reach the 1.x session; a
// tool call that acts still waits for its card.
const doc = 'demo://resource/static/document/architecture.md'
const template = 'demo://resource/dynamic/text/{resourceId}'
let folders: GatewayFolder[] = []
let gateways: StartedGateway[] = []
let https: GatewayHttp[] = []
let legacy: Client
let modern: StatelessClient
let passing: Client
// The mcp.json of the gateway fronting several servers.
let twoServers = ''
// What the 1.x client answers the gateway's questions with, and what it was asked and told.
let answer: ElicitResult = { action: 'decline' }
const asked: string[] = []
const logs: LoggingMessageNotification['params'][] = []
let resourcesChanged = 0
const { until, wake } = conditionWaiters()

const wordy = {
  command: process.execPath,
  args: [join(repo, 'test/app/gateway/fixtures/wordyServer.mjs')],
}

async function serve(servers: object, passNames: boolean): Promise<string> {
  const folder = await gatewayFolder(() => ({ version: 1, servers }))
  folders.push(folder)
  if (!passNames) twoServers = folder.config
  const started = await folderGateway(folder, {
    passNames,
  })
  gateways.push(started)
  const http = await serveGatewayHttp(started.gateway, 0)
  https.push(http)
  return http.url
}

function legacyClient(): Client {
  const client = new Client(
    { name: 'proxy-host', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  )
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message)
    return answer
  })
  return client
}

beforeAll(async () => {
  const [both, one] = await Promise.all([
    serve({ everything: everythingServer(), twin: everythingServer(), wordy }, false),
    serve({ everything: everythingServer() }, true),
  ])
  legacy = legacyClient()
  legacy.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
    logs.push(params)
    wake()
  })
  legacy.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    resourcesChanged += 1
    wake()
  })
  modern = statelessClient(() => answer).client
  passing = legacyClient()
  await Promise.all([
    legacy.connect(new StreamableHTTPClientTransport(new URL(both))),
    modern.connect(statelessHttp(both)),
    passing.connect(new StreamableHTTPClientTransport(new URL(one))),
  ])
})
afterAll(async () => {
  for (const client of [legacy, modern, passing]) await client?.close().catch(() => {})
  for (const http of https) await http.close()
  for (const started of gateways) await started.stop()
  for (const folder of folders) await folder.dispose()
  folders = []
  gateways = []
  https = []
})

const textOf = (contents: unknown) => (contents as { text?: string }[])[0]?.text ?? ''

test('resources of both servers are listed under their server, unique, and read through', async () => {
  for (const { resources } of [await legacy.listResources(), await modern.listResources()]) {
    const uris = resources.map((resource) => resource.uri)
    expect(uris).toContain(`studypulse://everything/${doc}`)
    expect(uris).toContain(`studypulse://twin/${doc}`)
    expect(new Set(uris).size).toBe(uris.length)
    const names = resources.map((resource) => resource.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names.every((name) => /^(everything|twin|wordy)__/.test(name))).toBe(true)
  }
  const uri = `studypulse://twin/${doc}`
  for (const read of [await legacy.readResource({ uri }), await modern.readResource({ uri })]) {
    expect(read.contents[0]?.uri).toBe(uri)
    expect(textOf(read.contents)).toMatch(/architecture/i)
  }
  await expect(legacy.readResource({ uri: doc })).rejects.toThrow(/no resource/)
})

test('a resource template is listed under its server and a URI made from it is read', async () => {
  const offered = `studypulse://everything/${template}`
  for (const listed of [
    await legacy.listResourceTemplates(),
    await modern.listResourceTemplates(),
  ]) {
    expect(listed.resourceTemplates.map((t) => t.uriTemplate)).toContain(offered)
  }
  const uri = offered.replace('{resourceId}', '7')
  for (const read of [await legacy.readResource({ uri }), await modern.readResource({ uri })]) {
    expect(read.contents[0]?.uri).toBe(uri)
    expect(textOf(read.contents)).toMatch(/7/)
  }
})

test('prompts are listed under their server and got from it', async () => {
  for (const { prompts } of [await legacy.listPrompts(), await modern.listPrompts()]) {
    const names = prompts.map((prompt) => prompt.name)
    expect(names).toEqual(expect.arrayContaining(['everything__args-prompt', 'twin__args-prompt']))
  }
  const params = { name: 'twin__args-prompt', arguments: { city: 'Lyon' } }
  for (const got of [await legacy.getPrompt(params), await modern.getPrompt(params)]) {
    expect(JSON.stringify(got.messages)).toContain('Lyon')
  }
})

test('completions of a prompt argument and a template variable come from the server', async () => {
  const prompt = {
    ref: { type: 'ref/prompt' as const, name: 'everything__completable-prompt' },
    argument: { name: 'department', value: 'Eng' },
  }
  const resource = {
    ref: { type: 'ref/resource' as const, uri: `studypulse://everything/${template}` },
    argument: { name: 'resourceId', value: '42' },
  }
  for (const client of [legacy, modern]) {
    expect((await client.complete(prompt)).completion.values).toEqual(['Engineering'])
    expect((await client.complete(resource)).completion.values).toEqual(['42'])
  }
})

test('a call that acts waits for its card: denied, nothing changes; allowed, its new resource is announced and listed', async () => {
  const gzip = {
    name: 'everything__gzip-file-as-resource',
    arguments: { name: 'proxy.gz', data: 'data:text/plain,hello', outputType: 'resourceLink' },
  }
  const session = 'studypulse://everything/demo://resource/session/proxy.gz'
  answer = { action: 'decline' }
  const denied = (await legacy.callTool(gzip)) as CallToolResult
  expect(denied.isError).toBe(true)
  expect(denied.structuredContent).toMatchObject({ ok: false, error: { code: 'user_denied' } })
  expect(asked).toHaveLength(1)
  expect((await legacy.listResources()).resources.map((r) => r.uri)).not.toContain(session)

  answer = { action: 'accept', content: { answer: 'allow_once' } }
  const before = resourcesChanged
  // The 2026-07-28 client hears of it on its `subscriptions/listen` stream.
  let modernChanged: () => void = () => {}
  const heard = new Promise<void>((resolve) => {
    modernChanged = resolve
  })
  modern.setNotificationHandler('notifications/resources/list_changed', () => modernChanged())
  const listening = await modern.listen({ resourcesListChanged: true })
  expect(listening.honoredFilter.resourcesListChanged).toBe(true)
  const allowed = (await legacy.callTool(gzip)) as CallToolResult
  expect(allowed.isError ?? false).toBe(false)
  expect(asked).toHaveLength(2)
  await until(() => resourcesChanged > before)
  await heard
  await listening.close()
  expect((await legacy.listResources()).resources.map((r) => r.uri)).toContain(session)
  expect((await modern.listResources()).resources.map((r) => r.uri)).toContain(session)
})

test("a server's log line reaches the session, named by its server", async () => {
  await legacy.setLoggingLevel('debug')
  answer = { action: 'accept', content: { answer: 'allow_once' } }
  const toggle = { name: 'everything__toggle-simulated-logging', arguments: {} }
  await legacy.callTool(toggle)
  await until(() => logs.length > 0)
  expect(logs[0]?.logger).toBe('everything')
  expect(String(logs[0]?.data)).toMatch(/message/)
  // Off again: the server would send one every 5 s.
  await legacy.callTool(toggle)
})

test("a server's words are bounded and shown; what cannot be named visibly is left out", async () => {
  const cut = /… \[cut by the gateway: [\d,]+ more characters\]$/
  for (const client of [legacy, modern]) {
    const prompts = (await client.listPrompts()).prompts.filter((p) => p.name.startsWith('wordy'))
    expect(prompts.map((p) => p.name)).toEqual(['wordy__long'])
    expect(prompts[0]?.title).toBe('Safe<U+202E>txt.exe')
    expect(prompts[0]?.description).toMatch(cut)
    expect(prompts[0]?.description?.length).toBeLessThan(maxOfferedDescription + 60)
    const notes = (await client.listResources()).resources.filter((r) => r.uri.includes('note:'))
    expect(notes.map((r) => [r.uri, r.name])).toEqual([
      ['studypulse://wordy/note://a', 'wordy__a<U+202E>b'],
    ])
    expect(notes[0]?.description).toMatch(cut)
    const got = await client.getPrompt({ name: 'wordy__long' })
    expect(got.description).toMatch(cut)
  }
})

test('--pass-names offers the one server under its own names', async () => {
  const tools = (await passing.listTools()).tools.map((tool) => tool.name)
  expect(tools).toEqual(expect.arrayContaining(['echo', 'get-sum', 'gzip-file-as-resource']))
  expect(tools.some((name) => name.includes('__'))).toBe(false)
  const prompts = (await passing.listPrompts()).prompts.map((prompt) => prompt.name)
  expect(prompts).toContain('args-prompt')
  expect((await passing.listResources()).resources.map((r) => r.uri)).toContain(doc)
  expect(textOf((await passing.readResource({ uri: doc })).contents)).toMatch(/architecture/i)
  const got = await passing.getPrompt({ name: 'args-prompt', arguments: { city: 'Oslo' } })
  expect(JSON.stringify(got.messages)).toContain('Oslo')
  // Still a card before it runs (every tool of an untrusted server asks).
  answer = { action: 'accept', content: { answer: 'allow_once' } }
  const count = asked.length
  const sum = (await passing.callTool({
    name: 'get-sum',
    arguments: { a: 2, b: 3 },
  })) as CallToolResult
  expect(asked).toHaveLength(count + 1)
  expect(JSON.stringify(sum.content)).toContain('5')
})

test('--pass-names needs exactly one server', async () => {
  expect(parseGatewayArgs(['--config', 'mcp.json', '--pass-names'])).toMatchObject({
    kind: 'serve',
    passNames: true,
  })
  const folder = folders.find((f) => f.config === twoServers)
  await expect(
    startGateway({
      configPath: folder?.config ?? '',
      workspace: folder?.workspace ?? '',
      askTimeoutMs: 1000,
      env: {},
      log: () => {},
      passNames: true,
    }),
  ).rejects.toMatchObject({ code: 'gateway_not_started', message: /exactly one server/ })
})
