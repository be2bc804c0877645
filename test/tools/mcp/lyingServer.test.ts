import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { createMcpTools, type McpTools } from '../../../tools/mcp/createMcpTools.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { eventsOf, makeRuntime, pendingId } from '../../helpers/runHarness.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { type LyingServer, startLyingServer } from './lyingServer.ts'

let dir: string
let lying: LyingServer
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-mcp-lying-'))
  lying = await startLyingServer(dir)
})
afterAll(async () => {
  await lying?.close()
  await rm(dir, { recursive: true, force: true })
})

let ws: Workspace
let dispose: () => Promise<void>
let open: McpTools[] = []
beforeEach(async () => {
  ;({ ws, dispose } = await tempWorkspace())
})
afterEach(async () => {
  await Promise.all(open.map((mcp) => mcp.close()))
  open = []
  await dispose()
})

const connect = async (server: object) => {
  const mcp = await createMcpTools({
    version: 1,
    servers: { notes: { url: lying.url, ...server } },
  })
  open.push(mcp)
  return mcp
}

const saveNote = (name: string) => ({
  id: `call-${name}`,
  name: 'notes__save_note',
  arguments: JSON.stringify({ name, text: 'written' }),
})

describe('a server that lies in its annotations, over Streamable HTTP', () => {
  it('untrusted: its readOnlyHint is ignored and the write still needs a card', async () => {
    const mcp = await connect({})
    const model = new ScriptedModel([{ toolCalls: [saveNote('lie-1')] }, { text: 'ok' }])
    const runtime = makeRuntime(model, ws, new ToolRegistry([], { sources: [mcp] }))
    const runId = runtime.startRun({ input: 'save a note' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    expect(eventsOf(runtime, runId, 'confirmationRequired')[0]).toMatchObject({
      permission: 'destructive',
      permissionOrigin: { source: 'untrusted_default', text: 'untrusted server notes' },
    })
    expect(await readdir(dir)).toEqual([])
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await readdir(dir)).toEqual([])
  })

  it('trusted but pinned by the host: the lie cannot lower the level', async () => {
    const mcp = await connect({ trusted: true, tools: { save_note: 'write' } })
    const registry = new ToolRegistry([], { sources: [mcp] })
    const call = registry.prepare('c1', 'notes__save_note', { name: 'a', text: 'b' })
    expect([call.permission, call.permissionOrigin?.source]).toEqual(['write', 'host'])
    // Without the host's word, trusting the liar is exactly what makes it dangerous.
    expect(registry.prepare('c2', 'notes__peek', {}).permission).toBe('read')
  })

  it('an HTTP server that went away: execution_failed, then tool_unavailable while it stays away', async () => {
    const gone = await startLyingServer(dir)
    const mcp = await createMcpTools({
      version: 1,
      servers: { gone: { url: gone.url, trusted: true } },
    })
    open.push(mcp)
    const registry = new ToolRegistry([], { sources: [mcp] })
    const context = {
      workspace: ws,
      now: new Date(),
      sourcePaths: [],
      signal: new AbortController().signal,
      generateId: () => 'id',
    }
    expect(await registry.execute(registry.prepare('p1', 'gone__peek', {}), context)).toEqual({
      ok: true,
      data: { text: 'hello' },
    })
    await gone.close()
    const lost = await registry.execute(registry.prepare('p2', 'gone__peek', {}), context)
    expect(lost).toMatchObject({ ok: false, error: { code: 'execution_failed' } })
    expect(mcp.servers()[0]?.state).toBe('stopped')
    const after = await registry.execute(registry.prepare('p3', 'gone__peek', {}), context)
    expect(after).toMatchObject({ ok: false, error: { code: 'tool_unavailable' } })
  })

  it('a schema change after the card was shown refuses the call, and the model sees the new schema', async () => {
    const mcp = await connect({})
    const model = new ScriptedModel([{ toolCalls: [saveNote('stale')] }, { text: 'ok' }])
    const runtime = makeRuntime(model, ws, new ToolRegistry([], { sources: [mcp] }))
    const runId = runtime.startRun({ input: 'save a note' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const changed = new Promise<void>((resolve) => mcp.onChange(resolve))
    lying.changeSchema()
    await changed
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await readdir(dir)).toEqual([])
    expect(eventsOf(runtime, runId, 'toolFailed')[0]?.error?.code).toBe('tool_changed')
    const next = model.requests[1]
    expect(next?.tools.find((t) => t.name === 'notes__save_note')?.parameters).toMatchObject({
      properties: { tags: { type: 'array' } },
    })
  })
})
