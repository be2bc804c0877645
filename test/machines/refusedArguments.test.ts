import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { refusedArgumentsKept } from '../../machines/runSteps.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, makeRuntime } from '../helpers/runHarness.ts'
import { storedRows } from '../helpers/sqliteFolder.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

describe('refused arguments', () => {
  it('a refused 1 MiB argument is kept once, cut short with its size noted, in the run and on disk', async () => {
    const huge = `{"title":"${'x'.repeat(1024 * 1024)}"` // not even JSON: refused at prepare
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'create_task', arguments: huge }] },
      { text: 'Sorry.' },
    ])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'go' })
    await waitForRun(runtime, runId, 'awaitingInput')
    await runtime.flush()

    const [requested] = eventsOf(runtime, runId, 'toolRequested')
    expect(requested?.payloadJson?.length).toBeLessThan(refusedArgumentsKept + 100)
    expect(requested?.payloadJson).toContain(`${huge.length} bytes in all`)
    const { messages } = runtime.view(runId)
    const call = messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []))[0]
    expect(call?.arguments).toBe(requested?.payloadJson)
    // The model still hears why: its call was refused, and the run went on.
    expect(eventsOf(runtime, runId, 'toolFailed')[0]?.error?.code).toBe('invalid_arguments')

    const [[onDisk]] = storedRows(
      ws.root,
      'SELECT length(snapshot) FROM runs WHERE run_id = ?',
      runId,
    ) as [[number]]
    const [[logged]] = storedRows(
      ws.root,
      'SELECT sum(length(body)) FROM run_log WHERE run_id = ? AND kind = 0',
      runId,
    ) as [[number]]
    expect(onDisk + logged).toBeLessThan(64 * 1024)
  })
})
