import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { createMcpTools, type McpTools } from '../../../tools/mcp/createMcpTools.ts'
import type { PreparedTool } from '../../../tools/PreparedTool.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { ToolResult } from '../../../vocabulary/ToolResult.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { eventsOf, makeRuntime } from '../../helpers/runHarness.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { toolContext } from '../../helpers/toolContext.ts'
import { misbehavingServer } from './mcpTestServers.ts'

// Our own stdio server that crashes, hangs or writes garbage on request. Trusted, so its calls
// run without cards and the test is about failures only. The hang test waits for the server's
// own 500 ms limit (a real timer in the SDK, not a sleep in the test).
let mcp: McpTools
let registry: ToolRegistry
let marks: string
beforeAll(async () => {
  marks = await mkdtemp(join(tmpdir(), 'studypulse-mcp-marks-'))
  mcp = await createMcpTools({
    version: 1,
    servers: {
      flaky: misbehavingServer({
        trusted: true,
        timeoutMs: 500,
        env: { REFUSE_START_IF: join(marks, 'refuse') },
      }),
      missing: { command: '/nonexistent/mcp-server', trusted: true },
      broken: misbehavingServer({ trusted: true, env: { THROW_AT_START: '1' } }),
    },
  })
  registry = new ToolRegistry([], { sources: [mcp] })
})
afterAll(async () => {
  await mcp?.close()
  await rm(marks, { recursive: true, force: true })
})

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => {
  ;({ ws, dispose } = await tempWorkspace())
})
afterEach(() => dispose())

const run = (call: PreparedTool): Promise<ToolResult> => registry.execute(call, toolContext(ws))
const echo = async () => {
  const result = await run(registry.prepare('e', 'flaky__echo', { text: 'hi' }))
  if (!result.ok) throw new Error(result.error.message)
  return Number(/from (\d+)/.exec((result.data as { text: string }).text)?.[1])
}
const state = () => mcp.servers().find((s) => s.name === 'flaky')?.state

describe('a server that crashes, hangs or sends garbage', () => {
  it.each([
    ['crash', /stopped during crash .*about to crash on purpose/],
    ['hang', /did not answer hang within 500 ms/],
    ['garbage', /stopped during garbage \(it wrote something that is not MCP/],
  ])(
    '%s: a structured execution_failed, then a fresh server on the next call',
    async (tool, why) => {
      const before = await echo()
      const result = await run(registry.prepare('c', `flaky__${tool}`, {}))
      expect(result).toMatchObject({ ok: false, error: { code: 'execution_failed' } })
      expect((result as { error: { message: string } }).error.message).toMatch(why)
      expect(state()).toBe('stopped')
      const after = await echo()
      expect(state()).toBe('connected')
      expect(after).not.toBe(before)
    },
  )

  it('a result that is not a tool result is execution_failed, and the server keeps running', async () => {
    const before = await echo()
    const result = await run(registry.prepare('c', 'flaky__bad_result', {}))
    expect(result).toMatchObject({ ok: false, error: { code: 'execution_failed' } })
    expect(await echo()).toBe(before)
  })

  it('a restart that fails is tool_unavailable, and the next call tries again', async () => {
    await run(registry.prepare('c', 'flaky__crash', {}))
    await writeFile(join(marks, 'refuse'), '')
    const refused = await run(registry.prepare('e', 'flaky__echo', { text: 'hi' }))
    expect(refused).toMatchObject({ ok: false, error: { code: 'tool_unavailable' } })
    expect((refused as { error: { message: string } }).error.message).toMatch(/refusing to start/)
    await rm(join(marks, 'refuse'))
    expect(await echo()).toBeGreaterThan(0)
  })

  it('a server that cannot start is reported, offers no tools, and the rest work', () => {
    const missing = mcp.servers().find((s) => s.name === 'missing')
    expect(missing).toMatchObject({ state: 'failed', tools: [] })
    expect(missing?.error).toMatch(/ENOENT/)
    expect(registry.definitions().some((d) => d.name.startsWith('missing__'))).toBe(false)
  })

  it('a server that dies at start is reported by its first error line, not only its last lines', () => {
    const broken = mcp.servers().find((s) => s.name === 'broken')
    expect(broken).toMatchObject({ state: 'failed', tools: [] })
    // Node's report ends `{ code: 'E_CONFIG' }`, a blank line and `Node.js v20…`: left out.
    expect(broken?.error).toMatch(/stderr: Error: MISBEHAVING_API_KEY is not set$/)
  })

  it('the run goes on: the failure goes back to the model, which answers', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'flaky__crash', arguments: '{}' }] },
      { text: 'The server crashed; try again later.' },
    ])
    const runtime = makeRuntime(model, ws, registry)
    const runId = runtime.startRun({ input: 'crash it' })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(eventsOf(runtime, runId, 'toolFailed')[0]?.error?.code).toBe('execution_failed')
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('execution_failed'),
    })
  })
})
