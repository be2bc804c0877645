import { nonEmpty } from '../models/createModelClient.ts'
import type { ModelClient } from '../models/messages.ts'
import type { AgentRuntime } from '../runtime/AgentRuntime.ts'
import { suggestedOtlpEndpoint } from './appPorts.ts'

/** The app's traces: where they go, how runs and the model are traced, and how to flush them. */
export interface AppTracing {
  /** Where the spans are sent (OTLP over HTTP). */
  endpoint: string
  /** Arguments, results and messages are on the spans (`OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`). */
  recordContent: boolean
  /** The model, with a `chat` span per call. */
  model(model: ModelClient): ModelClient
  /** The runtime, with its turns, tool executions and approval waits traced; use it in its place. */
  runtime(runtime: AgentRuntime): AgentRuntime
  /** Sends the spans still buffered and stops; call before the process exits. Never rejects: a failure is logged. */
  shutdown(): Promise<void>
}

/**
 * Starts exporting traces over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, through the official SDK; otherwise (or with
 * `OTEL_SDK_DISABLED=true`) loads nothing and returns undefined, and nothing is traced. The
 * service is `OTEL_SERVICE_NAME` (default `studypulse-agent`); the exporter reads its other
 * standard variables (headers, timeout, compression) itself.
 */
export async function startTracing(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = (line) => console.error(line),
): Promise<AppTracing | undefined> {
  const endpoint = tracesEndpoint(env)
  if (endpoint === undefined || isTrue(env.OTEL_SDK_DISABLED)) return undefined
  if (!isHttpUrl(endpoint)) {
    throw new Error(
      `OTEL_EXPORTER_OTLP_ENDPOINT must be a URL such as ${suggestedOtlpEndpoint}, not "${endpoint}"`,
    )
  }
  // Loaded only now: an app that exports no traces loads neither the SDK nor the wrappers.
  const [api, sdk, otlp, resources, ids, models, runs] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('../runtime/tracing/runSpanIds.ts').then((m) => m.runSpanIds()),
    import('../runtime/tracing/traceModel.ts'),
    import('../runtime/tracing/traceRuns.ts'),
  ])
  const resource = resources.defaultResource().merge(
    resources.resourceFromAttributes({
      'service.name': nonEmpty(env.OTEL_SERVICE_NAME) ?? 'studypulse-agent',
    }),
  )
  const provider = new sdk.NodeTracerProvider({
    idGenerator: ids,
    resource,
    spanProcessors: [new sdk.BatchSpanProcessor(new otlp.OTLPTraceExporter({ url: endpoint }))],
  })
  // Global too (with the async context manager), so a client SDK's own spans (the Anthropic SDK
  // makes some) land inside the `chat` span of the call.
  provider.register()
  // A collector that cannot be reached is said once per reason, not every few seconds (its spans
  // are dropped), and never stops the app, not even at shutdown.
  const said = new Set<string>()
  const problem = (error: unknown) => {
    const reason = describe(error)
    if (said.has(reason)) return
    said.add(reason)
    log(`studypulse: traces (${endpoint}): ${reason}`)
  }
  api.diag.setLogger(
    {
      error: (message, ...args) => problem(args[0] ?? message),
      warn() {},
      info() {},
      debug() {},
      verbose() {},
    },
    api.DiagLogLevel.ERROR,
  )
  const tracer = provider.getTracer('studypulse-agent')
  const recordContent = isTrue(env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT)
  return {
    endpoint,
    recordContent,
    model: (model) => models.traceModel(model, { tracer, recordContent }),
    runtime: (runtime) => runs.traceRuns(runtime, { tracer, ids, recordContent }),
    shutdown: () => provider.shutdown().catch(problem),
  }
}

/**
 * Where traces go: the signal's own variable as it is, or the base endpoint with `/v1/traces`
 * added (as the OTLP exporter specification says); undefined when neither is set.
 */
export function tracesEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  const own = nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  if (own !== undefined) return own
  const base = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT)
  return base === undefined ? undefined : `${base.replace(/\/+$/, '')}/v1/traces`
}

// The SDK's error handler passes a failed export on as the error's JSON text.
function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error !== 'string') return String(error)
  try {
    const message = (JSON.parse(error) as { message?: unknown } | null)?.message
    return typeof message === 'string' ? message : error
  } catch {
    return error
  }
}

function isTrue(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true'
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}
