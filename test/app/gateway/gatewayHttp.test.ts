import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { filesystemServer } from '../../tools/mcp/mcpTestServers.ts'
import {
  countedLines,
  countingServer,
  elicitingClient,
  folderGateway,
  type GatewayFolder,
  gatewayFolder,
  plainClient,
} from './gatewayHarness.ts'

// The gateway served over Streamable HTTP in this process (so a test can reach its runtime), in
// front of the real filesystem server and a counting server, with real SDK clients.
let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
const clients: Client[] = []
const countFile = () => join(folder.dir, 'count.txt')

async function start(options: { askTimeoutMs?: number; progressEveryMs?: number } = {}) {
  started = await folderGateway(folder, {
    askTimeoutMs: options.askTimeoutMs ?? 600_000,
    ...(options.progressEveryMs !== undefined && { progressEveryMs: options.progressEveryMs }),
  })
  http = await serveGatewayHttp(started.gateway, 0)
}

async function connect(client: Client): Promise<Client> {
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  clients.push(client)
  return client
}

beforeEach(async () => {
  folder = await gatewayFolder((files, dir) => ({
    version: 1,
    servers: {
      files: filesystemServer(files, { trusted: true }),
      counting: countingServer(join(dir, 'count.txt'), { tools: { change: 'read' } }),
    },
  }))
  await writeFile(join(folder.files, 'a.txt'), 'alpha\n')
  await writeFile(join(folder.files, 'b.txt'), 'beta\n')
})
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => {})
  await http?.close()
  await started?.stop()
  await folder.dispose()
})

test('two clients at once: each asked once for its own write, each file written once', async () => {
  await start()
  const one = elicitingClient(() => ({ action: 'accept' }))
  const two = elicitingClient(() => ({ action: 'accept' }))
  await connect(one.client)
  await connect(two.client)
  const [a, b] = (await Promise.all([
    one.client.callTool({
      name: 'files__write_file',
      arguments: { path: join(folder.files, 'a.txt'), content: 'alpha two\n' },
    }),
    two.client.callTool({
      name: 'files__write_file',
      arguments: { path: join(folder.files, 'b.txt'), content: 'beta two\n' },
    }),
  ])) as CallToolResult[]
  expect(a?.isError).toBeFalsy()
  expect(b?.isError).toBeFalsy()
  expect(await readFile(join(folder.files, 'a.txt'), 'utf8')).toBe('alpha two\n')
  expect(await readFile(join(folder.files, 'b.txt'), 'utf8')).toBe('beta two\n')
  expect(one.asked).toHaveLength(1)
  expect(two.asked).toHaveLength(1)
  expect(one.asked[0]?.params.message).toContain('a.txt')
  expect(two.asked[0]?.params.message).toContain('b.txt')
})

test('an accepted call runs upstream exactly once; a deny-always answer keeps a rule that denies the next call unasked', async () => {
  await start()
  // The first card is allowed once, the second denied with "always deny this tool".
  const host = elicitingClient(() => ({
    action: 'accept',
    content: { answer: host.asked.length === 1 ? 'allow_once' : 'deny_always' },
  }))
  await connect(host.client)
  const first = (await host.client.callTool({
    name: 'counting__append',
    arguments: { line: 'one' },
  })) as CallToolResult
  expect(first.isError).toBeFalsy()
  expect(await countedLines(countFile())).toEqual(['{"line":"one"}'])
  const second = (await host.client.callTool({
    name: 'counting__append',
    arguments: { line: 'two' },
  })) as CallToolResult
  expect(second.structuredContent).toMatchObject({ ok: false, error: { code: 'user_denied' } })
  const third = (await host.client.callTool({
    name: 'counting__append',
    arguments: { line: 'three' },
  })) as CallToolResult
  expect(third.structuredContent).toMatchObject({ ok: false, error: { code: 'user_denied' } })
  // The rule answered the third: nobody was asked again, and nothing more ran.
  expect(host.asked).toHaveLength(2)
  expect(await countedLines(countFile())).toEqual(['{"line":"one"}'])
  expect(started.runtime.policies.list().map((r) => [r.tool, r.effect, r.scope])).toEqual([
    ['counting__append', 'deny', 'always'],
  ])
})

test('a card nobody answers ends as confirmation_expired, nothing called', async () => {
  await start({ askTimeoutMs: 300 })
  const client = await connect(plainClient())
  const result = (await client.callTool({
    name: 'counting__append',
    arguments: { line: 'late' },
  })) as CallToolResult
  expect(result.isError).toBe(true)
  expect(result.structuredContent).toMatchObject({
    ok: false,
    error: { code: 'confirmation_expired' },
  })
  expect(await countedLines(countFile())).toEqual([])
})

