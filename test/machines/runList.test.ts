import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import type { RunStore } from '../../store/RunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { endEarlierProcesses, tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const create = { id: 'c1', name: 'create_task', arguments: '{"title":"Revise"}' }
const code = (c: string) => expect.objectContaining({ code: c })

describe('the runtime lists runs from its store', () => {
  it('newest first, with first message, start time, who started it and the live status', async () => {
    const runtime = makeRuntime(
      new ScriptedModel([{ text: 'Hi' }, { toolCalls: [create] }, { text: 'Done' }]),
      ws,
    )
    const hello = runtime.startRun({ input: 'hello\nthere' })
    await waitForRun(runtime, hello, 'awaitingInput')
    const task = runtime.startRun({ input: 'add a task', by: { id: 'ana', name: 'Ana' } })
    await waitForRun(runtime, task, 'awaitingConfirmation')
    await runtime.flush()

    const page = await runtime.listRuns()
    expect(page).toEqual({
      runs: [
        {
          runId: task,
          title: 'add a task',
          startedAt: expect.any(String),
          owner: 'ana',
          status: 'awaitingConfirmation',
          pending: true,
        },
        {
          runId: hello,
          title: 'hello there',
          startedAt: expect.any(String),
          status: 'awaitingInput',
          pending: false,
        },
      ],
    })
    expect(Date.parse(page.runs[0]?.startedAt ?? '')).toBeGreaterThan(
      Date.parse(page.runs[1]?.startedAt ?? ''),
    )
    expect((await runtime.listRuns({ owner: 'ana' })).runs.map((r) => r.runId)).toEqual([task])

    // The status is the run's as it is now, before its save has landed.
    const cancelled = runtime.cancel(task)
    expect((await runtime.listRuns({ limit: 1 })).runs[0]).toMatchObject({
      runId: task,
      status: 'cancelled',
      pending: false,
    })
    await cancelled
  })

  it('a restarted runtime on the same folder lists every run, ended ones too, and pages through them', async () => {
    const first = makeRuntime(new ScriptedModel(() => ({ text: 'ok' })), ws)
    const ids: string[] = []
    for (let i = 1; i <= 5; i++) {
      const runId = first.startRun({ input: `question ${i}` })
      await waitForRun(first, runId, 'awaitingInput')
      ids.push(runId)
    }
    await first.cancel(ids[1] as string)
    await first.flush()
    await endEarlierProcesses()

    const second = makeRuntime(new ScriptedModel(() => ({ text: 'ok' })), ws)
    expect(second.runIds()).toEqual([])
    const top = await second.listRuns({ limit: 3 })
    expect(top.runs.map((r) => r.title)).toEqual(['question 5', 'question 4', 'question 3'])
    const rest = await second.listRuns({ limit: 3, cursor: top.nextCursor as string })
    expect(rest).toEqual({
      runs: [
        expect.objectContaining({ runId: ids[1], title: 'question 2', status: 'cancelled' }),
        expect.objectContaining({ runId: ids[0], title: 'question 1', status: 'awaitingInput' }),
      ],
    })
    await expect(second.listRuns({ cursor: 'page two' })).rejects.toThrow(code('invalid_cursor'))
  })

  it('a runtime that keeps nothing lists the runs it holds, and forgets released ones', async () => {
    const runtime = createAgentRuntime({
      model: new ScriptedModel(() => ({ text: 'ok' })),
      tools: createToolRegistry(),
      workspace: ws,
      durable: false,
    })
    const a = runtime.startRun({ input: 'first' })
    const b = runtime.startRun({ input: 'second', by: { id: 'ben' } })
    await waitForRun(runtime, a, 'awaitingInput')
    await waitForRun(runtime, b, 'awaitingInput')
    expect((await runtime.listRuns()).runs.map((r) => [r.title, r.owner])).toEqual([
      ['second', 'ben'],
      ['first', undefined],
    ])
    const page = await runtime.listRuns({ limit: 1 })
    expect((await runtime.listRuns({ cursor: page.nextCursor as string })).runs).toHaveLength(1)
    await runtime.cancel(a)
    runtime.release(a)
    expect((await runtime.listRuns()).runs.map((r) => r.runId)).toEqual([b])
    await runtime.close()
  })

  it('a run started here is listed from its first step, before its first save lands, and once after', async () => {
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const inner = memoryRunStore()
    // A store whose saves wait for the test: the run's first save is on its way.
    const store: RunStore = {
      ...inner,
      commit: async (runId, commit) => {
        await gate
        return inner.commit(runId, commit)
      },
    }
    const runtime = createAgentRuntime({
      model: new ScriptedModel(() => ({ text: 'ok' })),
      tools: createToolRegistry(),
      workspace: ws,
      store,
    })
    const runId = runtime.startRun({ input: 'plan my week', by: { id: 'ana' } })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect((await inner.listRuns()).runs).toEqual([])
    const page = await runtime.listRuns()
    expect(page.runs).toEqual([
      expect.objectContaining({
        runId,
        title: 'plan my week',
        owner: 'ana',
        status: 'awaitingInput',
      }),
    ])
    expect((await runtime.listRuns({ owner: 'ben' })).runs).toEqual([])
    open()
    await runtime.flush()
    expect((await inner.listRuns()).runs.map((r) => r.runId)).toEqual([runId])
    expect((await runtime.listRuns()).runs.map((r) => r.runId)).toEqual([runId])
    await runtime.close()
  })

  it('refuses a starter id it could not store', () => {
    const runtime = makeRuntime(new ScriptedModel([]), ws)
    for (const id of ['', 'a\u0000b', 'x'.repeat(513)]) {
      expect(() => runtime.startRun({ input: 'hi', by: { id } })).toThrow(code('invalid_input'))
    }
    expect(runtime.runIds()).toEqual([])
  })
})
