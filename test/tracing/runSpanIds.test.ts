import { DiagLogLevel, diag, trace } from '@opentelemetry/api'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { runSpanIds, runTraceId, turnOf, turnSpanId } from '../../runtime/tracing/runSpanIds.ts'
import { modelIdentity, traceModel } from '../../runtime/tracing/traceModel.ts'
import { traceRuns } from '../../runtime/tracing/traceRuns.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(async () => {
  diag.disable()
  await dispose()
})

describe('a run’s trace and turn ids are derived from the run id alone', () => {
  it('the same run and turn give the same ids anywhere; other runs and turns other ids', () => {
    expect(runTraceId('run-1')).toMatch(/^[0-9a-f]{32}$/)
    expect(turnSpanId('run-1', 1)).toMatch(/^[0-9a-f]{16}$/)
    expect(runTraceId('run-1')).toBe(runTraceId('run-1'))
    expect(runTraceId('run-1')).not.toBe(runTraceId('run-2'))
    expect(turnSpanId('run-1', 1)).not.toBe(turnSpanId('run-1', 2))
    expect(turnSpanId('run-1', 1)).not.toBe(turnSpanId('run-2', 1))
  })

  it('the turn is the number of user messages the conversation has', () => {
    expect(
      turnOf([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'one' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'two' },
      ]),
    ).toBe(2)
  })

  it('the generator hands out the pinned ids only to the span started inside `pinned`', () => {
    const ids = runSpanIds()
    const pinned = { traceId: runTraceId('r'), spanId: turnSpanId('r', 1) }
    expect(ids.pinned(pinned, () => [ids.generateTraceId(), ids.generateSpanId()])).toEqual([
      pinned.traceId,
      pinned.spanId,
    ])
    const after = [ids.generateTraceId(), ids.generateSpanId()]
    expect(after[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(after[1]).toMatch(/^[0-9a-f]{16}$/)
    expect(after).not.toEqual([pinned.traceId, pinned.spanId])
    expect(() =>
      ids.pinned(pinned, () => {
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(ids.generateSpanId()).not.toBe(pinned.spanId)
  })
})

describe('the model’s name says its provider and model', () => {
  it.each([
    ['openai:gpt-4o-mini', 'openai', 'gpt-4o-mini'],
    ['anthropic:claude-sonnet-4-6', 'anthropic', 'claude-sonnet-4-6'],
    [
      'openai-compatible:llama3.1:8b @ http://127.0.0.1:11434/v1',
      'openai-compatible',
      'llama3.1:8b',
    ],
    ['ai-sdk:openai.chat:gpt-4o', 'openai', 'gpt-4o'],
    ['ai-sdk:openai-compatible:llama3.1:8b', 'openai-compatible', 'llama3.1:8b'],
    ['offline-planner', 'offline-planner', 'offline-planner'],
  ])('%s', (name, provider, model) => {
    expect(modelIdentity(name)).toEqual({ provider, model })
  })

  it('a call made outside a run is a span of its own, in the caller’s trace', async () => {
    const exporter = new InMemorySpanExporter()
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    })
    const model = traceModel(new ScriptedModel([{ text: 'hi' }], { name: 'anthropic:claude-x' }), {
      tracer: provider.getTracer('t'),
    })
    expect(model.name).toBe('anthropic:claude-x')
    await model.complete({ messages: [], tools: [], signal: new AbortController().signal })
    const [span] = exporter.getFinishedSpans()
    expect(span?.name).toBe('chat claude-x')
    expect(span?.parentSpanContext).toBeUndefined()
    expect(span?.attributes['gen_ai.conversation.id']).toBeUndefined()
  })
})

describe('tracing without an SDK, or without the id generator', () => {
  function runtimeOver(tracer: ReturnType<typeof trace.getTracer>, ids = runSpanIds()) {
    return traceRuns(
      createAgentRuntime({
        model: traceModel(new ScriptedModel([{ text: 'Hello.' }]), { tracer }),
        tools: createToolRegistry(),
        workspace: ws,
      }),
      { tracer, ids },
    )
  }

  it('with the API alone (no SDK installed) a traced runtime runs as before and warns of nothing', async () => {
    const warnings: string[] = []
    diag.setLogger(
      { ...silentLogger, warn: (message) => warnings.push(message) },
      DiagLogLevel.WARN,
    )
    const runtime = runtimeOver(trace.getTracer('no-sdk'))
    const runId = runtime.startRun({ input: 'hello' })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(runtime.view(runId).messages.at(-1)).toEqual({ role: 'assistant', content: 'Hello.' })
    expect(warnings).toEqual([])
  })

  it('a provider without the generator is named once: its turn spans cannot get their ids', async () => {
    const warnings: string[] = []
    diag.setLogger(
      { ...silentLogger, warn: (message) => warnings.push(message) },
      DiagLogLevel.WARN,
    )
    const exporter = new InMemorySpanExporter()
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    })
    const runtime = runtimeOver(provider.getTracer('no-ids'))
    for (const input of ['one', 'two']) {
      const runId = runtime.startRun({ input })
      await waitForRun(runtime, runId, ['awaitingInput', 'failed'])
    }
    expect(warnings).toEqual([expect.stringContaining('idGenerator')])
  })
})

const silentLogger = {
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  verbose: () => {},
}
