import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { studyPulseTools } from '../../tools/createToolRegistry.ts'
import { type AnyToolDefinition, defineTool } from '../../tools/defineTool.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime, pendingId } from '../helpers/runHarness.ts'
import { seedStudy } from '../helpers/studyFixtures.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => {
  ;({ ws, dispose } = await tempWorkspace())
  await seedStudy(ws, 'Revise cells')
})
afterEach(() => dispose())

/** What the workspace holds, as text, to prove a step wrote nothing. */
const snapshot = async () =>
  JSON.stringify([await ws.readTasks(), await ws.readMemory(), await ws.listArtifacts()])

/** StudyPulse's tools, each counting how often it really ran. */
function countingRegistry(): { tools: ToolRegistry; runs: Map<string, number> } {
  const runs = new Map<string, number>()
  const count = (tool: AnyToolDefinition) =>
    defineTool({
      ...tool,
      execute: (args, context) => {
        runs.set(tool.name, (runs.get(tool.name) ?? 0) + 1)
        return tool.execute(args, context)
      },
    })
  return { tools: new ToolRegistry(studyPulseTools.map(count)), runs }
}

const cases: [string, string, () => Promise<object>, (before: string) => Promise<void>][] = [
  [
    'update_task',
    'write',
    async () => ({ id: 't1', due: '2026-12-07', done: true }),
    async () =>
      expect((await ws.readTask('t1'))?.value).toMatchObject({ due: '2026-12-07', done: true }),
  ],
  [
    'forget_memory',
    'destructive',
    async () => ({ id: (await ws.readMemory())[0]?.id }),
    async () => expect(await ws.readMemory()).toEqual([]),
  ],
  [
    'save_artifact',
    'write',
    async () => ({ title: 'Exam plan', content: 'Revise cells\nThen genetics' }),
    async () =>
      expect((await ws.readArtifact('exam-plan'))?.value.content).toBe(
        'Revise cells\nThen genetics',
      ),
  ],
  [
    'delete_task',
    'destructive',
    async () => ({ id: 't1', title: 'Essay' }),
    async () => expect(await ws.readTasks()).toEqual([]),
  ],
]

describe.each(cases)('%s (%s)', (name, permission, args, changed) => {
  it('prepare and describe write nothing', async () => {
    const { tools, runs } = countingRegistry()
    const before = await snapshot()
    const prepared = tools.prepare('c1', name, await args())
    expect(prepared.permission).toBe(permission)
    const description = await tools.describe(prepared, ws)
    expect(description.target?.version).toEqual(expect.any(String))
    expect(await snapshot()).toBe(before)
    expect(runs.get(name)).toBeUndefined()
  })

  it('waits for a decision; Allow runs it once', async () => {
    const { tools, runs } = countingRegistry()
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name, arguments: JSON.stringify(await args()) }] },
      { text: 'Done.' },
    ])
    const runtime = makeRuntime(model, ws, tools)
    const before = await snapshot()
    const runId = runtime.startRun({ input: 'do it' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    expect(await snapshot()).toBe(before)
    runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(runs.get(name)).toBe(1)
    await changed(before)
  })

  it('Deny runs nothing, and the model is told user_denied', async () => {
    const { tools, runs } = countingRegistry()
    const seen: ModelRequest[] = []
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name, arguments: JSON.stringify(await args()) }] },
      (request) => {
        seen.push(request)
        return { text: 'OK.' }
      },
    ])
    const runtime = makeRuntime(model, ws, tools)
    const before = await snapshot()
    const runId = runtime.startRun({ input: 'do it' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(runs.get(name)).toBeUndefined()
    expect(await snapshot()).toBe(before)
    const told = seen[0]?.messages.findLast((m) => m.role === 'tool')
    expect(JSON.parse(told?.content ?? '{}')).toMatchObject({
      ok: false,
      error: { code: 'user_denied' },
    })
  })
})
