/** One attempt's abort signal: fires when the caller aborts or the attempt's time is up. */
export interface AttemptSignal {
  signal: AbortSignal
  /** True once the time limit, not the caller, ended the attempt. */
  timedOut(): boolean
  dispose(): void
}

/** Links an attempt to the caller's signal and to a time limit. */
export function createAttemptSignal(parent: AbortSignal, timeoutMs: number): AttemptSignal {
  const controller = new AbortController()
  let timedOut = false
  const onAbort = () => controller.abort(parent.reason)
  if (parent.aborted) controller.abort(parent.reason)
  else parent.addEventListener('abort', onAbort, { once: true })
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new Error(`timed out after ${timeoutMs} ms`))
  }, timeoutMs)
  // A pending time limit must not keep a finished program alive.
  timer.unref?.()
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer)
      parent.removeEventListener('abort', onAbort)
    },
  }
}
