import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime, RuntimeTimers } from '../../runtime/AgentRuntime.ts'
import { internalsOf } from '../../runtime/runtimeInternals.ts'
import { runTraceId, turnSpanId } from '../../runtime/tracing/runSpanIds.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, pendingId } from '../helpers/runHarness.ts'
import { endEarlierProcesses, tempWorkspace } from '../helpers/tempWorkspace.ts'
import {
  contentKeys,
  handClock,
  type MemoryTracing,
  memoryTracing,
  ms,
  named,
  only,
  tracedRuntime,
} from './tracingHarness.ts'

let ws: Workspace
let dispose: () => Promise<void>
let tracing: MemoryTracing
beforeEach(async () => {
  ;({ ws, dispose } = await tempWorkspace())
  tracing = memoryTracing()
})
afterEach(() => dispose())

const createTask = (id: string, title: string): ModelTurn => ({
  toolCalls: [{ id, name: 'create_task', arguments: JSON.stringify({ title }) }],
})
const answer: ModelTurn = { text: 'Added.', usage: { inputTokens: 812, outputTokens: 9 } }

/** Every span of the run's trace must hang under one of its turns' `invoke_agent` spans. */
function expectParentedByTurns(spans: readonly ReadableSpan[], runId: string) {
  const turns = named(spans, 'invoke_agent studypulse')
  expect(turns.length).toBeGreaterThan(0)
  for (const span of spans) {
    expect(span.spanContext().traceId, span.name).toBe(runTraceId(runId))
    if (span.name.startsWith('invoke_agent')) {
      expect(span.parentSpanContext, span.name).toBeUndefined()
      continue
    }
    const parent = span.parentSpanContext?.spanId
    expect(
      turns.map((turn) => turn.spanContext().spanId),
      span.name,
    ).toContain(parent)
  }
}

