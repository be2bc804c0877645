import { setTimeout as delay } from 'node:timers/promises'
import { createAttemptSignal } from './attemptSignal.ts'
import { classifyFailure } from './classifyFailure.ts'
import { ModelError } from './ModelError.ts'

/** How failed attempts are retried; `sleep` and `random` are injectable so tests stay fast. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number
  /** The delay before the first retry; it doubles for each one after. */
  baseDelayMs: number
  /** The longest backoff delay. */
  maxDelayMs: number
  /** A server asking for a longer wait than this ends the call instead. */
  maxRetryAfterMs: number
  /** Waits `ms`, rejecting when `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>
  /** A number in [0, 1) for jitter. */
  random: () => number
}

/** The default policy: 4 attempts, 0.5 s doubling to at most 8 s, jitter of up to half. */
export const defaultRetryPolicy: RetryPolicy = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  sleep: (ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }),
  random: Math.random,
})

/** What one attempt gets: its own signal and time limit, and a way to say streaming began. */
export interface Attempt {
  signal: AbortSignal
  timeoutMs: number
  /** 1 for the first attempt. */
  number: number
  /** Marks that the answer started streaming: a failure from now on ends the call, unretried. */
  streaming(): void
}

/** Where a call comes from and what it is allowed. */
export interface CallSettings {
  name: string
  keyVariable?: string
  signal: AbortSignal
  timeoutMs: number
  policy: RetryPolicy
  /** Recognizes the SDK's HTTP errors, so their status decides about retrying. */
  isApiError?: (error: unknown) => boolean
}

/**
 * Runs `attempt` until it succeeds, a failure is final, or attempts run out. Rate limits, server
 * errors and unreachable servers are retried with exponential backoff and jitter (or the server's
 * `retry-after`); exhausting the attempts fails with `model_unavailable`.
 */
export async function withRetries<T>(
  settings: CallSettings,
  attempt: (current: Attempt) => Promise<T>,
): Promise<T> {
  const { name, signal, timeoutMs, policy } = settings
  const aborted = () => new ModelError('model_aborted', `${name}: the model call was aborted.`)
  for (let number = 1; ; number += 1) {
    if (signal.aborted) throw aborted()
    const attemptSignal = createAttemptSignal(signal, timeoutMs)
    let streaming = false
    let failure: ReturnType<typeof classifyFailure>
    try {
      return await attempt({
        signal: attemptSignal.signal,
        timeoutMs,
        number,
        streaming: () => {
          streaming = true
        },
      })
    } catch (error) {
      failure = classifyFailure(error, {
        name,
        ...(settings.keyVariable !== undefined && { keyVariable: settings.keyVariable }),
        aborted: signal.aborted,
        timedOut: attemptSignal.timedOut(),
        timeoutMs,
        streaming,
        ...(settings.isApiError !== undefined && { isApiError: settings.isApiError }),
      })
    } finally {
      attemptSignal.dispose()
    }
    if (!failure.retryable) throw failure.error
    const { status } = failure.error
    if (number >= policy.maxAttempts) {
      throw new ModelError(
        'model_unavailable',
        `${failure.error.message} Gave up after ${number} attempts.`,
        status,
      )
    }
    if (failure.retryAfterMs !== undefined && failure.retryAfterMs > policy.maxRetryAfterMs) {
      throw new ModelError(
        'model_unavailable',
        `${failure.error.message} The server asked to wait ${Math.ceil(failure.retryAfterMs / 1000)} s; not waiting that long.`,
        status,
      )
    }
    const wait = failure.retryAfterMs ?? backoff(number, policy)
    try {
      await policy.sleep(wait, signal)
    } catch {
      throw aborted()
    }
  }
}

function backoff(failedAttempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failedAttempt - 1))
  // "Equal jitter": half fixed, half random, so clients that failed together spread out.
  return Math.round(ceiling / 2 + (ceiling / 2) * policy.random())
}
