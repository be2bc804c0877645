import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ModelClient } from '../../../models/messages.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { fileRunStore } from '../../../store/fileRunStore.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { defineTool } from '../../../tools/defineTool.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import { toolOk } from '../../../vocabulary/ToolResult.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import { eventsOf, pendingId } from '../../helpers/runHarness.ts'
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
    store: fileRunStore(dir),
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
    const intents = async (runId: string) =>
      (await readFile(join(dir, 'runs', runId, 'journal.jsonl'), 'utf8').catch(() => ''))
        .split('\n')
        .filter((line) => line.includes('"intent"')).length
    expect(await Promise.all(runs.map(intents))).toEqual([1, 0, 0])

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

  it('an audit line lost between the snapshot and its append is written again at restore, once', async () => {
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
    const auditFile = join(dir, 'audit.jsonl')
    const lines = async () => (await readFile(auditFile, 'utf8')).split('\n').filter(Boolean)
    expect(await lines()).toHaveLength(1)
    // The crash: the snapshot landed, the audit append did not.
    await writeFile(auditFile, '')

    const second = await boot(new ScriptedModel([]), 'b', createToolRegistry())
    expect(await second.restore()).toEqual([runId])
    const restored = (await lines()).map((line) => JSON.parse(line))
    expect(restored).toMatchObject([
      { runId, toolCallId: 'c1', toolName: 'create_task', outcome: 'completed', decidedBy: 'user' },
    ])
    const third = await boot(new ScriptedModel([]), 'c', createToolRegistry())
    await third.restore()
    expect(await lines()).toHaveLength(1)
  })

  it("a crash after a save's appends but before its snapshot: one audit line for the call, not two", async () => {
    // The save that reports the call appends its events, outcome and audit line, and then would
    // rename its snapshot: the test puts back the snapshot of the save before (the intent's), as
    // a SIGKILL in between leaves the folder. The restart reports the call again from the journal.
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
    // The intent is on disk with the `executing` snapshot: keep that snapshot.
    const snapshotFile = join(dir, 'runs', runId, 'snapshot.json')
    const beforeReport = await readFile(snapshotFile, 'utf8')
    release()
    await waitForRun(first, runId, 'awaitingInput')
    await first.flush()
    const auditFile = join(dir, 'audit.jsonl')
    const lines = async () => (await readFile(auditFile, 'utf8')).split('\n').filter(Boolean)
    expect(await lines()).toHaveLength(1)
    await writeFile(snapshotFile, beforeReport)

    const second = await boot(new ScriptedModel([{ text: 'Done again.' }]), 'b', tools())
    expect(await second.restore()).toEqual([runId])
    await waitForRun(second, runId, 'awaitingInput')
    await second.flush()
    // The call was reported again (from the journal's outcome), and audited once.
    expect(eventsOf(second, runId, 'toolCompleted')).toHaveLength(1)
    const audit = (await lines()).map((line) => JSON.parse(line) as { toolCallId: string })
    expect(audit.map((record) => record.toolCallId)).toEqual(['n1'])
  })
})