describe('a traced run: one span per turn, model call, tool execution and card', () => {
  it('a confirmed call: invoke_agent over chat, await_approval (who, how long) and execute_tool', async () => {
    const { clock, advance } = handClock()
    const runtime = tracedRuntime(
      tracing,
      new ScriptedModel([createTask('c1', 'Read chapter 3'), answer], {
        name: 'openai:gpt-4o-mini',
      }),
      ws,
      { clock },
    )
    const runId = runtime.startRun({ input: 'add a task' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    advance(4_250)
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow', {
      by: { id: 'u-7', name: 'Ana', groups: ['students'] },
    })
    await waitForRun(runtime, runId, 'awaitingInput')

    const spans = tracing.spans()
    expect(spans.map((s) => s.name).sort()).toEqual([
      'await_approval create_task',
      'chat gpt-4o-mini',
      'chat gpt-4o-mini',
      'execute_tool create_task',
      'invoke_agent studypulse',
    ])
    expectParentedByTurns(spans, runId)
    const turn = only(spans, 'invoke_agent studypulse')
    expect(turn.spanContext().spanId).toBe(turnSpanId(runId, 1))
    expect(turn.attributes).toEqual({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'studypulse',
      'gen_ai.conversation.id': runId,
      'studypulse.turn': 1,
      'studypulse.run.status': 'awaitingInput',
    })

    const [first, second] = named(spans, 'chat gpt-4o-mini')
    expect(first?.kind).toBe(SpanKind.CLIENT)
    expect(first?.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.conversation.id': runId,
    })
    expect(second?.attributes).toMatchObject({
      'gen_ai.usage.input_tokens': 812,
      'gen_ai.usage.output_tokens': 9,
    })

    const card = eventsOf(runtime, runId, 'confirmationRequired')[0]
    const approval = only(spans, 'await_approval create_task')
    expect(approval.attributes).toEqual({
      'gen_ai.conversation.id': runId,
      'gen_ai.tool.name': 'create_task',
      'gen_ai.tool.call.id': 'c1',
      'studypulse.tool.permission': 'write',
      'studypulse.approval.confirmation_id': card?.confirmationId,
      'studypulse.approval.decision': 'allow',
      'studypulse.approval.decided_by': 'user',
      'studypulse.approval.wait_ms': 4_250,
      'user.id': 'u-7',
      'user.name': 'Ana',
    })
    expect(ms(approval.startTime)).toBe(Date.parse(card?.at ?? ''))
    expect(ms(approval.endTime) - ms(approval.startTime)).toBe(4_250)

    const call = only(spans, 'execute_tool create_task')
    expect(call.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.type': 'function',
      'gen_ai.conversation.id': runId,
      'gen_ai.tool.name': 'create_task',
      'gen_ai.tool.call.id': 'c1',
      'studypulse.tool.permission': 'write',
      'studypulse.tool.outcome': 'completed',
    })
    expect(call.status.code).toBe(SpanStatusCode.UNSET)
    // Arguments, results and messages stay out unless the host opts in.
    for (const span of spans) {
      expect(contentKeys(span.attributes), span.name).toEqual([])
      // Under no other name either: the title asked for is in no attribute.
      expect(JSON.stringify(span.attributes), span.name).not.toContain('chapter 3')
    }
  })

  it('a denied call: await_approval says deny, and nothing is executed', async () => {
    const runtime = tracedRuntime(tracing, new ScriptedModel([createTask('c1', 'No'), answer]), ws)
    const runId = runtime.startRun({ input: 'add a task' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')

    const spans = tracing.spans()
    expect(named(spans, 'execute_tool create_task')).toEqual([])
    expect(only(spans, 'await_approval create_task').attributes).toMatchObject({
      'studypulse.approval.decision': 'deny',
      'studypulse.approval.decided_by': 'user',
    })
    // The app names no person: no identity is made up.
    expect(only(spans, 'await_approval create_task').attributes['user.id']).toBeUndefined()
    expectParentedByTurns(spans, runId)
  })

  it('an expired card: decided by the timeout after exactly its wait, the model hears it', async () => {
    const { clock, advance } = handClock()
    const deadlines: Array<() => void> = []
    const timers: RuntimeTimers = {
      setInterval: () => 0,
      clearInterval: () => {},
      setTimeout: (callback) => deadlines.push(callback),
      clearTimeout: () => {},
    }
    const runtime = tracedRuntime(
      tracing,
      new ScriptedModel([createTask('c1', 'Late'), answer]),
      ws,
      {
        clock,
        timers,
        confirmationTimeoutMs: 60_000,
      },
    )
    const runId = runtime.startRun({ input: 'add a task' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    advance(60_000)
    for (const fire of deadlines.splice(0)) fire()
    await waitForRun(runtime, runId, 'awaitingInput')

    const spans = tracing.spans()
    const approval = only(spans, 'await_approval create_task')
    expect(approval.attributes).toMatchObject({
      'studypulse.approval.decision': 'deny',
      'studypulse.approval.decided_by': 'timeout',
      'studypulse.approval.wait_ms': 60_000,
      'studypulse.approval.expires_at': eventsOf(runtime, runId, 'confirmationRequired')[0]
        ?.expiresAt,
    })
    expect(named(spans, 'execute_tool create_task')).toEqual([])
    expectParentedByTurns(spans, runId)
  })

  it('a rule kept with a decision answers the next card: decided_by rule, with the rule', async () => {
    const runtime = tracedRuntime(
      tracing,
      new ScriptedModel([createTask('c1', 'One'), createTask('c2', 'Two'), answer]),
      ws,
    )
    const runId = runtime.startRun({ input: 'add two tasks' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow', { remember: 'run' })
    await waitForRun(runtime, runId, 'awaitingInput')

    const [byUser, byRule] = named(tracing.spans(), 'await_approval create_task')
    expect(byUser?.attributes).toMatchObject({
      'gen_ai.tool.call.id': 'c1',
      'studypulse.approval.decided_by': 'user',
      'studypulse.approval.rule': 'kept as a rule: allow create_task for this run',
    })
    expect(byRule?.attributes).toMatchObject({
      'gen_ai.tool.call.id': 'c2',
      'studypulse.approval.decision': 'allow',
      'studypulse.approval.decided_by': 'rule',
      'studypulse.approval.rule': expect.stringContaining('allow create_task for this run'),
    })
    expect(named(tracing.spans(), 'execute_tool create_task')).toHaveLength(2)
  })

  it('an edit ends the first card’s wait (decision edit, by whom) and the new card is waited on anew', async () => {
    const runtime = tracedRuntime(
      tracing,
      new ScriptedModel([createTask('c1', 'Raed'), answer]),
      ws,
      {
        recordContent: true,
      },
    )
    const runId = runtime.startRun({ input: 'add a task' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const edited = await runtime.command(runId, {
      kind: 'edit',
      confirmationId: pendingId(runtime, runId),
      args: { title: 'Read' },
      by: { id: 'u-9' },
    })
    if (!edited.applied || edited.confirmationId === undefined) throw new Error('not edited')
    await runtime.submitConfirmation(runId, edited.confirmationId, 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')

    const [first, second] = named(tracing.spans(), 'await_approval create_task')
    expect(first?.attributes).toMatchObject({
      'studypulse.approval.decision': 'edit',
      'studypulse.approval.decided_by': 'user',
      'user.id': 'u-9',
    })
    expect(second?.attributes).toMatchObject({
      'studypulse.approval.confirmation_id': edited.confirmationId,
      'studypulse.approval.decision': 'allow',
    })
    // The call that ran is the edited one.
    expect(
      only(tracing.spans(), 'execute_tool create_task').attributes['gen_ai.tool.call.arguments'],
    ).toContain('"Read"')
  })

  it('with recordContent, the spans carry the messages, the arguments, the result and the preview', async () => {
    const runtime = tracedRuntime(
      tracing,
      new ScriptedModel([createTask('c1', 'Read chapter 3'), answer]),
      ws,
      { recordContent: true },
    )
    const runId = runtime.startRun({ input: 'add a task' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')

    const spans = tracing.spans()
    const [first, second] = named(spans, 'chat scripted')
    expect(JSON.parse(String(first?.attributes['gen_ai.input.messages']))).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'add a task' }] },
    ])
    expect(JSON.parse(String(first?.attributes['gen_ai.output.messages']))).toEqual([
      {
        role: 'assistant',
        parts: [
          {
            type: 'tool_call',
            id: 'c1',
            name: 'create_task',
            arguments: { title: 'Read chapter 3' },
          },
        ],
        finish_reason: 'tool_call',
      },
    ])
    expect(JSON.parse(String(second?.attributes['gen_ai.input.messages'])).at(-1)).toMatchObject({
      role: 'tool',
      parts: [{ type: 'tool_call_response', id: 'c1', response: { ok: true } }],
    })
    const approval = only(spans, 'await_approval create_task')
    expect(approval.attributes['gen_ai.tool.call.arguments']).toContain('Read chapter 3')
    expect(approval.attributes['studypulse.approval.preview']).toContain('Read chapter 3')
    const call = only(spans, 'execute_tool create_task')
    expect(JSON.parse(String(call.attributes['gen_ai.tool.call.result']))).toMatchObject({
      ok: true,
    })
  })

  it('a failed model call fails its chat span (error.type) and the turn (run status failed)', async () => {
    const runtime = tracedRuntime(tracing, new ScriptedModel([]), ws)
    const runId = runtime.startRun({ input: 'hello' })
    await waitForRun(runtime, runId, 'failed')

    const chat = only(tracing.spans(), 'chat scripted')
    expect(chat.attributes['error.type']).toBe('model_script_exhausted')
    expect(chat.status.code).toBe(SpanStatusCode.ERROR)
    const turn = only(tracing.spans(), 'invoke_agent studypulse')
    expect(turn.attributes).toMatchObject({
      'studypulse.run.status': 'failed',
      'error.type': 'model_script_exhausted',
    })
    expect(turn.status.code).toBe(SpanStatusCode.ERROR)
  })

  it('a cancel while a card waits ends its wait (decision cancel) and the turn', async () => {
    const runtime = tracedRuntime(tracing, new ScriptedModel([createTask('c1', 'Never')]), ws)
    const runId = runtime.startRun({ input: 'add a task' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.cancel(runId)

    expect(only(tracing.spans(), 'await_approval create_task').attributes).toMatchObject({
      'studypulse.approval.decision': 'cancel',
    })
    expect(only(tracing.spans(), 'invoke_agent studypulse').attributes).toMatchObject({
      'studypulse.run.status': 'cancelled',
    })
  })

  it('each user message is a turn of its own, with its own derived span, in the same trace', async () => {
    const runtime = tracedRuntime(
      tracing,
      new ScriptedModel([{ text: 'Hi.' }, { text: 'Bye.' }]),
      ws,
    )
    const runId = runtime.startRun({ input: 'hello' })
    await waitForRun(runtime, runId, 'awaitingInput')
    await runtime.sendInput(runId, 'goodbye')
    await waitForRun(runtime, runId, 'awaitingInput')

    const spans = tracing.spans()
    const turns = named(spans, 'invoke_agent studypulse')
    expect(turns.map((t) => t.attributes['studypulse.turn'])).toEqual([1, 2])
    expect(turns.map((t) => t.spanContext().spanId)).toEqual([
      turnSpanId(runId, 1),
      turnSpanId(runId, 2),
    ])
    const chats = named(spans, 'chat scripted')
    expect(chats.map((c) => c.parentSpanContext?.spanId)).toEqual([
      turnSpanId(runId, 1),
      turnSpanId(runId, 2),
    ])
    expectParentedByTurns(spans, runId)
  })
})

describe('a run restored by a new runtime on the same folder continues its trace', () => {
  /** A card shown by a first runtime, which then stops (closed, or its process dies), and a second one that restores the run. */
  async function restart(how: 'close' | 'crash'): Promise<{ second: AgentRuntime; runId: string }> {
    const { clock, advance } = handClock()
    const first = tracedRuntime(tracing, new ScriptedModel([createTask('c1', 'Survive')]), ws, {
      clock,
      prefix: 'a',
    })
    const runId = first.startRun({ input: 'add a task' })
    await waitForRun(first, runId, 'awaitingConfirmation')
    if (how === 'close') await first.close()
    else {
      await first.flush()
      internalsOf(first).crash(runId)
      await endEarlierProcesses()
    }
    advance(90_000)
    const second = tracedRuntime(tracing, new ScriptedModel([answer]), ws, { clock, prefix: 'b' })
    expect(await second.restore()).toEqual([runId])
    return { second, runId }
  }

  it.each(['close', 'crash'] as const)(
    'after a %s: the card shown before and decided after is one wait, in one turn, in one trace',
    async (how) => {
      const { second, runId } = await restart(how)
      // Before the restart only the model call ended; the turn and the card were still open.
      expect(tracing.spans().map((s) => s.name)).toEqual(['chat scripted'])
      await second.submitConfirmation(runId, pendingId(second, runId), 'allow', {
        by: { id: 'u-1' },
      })
      await waitForRun(second, runId, 'awaitingInput')

      const spans = tracing.spans()
      expect(spans.map((s) => s.name).sort()).toEqual([
        'await_approval create_task',
        'chat scripted',
        'chat scripted',
        'execute_tool create_task',
        'invoke_agent studypulse',
      ])
      expectParentedByTurns(spans, runId)
      const turn = only(spans, 'invoke_agent studypulse')
      const userMessage = eventsOf(second, runId, 'userMessage')[0]
      expect(ms(turn.startTime)).toBe(Date.parse(userMessage?.at ?? ''))
      const approval = only(spans, 'await_approval create_task')
      expect(approval.attributes).toMatchObject({
        'studypulse.approval.wait_ms': 90_000,
        'studypulse.approval.decision': 'allow',
        'user.id': 'u-1',
      })
    },
  )
})
