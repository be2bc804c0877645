import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'
import { registryWithExecuteTool } from '../helpers/testTools.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

describe('permissions decide confirmation', () => {
  it('read tools run without confirmation', async () => {
    await writeFile(join(ws.sourcesDir, 'lecture-1.md'), 'Photosynthesis makes sugar from light.')
    const nb = await ws.createNotebook('Biology', ['lecture-1.md'])
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'r1', name: 'list_tasks', arguments: '{}' },
          { id: 'r2', name: 'search_workspace', arguments: '{"query":"PHOTOSYNTHESIS"}' },
          { id: 'r3', name: 'read_source', arguments: '{"path":"lecture-1.md"}' },
        ],
      },
      { text: 'Here you go.' },
    ])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'look around', notebookId: nb.id })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(eventsOf(runtime, runId, 'confirmationRequired')).toEqual([])
    const results = eventsOf(runtime, runId, 'toolCompleted').map((e) =>
      JSON.parse(e.payloadJson ?? ''),
    )
    expect(results).toHaveLength(3)
    expect(results[1].data.matches[0]).toMatchObject({ kind: 'source', ref: 'lecture-1.md' })
    expect(results[2].data.content).toContain('Photosynthesis')
  })

  it.each([
    ['write', 'create_task', '{"title":"x"}'],
    ['write', 'write_memory', '{"text":"likes mornings"}'],
    ['write', 'save_artifact', '{"title":"Plan","content":"cells first"}'],
    ['destructive', 'delete_task', '{"id":"t-1"}'],
    ['execute', 'run_command', '{"command":"rm -rf /"}'],
  ])('a %s tool (%s) never runs without confirmation', async (permission, name, args) => {
    const { tools, ran } = registryWithExecuteTool()
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name, arguments: args }] },
      { text: 'ok' },
    ])
    const runtime = makeRuntime(model, ws, tools)
    const before = JSON.stringify([
      await ws.readTasks(),
      await ws.readMemory(),
      await ws.listArtifacts(),
    ])
    const runId = runtime.startRun({ input: 'do it' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const [required] = eventsOf(runtime, runId, 'confirmationRequired')
    expect(required?.permission).toBe(permission)
    // Give any stray execution every chance to happen before checking that none did.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const after = JSON.stringify([
      await ws.readTasks(),
      await ws.readMemory(),
      await ws.listArtifacts(),
    ])
    expect(after).toBe(before)
    expect(ran).toEqual([])
    expect(eventsOf(runtime, runId, 'toolCompleted')).toEqual([])
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
  })
})
