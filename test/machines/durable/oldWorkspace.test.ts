import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import { storedAudit, storedEvents, storedJournal, storedRows } from '../../helpers/sqliteFolder.ts'
import { sequentialIds, steppingClock } from '../../helpers/tempWorkspace.ts'

// Written by the runtime before the event log left the statechart (commit 34a97e3), see
// test/fixtures/workspace-v1.md: run v1-1 executed card v1-2 and waits on card v1-4.
const fixture = fileURLToPath(new URL('../../fixtures/workspace-v1', import.meta.url))
const runId = 'v1-1'
const openCard = 'v1-4'

let dir: string
let runtime: AgentRuntime | undefined
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-v1-'))
  await cp(fixture, dir, { recursive: true })
})
afterEach(async () => {
  await runtime?.close()
  runtime = undefined
  await rm(dir, { recursive: true, force: true, maxRetries: 3 })
})

const jsonl = async (path: string) =>
  (await readFile(path, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('a workspace written before the lean-runs rewrite', () => {
  it('comes back awaiting the same card, continues its log, executes once, and is saved as version 2', async () => {
    const oldEvents = await jsonl(join(dir, 'runs', runId, 'events.jsonl'))
    const oldSnapshot = JSON.parse(
      await readFile(join(dir, 'runs', runId, 'snapshot.json'), 'utf8'),
    )
    // The fixture really is the old format: no version, the whole log inside the context.
    expect(oldSnapshot.version).toBeUndefined()
    expect(oldSnapshot.context.events).toHaveLength(oldEvents.length)
    const lastOldSeq = oldEvents.length

    const model = new ScriptedModel([{ text: 'Both tasks are on your list.' }])
    runtime = createAgentRuntime({
      model,
      tools: createToolRegistry(),
      workspace: await Workspace.open(dir),
      store: sqliteRunStore(dir),
      clock: steppingClock('2026-11-30T09:00:00.000Z'),
      generateId: sequentialIds('v2'),
    })
    expect(await runtime.restore()).toEqual([runId])
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
    expect(runtime.view(runId).pending).toMatchObject({
      confirmationId: openCard,
      callId: 'call-2',
    })
    expect(runtime.view(runId).events.map((e) => e.seq)).toEqual(oldEvents.map((e) => e.seq))
    // Nothing runs before the user decides.
    expect((await readTasks()).map((t) => t.title)).toEqual(['Outline chapter 1'])

    // The first card's id was used by the old code and stays dead.
    await expect(runtime.submitConfirmation(runId, 'v1-2', 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })
    await runtime.submitConfirmation(runId, openCard, 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    await expect(runtime.submitConfirmation(runId, openCard, 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })
    await runtime.flush()

    expect((await readTasks()).map((t) => t.title)).toEqual(['Outline chapter 1', 'Read chapter 3'])
    // The old folder was imported into the folder's SQLite file on first open.
    const journal = storedJournal(dir, runId)
    expect(journal.filter((r) => r.type === 'intent').map((r) => r.confirmationId)).toEqual([
      'v1-2',
      openCard,
    ])
    // The model saw the old call's result and the new one, in order.
    expect(model.requests[0]?.messages.filter((m) => m.role === 'tool')).toHaveLength(2)

    const logged = storedEvents(dir, runId)
    expect(logged.slice(0, lastOldSeq)).toEqual(oldEvents)
    expect(logged.map((e) => e.seq)).toEqual(logged.map((_, i) => i + 1))
    expect(logged[lastOldSeq]).toMatchObject({
      kind: 'confirmationResolved',
      confirmationId: openCard,
      decision: 'allow',
    })
    const audit = storedAudit(dir)
    expect(audit.map((r) => r.toolCallId)).toEqual(['call-1', 'call-2'])

    const [[text]] = storedRows(dir, 'SELECT snapshot FROM runs WHERE run_id = ?', runId) as [
      [string],
    ]
    const saved = JSON.parse(text)
    expect(saved).toMatchObject({ version: 2, runId, value: 'awaitingInput' })
    expect(saved.lastSeq).toBe(logged.length)
    expect(saved.snapshot.context).not.toHaveProperty('events')
    expect(saved.snapshot.context.retiredConfirmationIds).toEqual(
      expect.arrayContaining(['v1-2', openCard]),
    )
  })

  it('the card used after the upgrade stays dead after yet another restart', async () => {
    const open = async (prefix: string) =>
      createAgentRuntime({
        model: new ScriptedModel([{ text: 'Done.' }]),
        tools: createToolRegistry(),
        workspace: await Workspace.open(dir),
        store: sqliteRunStore(dir),
        generateId: sequentialIds(prefix),
      })
    runtime = await open('a')
    await runtime.restore()
    await runtime.submitConfirmation(runId, openCard, 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    await runtime.close()

    runtime = await open('b')
    expect(await runtime.restore()).toEqual([runId])
    expect(runtime.view(runId).value).toBe('awaitingInput')
    await expect(runtime.submitConfirmation(runId, openCard, 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })
    await runtime.flush()
    expect((await readTasks()).map((t) => t.title)).toEqual(['Outline chapter 1', 'Read chapter 3'])
  })
})

async function readTasks() {
  return (await Workspace.open(dir)).readTasks()
}
