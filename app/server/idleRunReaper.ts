import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'

/** Timers the reaper uses; injected so tests can drive it with fake time. */
export interface ReaperTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** What the idle reaper is built from. */
export interface IdleRunReaperOptions {
  runtime: Pick<AgentRuntime, 'subscribe' | 'runIds' | 'view' | 'cancel'>
  /** How long a run may wait for the user's next message. */
  idleMs: number
  /** Now, in ms; a restored run's idle time counts from its last event. */
  now?: () => number
  timers?: ReaperTimers
}

const realTimers: ReaperTimers = {
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms)
    // A pending reap must not keep the process alive.
    handle.unref?.()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * Ends runs that wait for input longer than `idleMs`: each is cancelled with reason `idle`, which
 * the run's persistence marks as ended on disk, so a restart does not bring it back. Runs already
 * waiting (e.g. just restored) count from their last event. Returns the function that stops it.
 */
export function startIdleRunReaper(options: IdleRunReaperOptions): () => void {
  const { runtime, idleMs } = options
  const now = options.now ?? Date.now
  const timers = options.timers ?? realTimers
  const armed = new Map<string, unknown>()

  const disarm = (runId: string) => {
    if (!armed.has(runId)) return
    timers.clearTimeout(armed.get(runId))
    armed.delete(runId)
  }
  const statusOf = (runId: string): string | undefined => {
    try {
      return runtime.view(runId).value
    } catch {
      return undefined // released meanwhile
    }
  }
  const reap = (runId: string) => {
    armed.delete(runId)
    if (statusOf(runId) !== 'awaitingInput') return
    const hours = Math.round((idleMs / 3_600_000) * 10) / 10
    void runtime.cancel(runId, `idle: no message for ${hours} h`).catch(() => undefined)
  }
  const arm = (runId: string, since: number) => {
    disarm(runId)
    if (statusOf(runId) !== 'awaitingInput') return
    const wait = Math.max(0, since + idleMs - now())
    armed.set(
      runId,
      timers.setTimeout(() => reap(runId), wait),
    )
  }

  const stop = runtime.subscribe((event) => arm(event.runId, now()))
  for (const runId of runtime.runIds()) {
    const last = runtime.view(runId).events.at(-1)
    const at = last === undefined ? Number.NaN : Date.parse(last.at)
    arm(runId, Number.isNaN(at) ? now() : Math.min(at, now()))
  }
  return () => {
    stop()
    for (const runId of [...armed.keys()]) disarm(runId)
  }
}
