import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { context, propagation, trace } from '@opentelemetry/api'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { startRuntime } from '../../app/startRuntime.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { startOtlpReceiver } from '../helpers/otlpReceiver.ts'
import { pendingId } from '../helpers/runHarness.ts'

// Every module tracing needs notes here when something loads it (the real module is returned):
// with tracing off, the app and its runtime must load none of them.
const { loaded, watched } = vi.hoisted(() => {
  const loaded: string[] = []
  const watched =
    (name: string) =>
    async <T>(original: () => Promise<T>): Promise<T> => {
      loaded.push(name)
      return original()
    }
  return { loaded, watched }
})
vi.mock('@opentelemetry/sdk-trace-node', watched('@opentelemetry/sdk-trace-node'))
vi.mock(
  '@opentelemetry/exporter-trace-otlp-http',
  watched('@opentelemetry/exporter-trace-otlp-http'),
)
vi.mock('../../runtime/tracing/traceRuns.ts', watched('traceRuns'))
vi.mock('../../runtime/tracing/traceModel.ts', watched('traceModel'))

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-untraced-'))
})
afterEach(async () => {
  trace.disable()
  context.disable()
  propagation.disable()
  await rm(dir, { recursive: true, force: true, maxRetries: 3 })
})

const createTask = {
  toolCalls: [{ id: 'c1', name: 'create_task', arguments: '{"title":"Untraced"}' }],
}

// The order matters: a module once loaded stays loaded for the rest of this file.
it('with tracing off the app loads no tracing module and runs the model it was given, unwrapped', async () => {
  const model = new ScriptedModel([createTask, { text: 'Added.' }])
  const app = await startRuntime({ model, env: { STUDYPULSE_WORKSPACE: dir }, log: () => {} })
  expect(app.tracing).toBeUndefined()
  expect(app.runtime.model).toBe(model)
  const runId = app.runtime.startRun({ input: 'add a task' })
  await waitForRun(app.runtime, runId, 'awaitingConfirmation')
  await app.runtime.submitConfirmation(runId, pendingId(app.runtime, runId), 'allow')
  await waitForRun(app.runtime, runId, 'awaitingInput')
  await app.runtime.close()
  expect(loaded).toEqual([])
})

it('the same watch sees them load once the endpoint is set (so the check above can fail)', async () => {
  const receiver = await startOtlpReceiver()
  const model = new ScriptedModel([{ text: 'Hello.' }])
  const app = await startRuntime({
    model,
    env: { STUDYPULSE_WORKSPACE: dir, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
    log: () => {},
  })
  expect(app.runtime.model).not.toBe(model)
  await app.runtime.close()
  await app.tracing?.shutdown()
  await receiver.close()
  expect([...loaded].sort()).toEqual([
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/sdk-trace-node',
    'traceModel',
    'traceRuns',
  ])
})
