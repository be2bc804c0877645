import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime, pendingId } from '../helpers/runHarness.ts'
import { storedEvents } from '../helpers/sqliteFolder.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const create = { id: 'c1', name: 'create_task', arguments: '{"title":"Revise"}' }
const code = (c: string) => expect.objectContaining({ code: c })

describe('release', () => {
  it('drops an ended run from memory, keeps its saved log, and leaves other runs alone', async () => {
    const runtime = makeRuntime(new ScriptedModel([{ text: 'Hi' }, { text: 'Hello' }]), ws)
    const ended = runtime.startRun({ input: 'hello' })
    const other = runtime.startRun({ input: 'hello again' })
    await waitForRun(runtime, ended, 'awaitingInput')
    await waitForRun(runtime, other, 'awaitingInput')
    const heard: AgentEvent[] = []
    runtime.subscribe(ended, (event) => {
      if (event !== undefined) heard.push(event)
    })
    await runtime.cancel(ended)
    const logged = runtime.view(ended).events.length

    runtime.release(ended)

    expect(runtime.runIds()).toEqual([other])
    expect(() => runtime.view(ended).events).toThrow(code('run_not_found'))
    expect(() => runtime.view(ended).value).toThrow(code('run_not_found'))
    expect(() => runtime.subscribe(ended, () => {})).toThrow(code('run_not_found'))
    expect(() => runtime.release(ended)).toThrow(code('run_not_found'))
    expect(heard.map((e) => e.kind)).toEqual(['runCancelled', 'statusChanged'])
    // Its saving was not dropped with it: everything it logged reaches disk.
    await runtime.flush()
    const onDisk = storedEvents(ws.root, ended)
    expect(onDisk).toHaveLength(logged)
    expect(onDisk.at(-1)).toMatchObject({ kind: 'statusChanged', status: 'cancelled' })
    // The other run is untouched and still takes input.
    expect(runtime.view(other).value).toBe('awaitingInput')
    // Taken at once: the run is thinking before the promise is even awaited.
    const sent = runtime.sendInput(other, 'more')
    expect(runtime.view(other).value).toBe('thinking')
    await sent
  })

  it('refuses a run that has not ended, which stays whole and decidable', async () => {
    const model = new ScriptedModel([{ toolCalls: [create] }, { text: 'Done' }])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'add a task' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')

    expect(() => runtime.release(runId)).toThrow(code('run_active'))

    expect(runtime.runIds()).toEqual([runId])
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Revise'])
    // Waiting for input is not an end either: the user may still write.
    expect(() => runtime.release(runId)).toThrow(code('run_active'))
    expect(runtime.view(runId).events.at(-1)).toMatchObject({ status: 'awaitingInput' })
  })

  it('refuses an unknown run', () => {
    const runtime = makeRuntime(new ScriptedModel([]), ws)
    expect(() => runtime.release('nope')).toThrow(code('run_not_found'))
  })
})
