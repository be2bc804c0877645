import { type Context, ROOT_CONTEXT, type SpanContext, TraceFlags, trace } from '@opentelemetry/api'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { sha256Hex } from '../../vocabulary/sha256.ts'

/**
 * A run's trace is named by its run id alone, and each turn's `invoke_agent` span by the run id and
 * the turn: whichever process logs a span of the run, now or after a restart on another node,
 * finds the same trace and the same parent without anything saved with the run.
 */

/** The trace id of a run (32 hex digits, derived from the run id). */
export function runTraceId(runId: string): string {
  return valid(sha256Hex(`studypulse trace\u0000${runId}`).slice(0, 32))
}

/** The span id of a run's `invoke_agent` span for turn `turn` (16 hex digits). */
export function turnSpanId(runId: string, turn: number): string {
  return valid(sha256Hex(`studypulse turn\u0000${runId}\u0000${turn}`).slice(0, 16))
}

/**
 * The turn a conversation is in: the number of its user messages. Each user message starts one
 * turn, and the run's model sees the same conversation, so both sides count alike.
 */
export function turnOf(messages: readonly ChatMessage[]): number {
  let turns = 0
  for (const message of messages) if (message.role === 'user') turns += 1
  return turns
}

/** The context whose parent is turn `turn` of run `runId`, for the spans made inside that turn. */
export function insideTurn(runId: string, turn: number): Context {
  const parent: SpanContext = {
    traceId: runTraceId(runId),
    spanId: turnSpanId(runId, turn),
    // The turn's span is made when the turn ends (perhaps by another process), so its children
    // name it as sampled; a host that samples drops or keeps whole turns by their trace id.
    traceFlags: TraceFlags.SAMPLED,
  }
  return trace.setSpanContext(ROOT_CONTEXT, parent)
}

/** The ids the tracer is to give the next span it starts. */
export interface PinnedIds {
  traceId: string
  spanId: string
}

/**
 * The OpenTelemetry SDK's `IdGenerator`, so that a turn's span gets its derived ids: give it to the
 * tracer provider (`new NodeTracerProvider({ idGenerator: ids })`) and to `traceRuns`. Every other
 * span gets random ids, as with the SDK's own generator.
 */
export class RunSpanIds {
  #pinned: PinnedIds | undefined

  /** A new trace id: the pinned one while `pinned` runs, else random. */
  generateTraceId(): string {
    return this.#pinned?.traceId ?? randomHex(16)
  }

  /** A new span id: the pinned one while `pinned` runs, else random. */
  generateSpanId(): string {
    return this.#pinned?.spanId ?? randomHex(8)
  }

  /** Runs `start` (which starts one span, synchronously) with `ids` pinned. */
  pinned<T>(ids: PinnedIds, start: () => T): T {
    this.#pinned = ids
    try {
      return start()
    } finally {
      this.#pinned = undefined
    }
  }
}

/** A new id generator for a tracer provider and `traceRuns` to share. */
export function runSpanIds(): RunSpanIds {
  return new RunSpanIds()
}

function randomHex(bytes: number): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes))
  let hex = ''
  for (const byte of random) hex += byte.toString(16).padStart(2, '0')
  return valid(hex)
}

// An all-zero id is the invalid one; no hash or random draw is ever expected to give it.
function valid(hex: string): string {
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex
}
