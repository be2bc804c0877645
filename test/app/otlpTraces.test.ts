import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { context, propagation, trace } from '@opentelemetry/api'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type StartedRuntime, startRuntime } from '../../app/startRuntime.ts'
import { tracesEndpoint } from '../../app/startTracing.ts'
import { tracingLine } from '../../app/startupBanner.ts'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { runTraceId, turnSpanId } from '../../runtime/tracing/runSpanIds.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlpReceiver.ts'
import { pendingId } from '../helpers/runHarness.ts'

/** Asks for the task its user message names; a tool's answer ends the turn. */
function taskModel(): ScriptedModel {
  return new ScriptedModel(
    (request: ModelRequest): ModelTurn => {
      const last = request.messages.at(-1)
      if (last?.role === 'tool')
        return { text: 'Done.', usage: { inputTokens: 64, outputTokens: 2 } }
      const title = last?.role === 'user' ? last.content : 'unknown'
      return {
        toolCalls: [
          // An id that does not repeat the title: only content may carry it.
          { id: 'call-1', name: 'create_task', arguments: JSON.stringify({ title }) },
        ],
        usage: { inputTokens: 40, outputTokens: 12 },
      }
    },
    { name: 'openai:gpt-4o-mini' },
  )
}

let receiver: OtlpReceiver
let dir: string
beforeEach(async () => {
  receiver = await startOtlpReceiver()
  dir = await mkdtemp(join(tmpdir(), 'studypulse-otlp-'))
})
afterEach(async () => {
  vi.unstubAllEnvs()
  // Each app start is a process of its own: nothing registered globally outlives it.
  trace.disable()
  context.disable()
  propagation.disable()
  await receiver.close()
  await rm(dir, { recursive: true, force: true, maxRetries: 3 })
})