test('a waiting call sends progress notifications until its card is answered', async () => {
  await start({ progressEveryMs: 50 })
  const client = await connect(plainClient())
  const progress: string[] = []
  let decided = false
  const call = client.callTool({ name: 'counting__append', arguments: { line: 'p' } }, undefined, {
    onprogress: (p) => {
      progress.push(p.message ?? '')
      if (progress.length === 3 && !decided) {
        decided = true
        // Decided as the page would: through the runtime's one decision path.
        const [runId] = started.gateway.runIds()
        const view = started.runtime.view(runId as string)
        void started.runtime.submitConfirmation(
          runId as string,
          view.pending?.confirmationId as string,
          'allow',
          { digest: view.pending?.digest as string },
        )
      }
    },
  })
  const result = (await call) as CallToolResult
  expect(result.isError).toBeFalsy()
  expect(progress.length).toBeGreaterThanOrEqual(3)
  expect(progress[0]).toContain('Waiting for a person')
  expect(await countedLines(countFile())).toEqual(['{"line":"p"}'])
})

test('upstream list changes are passed on; a tool changed between card and decision is refused, nothing called', async () => {
  await start()
  let changed = 0
  let seenChange: () => void = () => {}
  const listChanged = new Promise<void>((resolve) => {
    seenChange = resolve
  })
  const host = elicitingClient(async (): Promise<ElicitResult> => {
    // While the card waits, the server changes the tool's schema.
    await host.client.callTool({ name: 'counting__change', arguments: {} })
    await listChanged
    return { action: 'accept' }
  })
  host.client.setNotificationHandler(
    (await import('@modelcontextprotocol/sdk/types.js')).ToolListChangedNotificationSchema,
    () => {
      changed += 1
      seenChange()
    },
  )
  await connect(host.client)
  const result = (await host.client.callTool({
    name: 'counting__append',
    arguments: { line: 'x' },
  })) as CallToolResult
  expect(changed).toBeGreaterThanOrEqual(1)
  expect(result.isError).toBe(true)
  expect(result.structuredContent).toMatchObject({ ok: false, error: { code: 'tool_changed' } })
  expect(await countedLines(countFile())).toEqual([])
  // The client lists again and sees the new schema.
  const { tools } = await host.client.listTools()
  const append = tools.find((t) => t.name === 'counting__append')
  expect(Object.keys(append?.inputSchema.properties ?? {})).toEqual(['line1'])
})

test('an upstream server that dies mid-call answers execution_failed; the next call starts it again', async () => {
  await start()
  const host = elicitingClient(() => ({ action: 'accept' }))
  await connect(host.client)
  const died = (await host.client.callTool({
    name: 'counting__die',
    arguments: {},
  })) as CallToolResult
  expect(died.isError).toBe(true)
  expect(died.structuredContent).toMatchObject({ ok: false, error: { code: 'execution_failed' } })
  const next = (await host.client.callTool({
    name: 'counting__append',
    arguments: { line: 'after' },
  })) as CallToolResult
  expect(next.isError).toBeFalsy()
  expect(await countedLines(countFile())).toEqual(['dying', '{"line":"after"}'])
})

test('a replayed or stale decision is refused: the card took one answer, once', async () => {
  await start()
  const client = await connect(plainClient())
  const { runtime } = started
  const carded = new Promise<string>((resolve) => {
    runtime.subscribe((event) => {
      if (event.kind === 'confirmationRequired') resolve(event.runId)
    })
  })
  const call = client.callTool({ name: 'counting__append', arguments: { line: 'once' } })
  const runId = await carded
  const card = runtime.view(runId).pending
  const confirmationId = card?.confirmationId as string
  // A decision for another call (its digest) is refused, and the card stays open.
  await expect(
    runtime.submitConfirmation(runId, confirmationId, 'allow', { digest: 'f'.repeat(64) }),
  ).rejects.toMatchObject({ code: 'confirmation_not_found' })
  await runtime.submitConfirmation(runId, confirmationId, 'allow', {
    digest: card?.digest as string,
  })
  // The same decision again: the id is spent.
  await expect(
    runtime.submitConfirmation(runId, confirmationId, 'allow', { digest: card?.digest as string }),
  ).rejects.toMatchObject({ code: 'confirmation_not_found' })
  expect(((await call) as CallToolResult).isError).toBeFalsy()
  expect(await countedLines(countFile())).toEqual(['{"line":"once"}'])
})
