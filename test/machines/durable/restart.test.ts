import { readFile } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import { eventsOf, pendingId } from '../../helpers/runHarness.ts'
import {
  appendStoredJournal,
  changeStored,
  storedEvents,
  storedRows,
} from '../../helpers/sqliteFolder.ts'
import {
  endEarlierProcesses,
  sequentialIds,
  tempWorkspace,
  trackRuntime,
} from '../../helpers/tempWorkspace.ts'

let ws: Workspace
let dir: string
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dir, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const create = (title: string) => ({
  toolCalls: [{ id: `c-${title}`, name: 'create_task', arguments: JSON.stringify({ title }) }],
})

/** A runtime as a fresh process would make it: its own model, registry and workspace object. */
async function boot(
  script: ConstructorParameters<typeof ScriptedModel>[0],
  prefix: string,
  onPersistError?: (error: unknown) => void,
) {
  await endEarlierProcesses()
  const model = new ScriptedModel(script)
  const runtime = createAgentRuntime({
    model,
    tools: createToolRegistry(),
    workspace: await Workspace.open(dir),
    store: sqliteRunStore(dir),
    generateId: sequentialIds(prefix),
    ...(onPersistError && { onPersistError }),
  })
  trackRuntime(runtime)
  return { runtime, model }
}

const _jsonl = async (path: string) =>
  (await readFile(path, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))

describe('runs survive a restart', () => {
  it('the same card works after restart, executes once, and the log continues its seq', async () => {
    const first = await boot([create('Read chapter 3')], 'a')
    const runId = first.runtime.startRun({ input: 'plan' })
    await waitForRun(first.runtime, runId, 'awaitingConfirmation')
    const cardId = pendingId(first.runtime, runId)
    const lastSeq = first.runtime.view(runId).events.at(-1)?.seq ?? 0
    await first.runtime.flush()

    const second = await boot([{ text: 'Created it.' }], 'b')
    expect(await second.runtime.restore()).toEqual([runId])
    expect(second.runtime.view(runId).pending?.confirmationId).toBe(cardId)
    expect(await ws.readTasks()).toEqual([])
    await second.runtime.submitConfirmation(runId, cardId, 'allow')
    await waitForRun(second.runtime, runId, 'awaitingInput')
    await second.runtime.flush()

    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Read chapter 3'])
    const events = second.runtime.view(runId).events
    expect(events.find((e) => e.seq === lastSeq + 1)?.kind).toBe('confirmationResolved')
    const logged = storedEvents(dir, runId) as { seq: number }[]
    expect(logged.map((e) => e.seq)).toEqual(logged.map((_, i) => i + 1))
    expect(logged.at(-1)?.seq).toBe(events.at(-1)?.seq)
    expect(second.model.requests[0]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      toolCallId: 'c-Read chapter 3',
    })
    await expect(second.runtime.submitConfirmation(runId, cardId, 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })
  })

  it('replaying a saved snapshot after success cannot execute twice', async () => {
    const first = await boot([create('Once only'), { text: 'Done.' }], 'a')
    const runId = first.runtime.startRun({ input: 'plan' })
    await waitForRun(first.runtime, runId, 'awaitingConfirmation')
    const cardId = pendingId(first.runtime, runId)
    await first.runtime.flush()
    const [[saved]] = storedRows(dir, 'SELECT snapshot FROM runs WHERE run_id = ?', runId) as [
      [string],
    ]
    await first.runtime.submitConfirmation(runId, cardId, 'allow')
    await waitForRun(first.runtime, runId, 'awaitingInput')
    await first.runtime.flush()
    expect(await ws.readTasks()).toHaveLength(1)

    // Someone puts the old snapshot (card still pending) back, and the app restarts.
    changeStored(
      dir,
      'UPDATE runs SET snapshot = ?, value = ? WHERE run_id = ?',
      saved,
      'awaitingConfirmation',
      runId,
    )
    const second = await boot([{ text: 'Recovered.' }], 'b')
    expect(await second.runtime.restore()).toEqual([runId])
    await waitForRun(second.runtime, runId, 'awaitingInput')
    await expect(second.runtime.submitConfirmation(runId, cardId, 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })
    expect(await ws.readTasks()).toHaveLength(1)
    const recovered = eventsOf(second.runtime, runId, 'toolCompleted').at(-1)
    expect(JSON.parse(recovered?.payloadJson ?? '{}')).toMatchObject({
      ok: true,
      data: { title: 'Once only' },
    })
  })

  it('a confirmed call cut off mid-execution is reported interrupted, not run again', async () => {
    const first = await boot([create('Maybe written')], 'a')
    const runId = first.runtime.startRun({ input: 'plan' })
    await waitForRun(first.runtime, runId, 'awaitingConfirmation')
    const cardId = pendingId(first.runtime, runId)
    await first.runtime.flush()
    // The crash: the intent reached the journal, the outcome never did.
    const digest = first.runtime.view(runId).pending?.digest
    const intent = {
      type: 'intent',
      callId: 'c-Maybe written',
      digest,
      confirmationId: cardId,
      at: new Date().toISOString(),
    }
    changeStored(dir, appendStoredJournal, JSON.stringify(intent), runId)
    const second = await boot([{ text: 'It may not have happened.' }], 'b')
    await second.runtime.restore()
    await waitForRun(second.runtime, runId, 'awaitingInput')
    expect(await ws.readTasks()).toEqual([])
    expect(eventsOf(second.runtime, runId, 'toolFailed').at(-1)?.error?.code).toBe('interrupted')
    const told = second.model.requests[0]?.messages.at(-1)
    expect(told?.role === 'tool' && JSON.parse(told.content).error.code).toBe('interrupted')
  })

  it('skips runs that ended without reading their snapshot', async () => {
    const first = await boot([{ text: 'Hi' }], 'a')
    const runId = first.runtime.startRun({ input: 'hello' })
    await waitForRun(first.runtime, runId, 'awaitingInput')
    await first.runtime.cancel(runId)
    await first.runtime.flush()
    // Were the ended run's snapshot read at start-up, this garbage would be reported.
    changeStored(dir, "UPDATE runs SET snapshot = '{oops' WHERE run_id = ?", runId)
    const reported: unknown[] = []
    const second = await boot([], 'b', (error) => reported.push(error))
    expect(await second.runtime.restore()).toEqual([])
    expect(reported).toEqual([])
  })

  it('reports a corrupt snapshot of an unfinished run without touching it', async () => {
    const first = await boot([{ text: 'Hi' }], 'a')
    const runId = first.runtime.startRun({ input: 'hello' })
    await waitForRun(first.runtime, runId, 'awaitingInput')
    await first.runtime.flush()
    changeStored(dir, "UPDATE runs SET snapshot = '{oops' WHERE run_id = ?", runId)
    const reported: unknown[] = []
    const second = await boot([], 'b', (error) => reported.push(error))
    expect(await second.runtime.restore()).toEqual([])
    expect(reported).toEqual([
      expect.objectContaining({ code: 'corrupt_run', file: 'studypulse.db' }),
    ])
    expect(storedRows(dir, 'SELECT snapshot FROM runs WHERE run_id = ?', runId)).toEqual([
      ['{oops'],
    ])
  })
})
