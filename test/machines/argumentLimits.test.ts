import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fromAnthropicMessage } from '../../models/fromAnthropicMessage.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const depth = 5000
function deepObject(): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}
const deepText = `{"title":"x","notes":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`

async function firstFailure(turn: ModelTurn, tools = createToolRegistry()) {
  const model = new ScriptedModel([turn, { text: 'Sorry.' }])
  const runtime = makeRuntime(model, ws, tools)
  const runId = runtime.startRun({ input: 'go' })
  const status = await waitForRun(runtime, runId, ['awaitingInput', 'failed'])
  const [failed] = eventsOf(runtime, runId, 'toolFailed')
  return { status, error: failed?.error, runtime, runId }
}

describe('arguments a model may send', () => {
  it('an object nested 5,000 deep is an invalid_arguments result with a depth reason; the run goes on', async () => {
    const args = { title: 'x', notes: deepObject() } as unknown as string
    const { status, error } = await firstFailure({
      toolCalls: [{ id: 'deep-1', name: 'create_task', arguments: args }],
    })
    expect(status).toBe('awaitingInput')
    expect(error?.code).toBe('invalid_arguments')
    expect(error?.message).toMatch(/deeper than 64 levels/)
    expect(await ws.readTasks()).toEqual([])
  })

  it('argument text nested 5,000 deep is refused the same way, before it is parsed', async () => {
    const { status, error } = await firstFailure({
      toolCalls: [{ id: 'deep-2', name: 'create_task', arguments: deepText }],
    })
    expect(status).toBe('awaitingInput')
    expect(error).toMatchObject({ code: 'invalid_arguments' })
    expect(error?.message).toMatch(/deeper than 64 levels/)
  })

  it('an Anthropic tool_use input nested 5,000 deep reads as a turn (no stack overflow)', () => {
    const turn = fromAnthropicMessage({
      content: [{ type: 'tool_use', id: 't1', name: 'create_task', input: deepObject() }],
    } as never)
    expect(turn.toolCalls?.[0]?.arguments.length).toBeGreaterThan(1000)
  })

  it('the argument size cap is configurable and answered as a structured result', async () => {
    const tools = createToolRegistry({ limits: { maxArgumentBytes: 100 } })
    const args = JSON.stringify({ title: 'y'.repeat(150) })
    const { status, error } = await firstFailure(
      { toolCalls: [{ id: 'big', name: 'create_task', arguments: args }] },
      tools,
    )
    expect(status).toBe('awaitingInput')
    expect(error?.code).toBe('invalid_arguments')
    expect(error?.message).toContain('the limit is 100')
  })

  it('the depth cap is configurable', async () => {
    const tools = createToolRegistry({ limits: { maxArgumentDepth: 2 } })
    const args = JSON.stringify({ title: 'z', notes: { a: { b: 1 } } })
    const { error } = await firstFailure(
      { toolCalls: [{ id: 'd3', name: 'create_task', arguments: args }] },
      tools,
    )
    expect(error?.message).toMatch(/deeper than 2 levels/)
  })

  it('tool calls per turn are capped by the registry (default 32)', async () => {
    const call = (n: number) => ({ id: `c${n}`, name: 'list_tasks', arguments: '{}' })
    expect(createToolRegistry().limits.maxCallsPerTurn).toBe(32)
    const tools = createToolRegistry({ limits: { maxCallsPerTurn: 2 } })
    const { status, runtime, runId } = await firstFailure(
      { toolCalls: [call(1), call(2), call(3)] },
      tools,
    )
    expect(status).toBe('failed')
    const [failed] = eventsOf(runtime, runId, 'runFailed')
    expect(failed?.error?.code).toBe('model_malformed_output')
    expect(failed?.error?.message).toContain('the limit is 2')
  })
})
