/**
 * OpenTelemetry traces of StudyPulse runs and approvals, through `@opentelemetry/api` alone (a
 * no-op until the host installs an SDK): `traceRuns` wraps a runtime (`invoke_agent`,
 * `execute_tool`, `await_approval` spans), `traceModel` a model (`chat` spans), and `runSpanIds`
 * is the id generator the host's tracer provider takes, so a run's trace continues across restarts.
 * Browser-safe.
 *
 * @module studypulse-agent/tracing
 */

export {
  type RunSpanIds,
  runSpanIds,
  runTraceId,
  turnSpanId,
} from './runtime/tracing/runSpanIds.ts'
export { modelIdentity, type TraceModelOptions, traceModel } from './runtime/tracing/traceModel.ts'
export { type TraceRunsOptions, traceRuns } from './runtime/tracing/traceRuns.ts'
