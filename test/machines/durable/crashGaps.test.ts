import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ModelClient } from '../../../models/messages.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { defineTool } from '../../../tools/defineTool.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import { toolOk } from '../../../vocabulary/ToolResult.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import { eventsOf, pendingId } from '../../helpers/runHarness.ts'
import { changeStored, storedAudit, storedJournal, storedRows } from '../../helpers/sqliteFolder.ts'
import {
  endEarlierProcesses,
  sequentialIds,
  tempWorkspace,
  trackRuntime,
} from '../../helpers/tempWorkspace.ts'

let dir: string
let dispose: () => Promise<void>
beforeEach(async () => ({ dir, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const started: string[] = []
// A write tool whose calls never finish in the first process (the test kills it in between).
let hold: Promise<void> = new Promise(() => {})
const slowNote = defineTool({
  name: 'slow_note',
  description: 'Writes a note slowly.',
  parameters: z.strictObject({ text: z.string() }),
  permission: 'write',
  preview: (args) => `Write the note “${args.text}”`,
  execute: async (args) => {
    started.push(args.text)
    await hold
    return toolOk({ written: args.text })
  },
})

async function boot(model: ModelClient, prefix: string, tools = new ToolRegistry([slowNote])) {
  await endEarlierProcesses()
  const runtime = createAgentRuntime({
    model,
    tools,
    workspace: await Workspace.open(dir),
    store: sqliteRunStore(dir),
    generateId: sequentialIds(prefix),
  })
  trackRuntime(runtime)
  return runtime
}

describe('what a crash leaves between steps', () => {
  it('confirmed calls still queued behind another are reported not_started, the running one interrupted', async () => {
    started.length = 0
    const note = (text: string) => ({
      toolCalls: [{ id: `c-${text}`, name: 'slow_note', arguments: JSON.stringify({ text }) }],
    })
    const first = await boot(
      new ScriptedModel((request) => {
        const input = request.messages.find((m) => m.role === 'user')?.content ?? ''
        return note(input)
      }),
      'a',
    )
    const runs = ['one', 'two', 'three'].map((input) => first.startRun({ input }))
    for (const runId of runs) await waitForRun(first, runId, 'awaitingConfirmation')
    for (const runId of runs) first.submitConfirmation(runId, pendingId(first, runId), 'allow')
    await first.flush()
    // One call runs (its tool hangs); the other two wait their turn and have begun nothing.
    expect(started).toEqual(['one'])
    const intents = (runId: string) =>
      storedJournal(dir, runId).filter((record) => record.type === 'intent').length
    expect(runs.map(intents)).toEqual([1, 0, 0])

    // The process dies here. A new one restores the three runs from their saved `executing`.
    hold = Promise.resolve()
    const second = await boot(new ScriptedModel(() => ({ text: 'Noted.' })), 'b')
    expect((await second.restore()).sort()).toEqual([...runs].sort())
    for (const runId of runs) await waitForRun(second, runId, 'awaitingInput')
    const codes = runs.map((runId) => eventsOf(second, runId, 'toolFailed').at(-1)?.error?.code)
    expect(codes).toEqual(['interrupted', 'not_started', 'not_started'])
    // Nothing ran again in the new process.
    expect(started).toEqual(['one'])
  })

  // One SQLite transaction saves a snapshot with its audit line, so no crash splits them now; a
  // log that lost the line all the same (cut back by hand, put back from an older copy) is
  // what restore still has to mend.
  it("a call's audit line missing from the log is written again at restore, once", async () => {
    const create = {
      toolCalls: [{ id: 'c1', name: 'create_task', arguments: '{"title":"Audited"}' }],
    }
    const first = await boot(
      new ScriptedModel([create, { text: 'Done.' }]),
      'a',
      createToolRegistry(),
    )
    const runId = first.startRun({ input: 'plan' })
    await waitForRun(first, runId, 'awaitingConfirmation')
    await first.submitConfirmation(runId, pendingId(first, runId), 'allow')
    await waitForRun(first, runId, 'awaitingInput')
    await first.flush()
    expect(storedAudit(dir)).toHaveLength(1)
    // The gap: the snapshot is saved, the audit line is not.
    await endEarlierProcesses()
    changeStored(dir, 'DELETE FROM audit')

    const second = await boot(new ScriptedModel([]), 'b', createToolRegistry())
    expect(await second.restore()).toEqual([runId])
    expect(storedAudit(dir)).toMatchObject([
      { runId, toolCallId: 'c1', toolName: 'create_task', outcome: 'completed', decidedBy: 'user' },
    ])
    // Its restore's own save lands before this process "dies", as the first's did.
    await second.flush()
    const third = await boot(new ScriptedModel([]), 'c', createToolRegistry())
    await third.restore()
    expect(storedAudit(dir)).toHaveLength(1)
  })

  it("a snapshot behind its run's journal and audit: one audit line for the call, not two", async () => {
    // The save that reports the call keeps its events, outcome and audit line with its snapshot;
    // the test puts back the snapshot of the save before (the intent's), so the journal and the
    // audit are ahead of it. The restart reports the call again from the journal.
    let release = () => {}
    hold = new Promise((resolve) => {
      release = resolve
    })
    let executing = () => {}
    const running = new Promise<void>((resolve) => {
      executing = resolve
    })
    const held = defineTool({
      name: 'held_note',
      description: 'Writes a note, once the test lets it.',
      parameters: z.strictObject({ text: z.string() }),
      permission: 'write',
      preview: (args) => `Write the note “${args.text}”`,
      execute: async (args) => {
        executing()
        await hold
        return toolOk({ written: args.text })
      },
    })
    const tools = () => new ToolRegistry([held])
    const call = { toolCalls: [{ id: 'n1', name: 'held_note', arguments: '{"text":"x"}' }] }
    const first = await boot(new ScriptedModel([call, { text: 'Done.' }]), 'a', tools())
    const runId = first.startRun({ input: 'note' })
    await waitForRun(first, runId, 'awaitingConfirmation')
    await first.submitConfirmation(runId, pendingId(first, runId), 'allow')
    await running
    // The intent is stored with the `executing` snapshot: keep that snapshot.
    const columns = 'snapshot, value, last_seq, message_count'
    const [beforeReport] = storedRows(dir, `SELECT ${columns} FROM runs WHERE run_id = ?`, runId)
    expect(storedJournal(dir, runId).map((record) => record.type)).toContain('intent')
    release()
    await waitForRun(first, runId, 'awaitingInput')
    await first.flush()
    expect(storedAudit(dir)).toHaveLength(1)
    await endEarlierProcesses()
    changeStored(
      dir,
      'UPDATE runs SET snapshot = ?, value = ?, last_seq = ?, message_count = ? WHERE run_id = ?',
      ...(beforeReport ?? []),
      runId,
    )

    const second = await boot(new ScriptedModel([{ text: 'Done again.' }]), 'b', tools())
    expect(await second.restore()).toEqual([runId])
    await waitForRun(second, runId, 'awaitingInput')
    await second.flush()
    // The call was reported again (from the journal's outcome), and audited once.
    expect(eventsOf(second, runId, 'toolCompleted')).toHaveLength(1)
    expect(storedAudit(dir).map((record) => record.toolCallId)).toEqual(['n1'])
  })
})
