import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { createMcpTools, type McpTools } from '../../../tools/mcp/createMcpTools.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import { eventsOf, makeRuntime, pendingId } from '../../helpers/runHarness.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { memoryServer } from './mcpTestServers.ts'

// The real @modelcontextprotocol/server-memory, trusted: its own annotations set the levels.
let dir: string
let mcp: McpTools
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-mcp-memory-'))
  mcp = await createMcpTools({
    version: 1,
    servers: { memory: memoryServer(join(dir, 'memory.jsonl'), { trusted: true }) },
  })
})
afterAll(async () => {
  await mcp?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('server-memory as a tool source', () => {
  it('creates and deletes entities, each through a card', async () => {
    const registry = new ToolRegistry([], { sources: [mcp] })
    expect(
      Object.fromEntries(mcp.servers()[0]?.tools.map((t) => [t.mcpName, t.permission]) ?? []),
    ).toMatchObject({
      create_entities: 'write',
      delete_entities: 'destructive',
      read_graph: 'read',
    })
    const entity = { name: 'Photosynthesis', entityType: 'topic', observations: ['makes sugar'] }
    const graphNames = async () => {
      const call = registry.prepare('g', 'memory__read_graph', {})
      const result = await registry.execute(call, {
        workspace: ws,
        now: new Date(),
        sourcePaths: [],
        signal: new AbortController().signal,
        generateId: () => 'id',
      })
      if (!result.ok) throw new Error(result.error.message)
      const graph = (result.data as { structuredContent: { entities: { name: string }[] } })
        .structuredContent
      return graph.entities.map((e) => e.name)
    }
    const model = new ScriptedModel([
      {
        toolCalls: [
          {
            id: 'c1',
            name: 'memory__create_entities',
            arguments: JSON.stringify({ entities: [entity] }),
          },
        ],
      },
      {
        toolCalls: [
          {
            id: 'c2',
            name: 'memory__delete_entities',
            arguments: JSON.stringify({ entityNames: ['Photosynthesis'] }),
          },
        ],
      },
      { text: 'Created and deleted.' },
    ])
    const { ws, dispose } = await tempWorkspace()
    try {
      const runtime = makeRuntime(model, ws, registry)
      const runId = runtime.startRun({ input: 'remember photosynthesis, then forget it' })
      await waitForRun(runtime, runId, 'awaitingConfirmation')
      expect(await graphNames()).toEqual([])
      await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
      await waitForRun(runtime, runId, 'awaitingConfirmation')
      expect(await graphNames()).toEqual(['Photosynthesis'])
      await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
      await waitForRun(runtime, runId, 'awaitingInput')
      expect(await graphNames()).toEqual([])
      expect(
        eventsOf(runtime, runId, 'confirmationRequired').map((e) => [e.toolName, e.permission]),
      ).toEqual([
        ['memory__create_entities', 'write'],
        ['memory__delete_entities', 'destructive'],
      ])
      expect(eventsOf(runtime, runId, 'toolCompleted')).toHaveLength(2)
    } finally {
      await dispose()
    }
  })
})
