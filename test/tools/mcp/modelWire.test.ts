import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { createMcpTools, type McpTools } from '../../../tools/mcp/createMcpTools.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { eventsOf, makeRuntime, pendingId } from '../../helpers/runHarness.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import {
  type FakeModelServer,
  sseReply,
  startFakeModelServer,
} from '../../models/protocol/fakeModelServer.ts'
import { anthropicKit, openAIKit } from '../../models/protocol/protocolKits.ts'
import { folderSnapshot } from './folderSnapshot.ts'
import { filesystemServer } from './mcpTestServers.ts'

// The real OpenAI and Anthropic clients, on the wire to a loopback stand-in for the model API:
// the MCP tools reach a real model's request as it expects them, and its calls come back gated.
let folder: string
let mcp: McpTools
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'studypulse-mcp-wire-'))
  mcp = await createMcpTools({ version: 1, servers: { files: filesystemServer(folder) } })
})
afterAll(async () => {
  await mcp?.close()
  await rm(folder, { recursive: true, force: true })
})

let server: FakeModelServer
let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => {
  server = await startFakeModelServer()
  ;({ ws, dispose } = await tempWorkspace())
  await writeFile(join(folder, 'notes.txt'), 'keep me\n')
})
afterEach(async () => {
  await server.close()
  await dispose()
})

describe.each([openAIKit, anthropicKit])('MCP tools with the $label client', (kit) => {
  it('sends the server’s schema under <server>__<tool>, and the model’s write waits for a card', async () => {
    const path = join(folder, 'notes.txt')
    server.reply(
      sseReply(
        kit.callsStream([
          {
            id: 'call_w',
            name: 'files__write_file',
            arguments: JSON.stringify({ path, content: 'x' }),
          },
        ]),
      ),
      sseReply(kit.textStream(['Left it alone.'])),
    )
    const runtime = makeRuntime(
      kit.client(server.url),
      ws,
      new ToolRegistry([], { sources: [mcp] }),
    )
    const runId = runtime.startRun({ input: 'overwrite notes.txt' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const body = server.requests[0]?.body
    const sent = JSON.stringify(body.tools)
    expect(sent).toContain('files__write_file')
    expect(sent).not.toContain('$schema')
    const tool = (body.tools as Record<string, unknown>[]).find((t) =>
      JSON.stringify(t).includes('"files__write_file"'),
    )
    expect(JSON.stringify(tool)).toContain('"required":["path","content"]')
    const before = await folderSnapshot(folder)
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await folderSnapshot(folder)).toEqual(before)
    expect(eventsOf(runtime, runId, 'toolFailed')[0]?.error?.code).toBe('user_denied')
    expect(JSON.stringify(server.requests[1]?.body)).toContain('user_denied')
  })
})
