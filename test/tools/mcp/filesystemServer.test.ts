import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OfflinePlanner } from '../../../models/offline/OfflinePlanner.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { createMcpTools, type McpTools } from '../../../tools/mcp/createMcpTools.ts'
import { ToolError } from '../../../tools/ToolError.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { eventsOf, makeRuntime, pendingId } from '../../helpers/runHarness.ts'
import { appendStoredJournal, changeStored } from '../../helpers/sqliteFolder.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { folderSnapshot } from './folderSnapshot.ts'
import { filesystemServer } from './mcpTestServers.ts'

// The real @modelcontextprotocol/server-filesystem, started three times on one temporary folder:
// trusted, untrusted, and trusted with a level the host set itself.
let folder: string
let mcp: McpTools
let registry: ToolRegistry
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'studypulse-mcp-fs-'))
  mcp = await createMcpTools({
    version: 1,
    servers: {
      files: filesystemServer(folder, { trusted: true }),
      stranger: filesystemServer(folder),
      pinned: filesystemServer(folder, { trusted: true, tools: { read_text_file: 'write' } }),
    },
  })
  registry = new ToolRegistry([], { sources: [mcp] })
})
afterAll(async () => {
  await mcp?.close()
  await rm(folder, { recursive: true, force: true })
})

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => {
  await writeFile(join(folder, 'notes.txt'), 'photosynthesis makes sugar\n')
  ;({ ws, dispose } = await tempWorkspace())
})
afterEach(() => dispose())

const context = () => ({
  workspace: ws,
  now: new Date(),
  sourcePaths: [],
  signal: new AbortController().signal,
  generateId: () => 'id',
})

