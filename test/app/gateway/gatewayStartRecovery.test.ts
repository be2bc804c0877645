import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  type CallToolResult,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import { type StartedGateway, startGateway } from '../../../app/gateway/startGateway.ts'
import { holdStartTimeouts } from '../../tools/mcp/heldStartTimeouts.ts'
import { misbehavingServer } from '../../tools/mcp/mcpTestServers.ts'
import { type GatewayFolder, gatewayFolder, plainClient } from './gatewayHarness.ts'

// The gateway in this process over HTTP, in front of a real server that starts only once the file
// `ready` exists (past its start timeout, as an `npx -y` download on a cold cache does) and one
// that dies at start. The backoff's timer never fires here: every retry seen is one that a
// `tools/list` or a call asked for.
let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
let client: Client
const logged: string[] = []
// Long enough for a fresh server to start beside a busy neighbour on both cores (a retry must);
// the first try never waits it out: the test fires its timer (see holdStartTimeouts).
const startTimeoutMs = 41_000

beforeEach(async () => {
  logged.length = 0
  folder = await gatewayFolder((_files, dir) => ({
    version: 1,
    servers: {
      slow: misbehavingServer({
        trusted: true,
        startTimeoutMs,
        env: { START_WHEN: join(dir, 'ready') },
      }),
      notes: misbehavingServer({ trusted: true, env: { CRASH_WITHOUT_STACK: '1' } }),
    },
  }))
  const held = holdStartTimeouts(startTimeoutMs)
  try {
    const starting = startGateway({
      configPath: folder.config,
      workspace: folder.workspace,
      askTimeoutMs: 600_000,
      retry: { timer: () => () => {} },
      env: {},
      log: (line) => logged.push(line),
    })
    // `slow` waits for its file, so it cannot have answered: it is past its start timeout.
    await held.fire()
    started = await starting
  } finally {
    held.release()
  }
  http = await serveGatewayHttp(started.gateway, 0)
  client = plainClient()
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)))
})
afterEach(async () => {
  await client?.close().catch(() => {})
  await http?.close()
  await started?.stop()
  await folder.dispose()
})

const names = async () => (await client.listTools()).tools.map((tool) => tool.name)
const text = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('')

test('a server past its start timeout is tried again on tools/list: its tools appear and the host is told', async () => {
  expect(logged.join('\n')).toMatch(/studypulse-gateway: slow: did not start within 41000 ms/)
  expect(await names()).not.toContain('slow__echo')
  await writeFile(join(folder.dir, 'ready'), '')
  const told = new Promise<void>((resolve) =>
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
  )
  await names()
  await told
  expect(await names()).toContain('slow__echo')
  const echoed = (await client.callTool({
    name: 'slow__echo',
    arguments: { text: 'hi' },
  })) as CallToolResult
  expect(echoed.isError).toBeFalsy()
  expect(text(echoed)).toMatch(/^hi from \d+$/)
  expect(logged.join('\n')).toMatch(/studypulse-gateway: slow started on try 2/)
})

test('a call of a tool whose server failed to start tries it again, and runs once it is up', async () => {
  await writeFile(join(folder.dir, 'ready'), '')
  const echoed = (await client.callTool({
    name: 'slow__echo',
    arguments: { text: 'hi' },
  })) as CallToolResult
  expect(echoed.isError).toBeFalsy()
  expect(text(echoed)).toMatch(/^hi from \d+$/)
})

test("a server that crashes at start shows its own error, in the log and in a call's answer", async () => {
  const error = "Error: ENOENT: no such file or directory, open '/nowhere/notes.db'"
  const line = logged.find((entry) => entry.startsWith('studypulse-gateway: notes:'))
  expect(line).toContain(error)
  expect(line).not.toMatch(/triggerUncaughtException/)
  const answer = (await client.callTool({
    name: 'notes__echo',
    arguments: { text: 'hi' },
  })) as CallToolResult
  expect(answer.isError).toBe(true)
  expect(text(answer)).toContain(`MCP server notes is not available: `)
  expect(text(answer)).toContain(error)
  expect(text(answer)).toMatch(/\(tool_unavailable\)$/)
  expect(text(answer)).not.toMatch(/triggerUncaughtException/)
})
