import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const cases: [string, string, string, string][] = [
  ['an unknown tool', 'launch_rockets', '{}', 'unknown_tool'],
  ['a prototype name as tool', '__proto__', '{}', 'unknown_tool'],
  ['non-JSON arguments', 'create_task', '{title: Read}', 'invalid_arguments'],
  ['wrong types', 'create_task', '{"title":["a"],"importance":"high"}', 'invalid_arguments'],
  [
    '__proto__ keys',
    'create_task',
    '{"title":"x","__proto__":{"polluted":true}}',
    'invalid_arguments',
  ],
  [
    'constructor keys',
    'create_task',
    '{"title":"x","notes":"n","constructor":{"prototype":{}}}',
    'invalid_arguments',
  ],
  [
    'a 1 MB argument string',
    'create_task',
    `{"title":"${'x'.repeat(1024 * 1024)}"}`,
    'invalid_arguments',
  ],
]

describe('bad model output becomes a structured tool result; the run goes on', () => {
  it.each(cases)('%s', async (_label, name, args, code) => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'bad-1', name, arguments: args }] },
      { text: 'Sorry about that.' },
    ])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'go' })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(eventsOf(runtime, runId, 'confirmationRequired')).toEqual([])
    const [failed] = eventsOf(runtime, runId, 'toolFailed')
    expect(failed?.error?.code).toBe(code)
    const toolMessage = model.requests[1]?.messages.at(-1)
    expect(toolMessage).toMatchObject({ role: 'tool', toolCallId: 'bad-1' })
    const content = JSON.parse(toolMessage?.role === 'tool' ? toolMessage.content : '{}')
    expect(content).toMatchObject({ ok: false, error: { code } })
    expect(content.error.message.length).toBeGreaterThan(5)
    expect(await ws.readTasks()).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('a turn that is not a turn fails the run with a code, losing nothing on disk', async () => {
    const model = new ScriptedModel([() => 'just a string' as unknown as ModelTurn])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'go' })
    await waitForRun(runtime, runId, 'failed')
    expect(eventsOf(runtime, runId, 'runFailed')[0]?.error?.code).toBe('model_malformed_output')
  })

  it('a model error fails the run with its code', async () => {
    const runtime = makeRuntime(new ScriptedModel([]), ws)
    const runId = runtime.startRun({ input: 'go' })
    await waitForRun(runtime, runId, 'failed')
    expect(eventsOf(runtime, runId, 'runFailed')[0]?.error?.code).toBe('model_script_exhausted')
  })

  it('duplicate call ids in one turn: the second is refused', async () => {
    const call = { id: 'dup', name: 'list_tasks', arguments: '{}' }
    const model = new ScriptedModel([{ toolCalls: [call, call] }, { text: 'ok' }])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'go' })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(eventsOf(runtime, runId, 'toolCompleted')).toHaveLength(1)
    expect(eventsOf(runtime, runId, 'toolFailed')[0]?.error?.code).toBe('duplicate_call_id')
  })

  it('a looping model ends the run with step_limit', async () => {
    let n = 0
    const loop = () => ({ toolCalls: [{ id: `l-${++n}`, name: 'list_tasks', arguments: '{}' }] })
    const runtime = makeRuntime(new ScriptedModel(Array.from({ length: 40 }, () => loop)), ws)
    const runId = runtime.startRun({ input: 'go' })
    await waitForRun(runtime, runId, 'failed')
    expect(eventsOf(runtime, runId, 'runFailed')[0]?.error?.code).toBe('step_limit')
    expect(eventsOf(runtime, runId, 'toolCompleted')).toHaveLength(25)
  })
})