describe('server-filesystem as a tool source', () => {
  it('connects and lists the tools of every server', () => {
    const servers = mcp.servers()
    expect(servers.map((s) => [s.name, s.state])).toEqual([
      ['files', 'connected'],
      ['stranger', 'connected'],
      ['pinned', 'connected'],
    ])
    expect(servers[0]?.tools.map((t) => t.mcpName)).toContain('write_file')
  })

  it('read_text_file is read when the server is trusted, destructive when it is not', async () => {
    const path = join(folder, 'notes.txt')
    const trusted = registry.prepare('c1', 'files__read_text_file', { path })
    const untrusted = registry.prepare('c2', 'stranger__read_text_file', { path })
    const pinned = registry.prepare('c3', 'pinned__read_text_file', { path })
    expect([trusted.permission, trusted.permissionOrigin]).toEqual([
      'read',
      {
        source: 'trusted_annotation',
        text: 'claimed by server files (trusted)',
        server: 'files',
        tool: 'read_text_file',
      },
    ])
    expect([untrusted.permission, untrusted.permissionOrigin]).toEqual([
      'destructive',
      {
        source: 'untrusted_default',
        text: 'untrusted server stranger',
        server: 'stranger',
        tool: 'read_text_file',
      },
    ])
    // The host said "write" for a tool its trusted server claims is read-only: the host wins.
    expect([pinned.permission, pinned.permissionOrigin]).toEqual([
      'write',
      { source: 'host', text: 'set by you in mcp.json', server: 'pinned', tool: 'read_text_file' },
    ])
    expect(trusted.preview).toBe(`MCP server files › read_text_file path: "${path}"`)
    expect(await registry.execute(trusted, context())).toEqual({
      ok: true,
      data: {
        text: 'photosynthesis makes sugar\n',
        structuredContent: { content: 'photosynthesis makes sugar\n' },
      },
    })
  })

  it('shows the model the server’s input schema and checks arguments against it at prepare', () => {
    const definition = registry.definitions().find((d) => d.name === 'files__write_file')
    expect(definition?.parameters).toMatchObject({
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    })
    expect(definition?.permission).toBe('destructive')
    const bad = () => registry.prepare('c1', 'files__write_file', { path: 7 })
    expect(bad).toThrow(ToolError)
    expect(bad).toThrow(/must have required property 'content'/)
    expect(bad).toThrow(/\/path must be string/)
  })

  it('an error of the server goes back as a structured failure', async () => {
    const call = registry.prepare('c1', 'files__read_text_file', { path: '/etc/hostname' })
    const result = await registry.execute(call, context())
    expect(result).toMatchObject({ ok: false, error: { code: 'tool_error' } })
    expect(JSON.stringify(result)).toMatch(/Access denied/)
  })

  const writeCall = (content: string) =>
    new ScriptedModel([
      {
        toolCalls: [
          {
            id: 'w1',
            name: 'files__write_file',
            arguments: JSON.stringify({ path: join(folder, 'notes.txt'), content }),
          },
        ],
      },
      { text: 'Done.' },
    ])

  it('write_file needs a card, and a denial leaves the folder byte-identical', async () => {
    const before = await folderSnapshot(folder)
    const model = writeCall('overwritten')
    const runtime = makeRuntime(model, ws, registry)
    const runId = runtime.startRun({ input: 'overwrite my notes' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const [card] = eventsOf(runtime, runId, 'confirmationRequired')
    expect(card).toMatchObject({
      toolName: 'files__write_file',
      permission: 'destructive',
      permissionOrigin: { source: 'trusted_annotation', text: 'claimed by server files (trusted)' },
    })
    expect(card?.preview).toContain('MCP server files › write_file')
    // Nothing is written while the card waits.
    expect(await folderSnapshot(folder)).toEqual(before)
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await folderSnapshot(folder)).toEqual(before)
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('user_denied'),
    })
  })

  it('an allowed write_file writes, and the server’s answer goes back to the model', async () => {
    const model = writeCall('rewritten by the agent')
    const runtime = makeRuntime(model, ws, registry)
    const runId = runtime.startRun({ input: 'rewrite my notes' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await readFile(join(folder, 'notes.txt'), 'utf8')).toBe('rewritten by the agent')
    const reply = model.requests[1]?.messages.at(-1)
    expect(reply).toMatchObject({ role: 'tool', name: 'files__write_file' })
    expect(JSON.parse((reply as { content: string }).content)).toMatchObject({
      ok: true,
      data: { text: expect.stringContaining('Successfully wrote') },
    })
  })

  it('the offline planner reads through a trusted server without a card and writes only after one', async () => {
    const runtime = makeRuntime(new OfflinePlanner(), ws, registry)
    const path = join(folder, 'notes.txt')
    const runId = runtime.startRun({ input: `use files read_text_file {"path":"${path}"}` })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(eventsOf(runtime, runId, 'confirmationRequired')).toEqual([])
    expect(eventsOf(runtime, runId, 'assistantMessage').at(-1)?.text).toBe(
      'files__read_text_file answered:\nphotosynthesis makes sugar\n',
    )
    const before = await folderSnapshot(folder)
    await runtime.sendInput(runId, `use files write_file {"path":"${path}","content":"gone"}`)
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await folderSnapshot(folder)).toEqual(before)
    expect(eventsOf(runtime, runId, 'assistantMessage').at(-1)?.text).toBe(
      'OK, I did not run files__write_file.',
    )
  })

  it('a card for an MCP tool comes back after a restart and still works', async () => {
    const first = makeRuntime(writeCall('after restart'), ws, registry)
    const runId = first.startRun({ input: 'rewrite my notes' })
    await waitForRun(first, runId, 'awaitingConfirmation')
    await first.close()
    const second = makeRuntime(new ScriptedModel([{ text: 'Done.' }]), ws, registry)
    expect(await second.restore()).toEqual([runId])
    const card = eventsOf(second, runId, 'confirmationRequired').at(-1)
    expect(card?.permissionOrigin?.source).toBe('trusted_annotation')
    await second.submitConfirmation(runId, pendingId(second, runId), 'allow')
    await waitForRun(second, runId, 'awaitingInput')
    expect(await readFile(join(folder, 'notes.txt'), 'utf8')).toBe('after restart')
  })

  it('a card whose MCP server is gone after a restart closes as tool_unavailable; the run goes on', async () => {
    const first = makeRuntime(writeCall('never written'), ws, registry)
    const runId = first.startRun({ input: 'rewrite my notes' })
    await waitForRun(first, runId, 'awaitingConfirmation')
    await first.close()
    const before = await folderSnapshot(folder)
    // The restarted app names the same server, but its program is gone: it offers no tools.
    const down = await createMcpTools({
      version: 1,
      servers: { files: { command: join(folder, 'no-such-server') } },
    })
    try {
      expect(down.servers()[0]?.state).not.toBe('connected')
      const model = new ScriptedModel([{ text: 'The files server is down.' }])
      const second = makeRuntime(model, ws, new ToolRegistry([], { sources: [down] }))
      expect(await second.restore()).toEqual([runId])
      await waitForRun(second, runId, 'awaitingInput')
      expect(second.view(runId).pending).toBeUndefined()
      expect(eventsOf(second, runId, 'confirmationResolved').at(-1)).toMatchObject({
        decision: 'deny',
        decidedBy: 'policy',
        rule: expect.stringContaining('files__write_file is not offered'),
      })
      expect(eventsOf(second, runId, 'toolFailed').at(-1)?.error?.code).toBe('tool_unavailable')
      const heard = model.requests[0]?.messages.at(-1)
      expect(heard).toMatchObject({ role: 'tool', toolCallId: 'w1' })
      expect(JSON.stringify(heard)).toContain('tool_unavailable')
      expect(eventsOf(second, runId, 'assistantMessage').at(-1)?.text).toBe(
        'The files server is down.',
      )
      expect(await folderSnapshot(folder)).toEqual(before)
    } finally {
      await down.close()
    }
  })

  it('a call allowed just before a crash, whose server is gone after it, is interrupted', async () => {
    const first = makeRuntime(writeCall('maybe written'), ws, registry)
    const runId = first.startRun({ input: 'rewrite my notes' })
    await waitForRun(first, runId, 'awaitingConfirmation')
    const card = first.view(runId).pending
    await first.close()
    // The crash: the intent reached the journal, the outcome never did; the call may have run.
    const intent = {
      type: 'intent',
      callId: 'w1',
      digest: card?.digest,
      at: new Date().toISOString(),
    }
    changeStored(
      ws.root,
      appendStoredJournal,
      JSON.stringify({ ...intent, confirmationId: card?.confirmationId }),
      runId,
    )
    const down = await createMcpTools({
      version: 1,
      servers: { files: { command: join(folder, 'no-such-server') } },
    })
    try {
      const model = new ScriptedModel([{ text: 'It may not have happened.' }])
      const second = makeRuntime(model, ws, new ToolRegistry([], { sources: [down] }))
      expect(await second.restore()).toEqual([runId])
      await waitForRun(second, runId, 'awaitingInput')
      expect(eventsOf(second, runId, 'toolFailed').at(-1)?.error?.code).toBe('interrupted')
      expect(eventsOf(second, runId, 'confirmationResolved').at(-1)).toMatchObject({
        decision: 'allow',
        rule: 'recovered after a restart from the intent journal',
      })
    } finally {
      await down.close()
    }
  })
})