/** Starts the app's runtime on the folder, exporting to the receiver, as `npm start` would. */
function startApp(
  extra: { confirmationTimeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<StartedRuntime> {
  const { env, ...options } = extra
  return startRuntime({
    model: taskModel(),
    env: { STUDYPULSE_WORKSPACE: dir, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, ...env },
    log: () => {},
    ...options,
  })
}

/** The attributes of the spans that carry `text` anywhere in a value, by span name. */
const carrying = (spans: ReceivedSpan[], text: string) =>
  spans.flatMap((span) =>
    Object.entries(span.attributes)
      .filter(([, value]) => String(value).includes(text))
      .map(([key]) => `${span.name}: ${key}`),
  )

/** Stops the app as its Ctrl-C does: saved, traces sent, runs given up; then a fresh process's globals. */
async function stopApp(app: StartedRuntime): Promise<void> {
  await app.runtime.close()
  await app.tracing?.shutdown()
  trace.disable()
  context.disable()
  propagation.disable()
}

const spansOf = (spans: ReceivedSpan[], runId: string) =>
  spans.filter((span) => span.traceId === runTraceId(runId))
const names = (spans: ReceivedSpan[]) => spans.map((span) => span.name).sort()

/** Each span of a run's trace is its turn's `invoke_agent` span or a child of it. */
function expectOneTurn(spans: ReceivedSpan[], runId: string): ReceivedSpan {
  const [turn, ...more] = spans.filter((span) => span.name === 'invoke_agent studypulse')
  expect(more).toEqual([])
  if (turn === undefined) throw new Error(`no turn span in ${names(spans).join(', ')}`)
  expect(turn.spanId).toBe(turnSpanId(runId, 1))
  expect(turn.parentSpanId).toBeUndefined()
  for (const span of spans)
    if (span !== turn) expect(span.parentSpanId, span.name).toBe(turn.spanId)
  return turn
}

describe('the app exports OTLP over HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
  it('a confirmed, a denied, an expired call, and a card decided after a restart, as a collector receives them', async () => {
    const first = await startApp()
    expect(tracingLine(first.tracing)).toBe(
      `  traces: OTLP to ${receiver.url}/v1/traces (OTEL_EXPORTER_OTLP_ENDPOINT)`,
    )
    const confirmed = first.runtime.startRun({ input: 'Read chapter 3' })
    await waitForRun(first.runtime, confirmed, 'awaitingConfirmation')
    await first.runtime.submitConfirmation(
      confirmed,
      pendingId(first.runtime, confirmed),
      'allow',
      {
        by: { id: 'ana', name: 'Ana' },
      },
    )
    await waitForRun(first.runtime, confirmed, 'awaitingInput')
    const denied = first.runtime.startRun({ input: 'Skip the lab' })
    await waitForRun(first.runtime, denied, 'awaitingConfirmation')
    await first.runtime.submitConfirmation(denied, pendingId(first.runtime, denied), 'deny')
    await waitForRun(first.runtime, denied, 'awaitingInput')
    // This card is still open when the app stops.
    const restarted = first.runtime.startRun({ input: 'Outline the essay' })
    await waitForRun(first.runtime, restarted, 'awaitingConfirmation')
    const firstStopped = Date.now()
    await stopApp(first)
    const beforeRestart = receiver.spans()
    expect(names(spansOf(beforeRestart, restarted))).toEqual(['chat gpt-4o-mini'])

    // A new process on the same folder: the run comes back, and its trace goes on.
    const secondStarted = Date.now()
    const second = await startApp({ confirmationTimeoutMs: 50 })
    expect(second.restored).toContain(restarted)
    await second.runtime.submitConfirmation(
      restarted,
      pendingId(second.runtime, restarted),
      'allow',
    )
    await waitForRun(second.runtime, restarted, 'awaitingInput')
    const expired = second.runtime.startRun({ input: 'Too late' })
    await waitForRun(second.runtime, expired, 'awaitingInput', { timeoutMs: 20_000 })
    await stopApp(second)

    const spans = receiver.spans()
    expect(receiver.requests().every((r) => r.path === '/v1/traces')).toBe(true)
    // Not opted in: the titles asked for (the message, the arguments, the card, the task made)
    // reach the collector in no attribute.
    for (const title of ['Read chapter 3', 'Skip the lab', 'Outline the essay', 'Too late'])
      expect(carrying(spans, title), title).toEqual([])
    for (const span of spans) {
      expect(span.resource['service.name']).toBe('studypulse-agent')
      expect(span.resource['telemetry.sdk.name']).toBe('opentelemetry')
    }

    const confirmedSpans = spansOf(spans, confirmed)
    expect(names(confirmedSpans)).toEqual([
      'await_approval create_task',
      'chat gpt-4o-mini',
      'chat gpt-4o-mini',
      'execute_tool create_task',
      'invoke_agent studypulse',
    ])
    expectOneTurn(confirmedSpans, confirmed)
    const approval = confirmedSpans.find((s) => s.name === 'await_approval create_task')
    expect(approval?.attributes).toMatchObject({
      'studypulse.approval.decision': 'allow',
      'studypulse.approval.decided_by': 'user',
      'user.id': 'ana',
      'user.name': 'Ana',
      'gen_ai.tool.name': 'create_task',
      'studypulse.tool.permission': 'write',
    })
    expect(approval?.attributes['studypulse.approval.wait_ms']).toBe(
      (approval?.endMs ?? 0) - (approval?.startMs ?? 0),
    )
    expect(
      confirmedSpans.find((s) => s.name === 'execute_tool create_task')?.attributes,
    ).toMatchObject({ 'studypulse.tool.outcome': 'completed' })
    const chats = confirmedSpans.filter((s) => s.name === 'chat gpt-4o-mini')
    expect(chats.map((c) => c.attributes)).toEqual([
      expect.objectContaining({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-4o-mini',
        'gen_ai.usage.input_tokens': 40,
        'gen_ai.usage.output_tokens': 12,
      }),
      expect.objectContaining({ 'gen_ai.usage.input_tokens': 64, 'gen_ai.usage.output_tokens': 2 }),
    ])

    const deniedSpans = spansOf(spans, denied)
    expect(names(deniedSpans)).toEqual([
      'await_approval create_task',
      'chat gpt-4o-mini',
      'chat gpt-4o-mini',
      'invoke_agent studypulse',
    ])
    expectOneTurn(deniedSpans, denied)
    expect(
      deniedSpans.find((s) => s.name === 'await_approval create_task')?.attributes,
    ).toMatchObject({
      'studypulse.approval.decision': 'deny',
      'studypulse.approval.decided_by': 'user',
    })

    const expiredSpans = spansOf(spans, expired)
    expect(names(expiredSpans)).toEqual(names(deniedSpans))
    expectOneTurn(expiredSpans, expired)
    const expiry = expiredSpans.find((s) => s.name === 'await_approval create_task')
    expect(expiry?.attributes).toMatchObject({
      'studypulse.approval.decision': 'deny',
      'studypulse.approval.decided_by': 'timeout',
    })
    // It waited until its own deadline, not less: the 50 ms are counted from when the deadline was
    // set, which on a busy machine is a few ms before the card's event is stamped (wait_ms's start).
    const deadline = Date.parse(String(expiry?.attributes['studypulse.approval.expires_at']))
    expect(expiry?.endMs).toBeGreaterThanOrEqual(deadline)
    expect(Number(expiry?.attributes['studypulse.approval.wait_ms'])).toBe(
      (expiry?.endMs ?? 0) - (expiry?.startMs ?? 0),
    )

    // The restarted run: its first model call was sent by the first process, the rest by the
    // second, and all of it is one turn of one trace.
    const restartedSpans = spansOf(spans, restarted)
    expect(names(restartedSpans)).toEqual(names(confirmedSpans))
    const turn = expectOneTurn(restartedSpans, restarted)
    const [before] = spansOf(beforeRestart, restarted)
    expect(before?.parentSpanId).toBe(turn.spanId)
    expect(turn.request).toBeGreaterThan(before?.request ?? Number.POSITIVE_INFINITY)
    const wait = restartedSpans.find((s) => s.name === 'await_approval create_task')
    // The wait began when the first process showed the card, and ended in the second.
    expect(wait?.startMs).toBeLessThanOrEqual(firstStopped)
    expect(wait?.endMs).toBeGreaterThanOrEqual(secondStarted)
    expect(wait?.startMs).toBeGreaterThanOrEqual(turn.startMs)
    expect(turn.endMs).toBeGreaterThanOrEqual(wait?.endMs ?? Number.POSITIVE_INFINITY)
  })

  it('with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true the collector gets the messages, arguments, card and result', async () => {
    const app = await startApp({
      env: { OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true' },
    })
    const runId = app.runtime.startRun({ input: 'Read chapter 3' })
    await waitForRun(app.runtime, runId, 'awaitingConfirmation')
    await app.runtime.submitConfirmation(runId, pendingId(app.runtime, runId), 'allow')
    await waitForRun(app.runtime, runId, 'awaitingInput')
    await stopApp(app)

    expect(carrying(spansOf(receiver.spans(), runId), 'Read chapter 3').sort()).toEqual([
      'await_approval create_task: gen_ai.tool.call.arguments',
      'await_approval create_task: studypulse.approval.preview',
      'chat gpt-4o-mini: gen_ai.input.messages',
      'chat gpt-4o-mini: gen_ai.input.messages',
      'chat gpt-4o-mini: gen_ai.output.messages',
      'execute_tool create_task: gen_ai.tool.call.arguments',
      'execute_tool create_task: gen_ai.tool.call.result',
    ])
  })

  it('without the variable nothing is loaded or sent; a malformed endpoint stops the start with the reason', async () => {
    const plain = await startRuntime({
      model: taskModel(),
      env: { STUDYPULSE_WORKSPACE: dir },
      log: () => {},
    })
    expect(plain.tracing).toBeUndefined()
    expect(tracingLine(plain.tracing)).toContain('traces: off')
    const runId = plain.runtime.startRun({ input: 'Untraced' })
    await waitForRun(plain.runtime, runId, 'awaitingConfirmation')
    await plain.runtime.close()
    expect(receiver.requests()).toEqual([])

    await expect(
      startRuntime({
        model: taskModel(),
        env: { STUDYPULSE_WORKSPACE: dir, OTEL_EXPORTER_OTLP_ENDPOINT: '127.0.0.1:4318' },
        log: () => {},
      }),
    ).rejects.toThrow('OTEL_EXPORTER_OTLP_ENDPOINT must be a URL')
    await expect(
      startRuntime({
        model: taskModel(),
        env: {
          STUDYPULSE_WORKSPACE: dir,
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_SDK_DISABLED: 'true',
        },
        log: () => {},
      }).then(async (started) => {
        await started.runtime.close()
        return started.tracing
      }),
    ).resolves.toBeUndefined()
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })).toBe(
      'http://c:4318/v1/traces',
    )
    expect(
      tracesEndpoint({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://t:9/traces',
      }),
    ).toBe('http://t:9/traces')
  })

  it('a collector that cannot be reached is said once; the app runs and stops all the same', async () => {
    const gone = receiver.url
    await receiver.close()
    // Read by the exporter itself: its retries give up sooner.
    vi.stubEnv('OTEL_EXPORTER_OTLP_TIMEOUT', '300')
    const lines: string[] = []
    const app = await startRuntime({
      model: taskModel(),
      env: {
        STUDYPULSE_WORKSPACE: dir,
        OTEL_EXPORTER_OTLP_ENDPOINT: gone,
        OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true',
      },
      log: (line) => lines.push(line),
    })
    expect(tracingLine(app.tracing)).toBe(
      `  traces: OTLP to ${gone}/v1/traces, with arguments and messages (OTEL_EXPORTER_OTLP_ENDPOINT)`,
    )
    const runId = app.runtime.startRun({ input: 'Unheard' })
    await waitForRun(app.runtime, runId, 'awaitingConfirmation')
    await app.runtime.submitConfirmation(runId, pendingId(app.runtime, runId), 'allow')
    await waitForRun(app.runtime, runId, 'awaitingInput')
    await app.runtime.close()
    await expect(app.tracing?.shutdown()).resolves.toBeUndefined()
    expect(lines).toEqual([
      expect.stringMatching(/^studypulse: traces \(http:.*\): .*ECONNREFUSED/),
    ])
  })
})
