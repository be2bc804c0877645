import type { Attributes } from '@opentelemetry/api'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node'
import type { ModelClient } from '../../models/messages.ts'
import type { AgentRuntime, AgentRuntimeOptions } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { runSpanIds } from '../../runtime/tracing/runSpanIds.ts'
import { traceModel } from '../../runtime/tracing/traceModel.ts'
import { traceRuns } from '../../runtime/tracing/traceRuns.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { sequentialIds, trackRuntime } from '../helpers/tempWorkspace.ts'

/** An SDK tracer provider with the official in-memory exporter and the ids `traceRuns` pins. */
export function memoryTracing() {
  const exporter = new InMemorySpanExporter()
  const ids = runSpanIds()
  const provider = new BasicTracerProvider({
    idGenerator: ids,
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  })
  const tracer = provider.getTracer('studypulse-test')
  return { exporter, ids, tracer, provider, spans: () => exporter.getFinishedSpans() }
}

/** What `memoryTracing` gives. */
export type MemoryTracing = ReturnType<typeof memoryTracing>

/** A clock the test moves by hand. */
export function handClock(start = '2026-11-30T09:00:00.000Z') {
  let now = Date.parse(start)
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** A traced runtime over `workspace`'s folder (its store keeps runs, as the app's does). */
export function tracedRuntime(
  tracing: MemoryTracing,
  model: ModelClient,
  workspace: Workspace,
  options: Partial<AgentRuntimeOptions> & { recordContent?: boolean; prefix?: string } = {},
): AgentRuntime {
  const { recordContent, prefix = 'id', ...runtimeOptions } = options
  const { tracer, ids } = tracing
  // Left out unless the test opts in, so the wrappers' own defaults are what a test sees.
  const content = recordContent === undefined ? {} : { recordContent }
  const runtime = traceRuns(
    createAgentRuntime({
      model: traceModel(model, { tracer, ...content }),
      tools: createToolRegistry(),
      workspace,
      store: sqliteRunStore(workspace.root),
      generateId: sequentialIds(prefix),
      ...runtimeOptions,
    }),
    { tracer, ids, ...content },
  )
  trackRuntime(runtime)
  return runtime
}

/** The spans named `name` (the operation and its subject, e.g. `execute_tool create_task`). */
export function named(spans: readonly ReadableSpan[], name: string): ReadableSpan[] {
  return spans.filter((span) => span.name === name)
}

/** The one span named `name`; fails the test when there is none or several. */
export function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = named(spans, name)
  if (found.length !== 1) {
    throw new Error(`expected one span "${name}", found ${found.length}: ${describe(spans)}`)
  }
  return found[0] as ReadableSpan
}

/** Span names with their parents' names, to read in a failure message. */
export function describe(spans: readonly ReadableSpan[]): string {
  return spans.map((s) => s.name).join(', ')
}

/** Whether the span records any content attribute (arguments, results, messages, previews). */
export function contentKeys(attributes: Attributes): string[] {
  const content = [
    'gen_ai.input.messages',
    'gen_ai.output.messages',
    'gen_ai.tool.call.arguments',
    'gen_ai.tool.call.result',
    'studypulse.approval.preview',
  ]
  return Object.keys(attributes).filter((key) => content.includes(key))
}

/** A span's start or end as epoch milliseconds. */
export function ms(time: readonly [number, number]): number {
  return time[0] * 1000 + Math.round(time[1] / 1e6)
}
