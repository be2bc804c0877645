import type { EventFollow, FollowEventsOptions } from '../store/RunCluster.ts'
import type { RunStore } from '../store/RunStore.ts'

/** How often a run another process on the same folder advances is read again. */
export const pollEveryMs = 100

/**
 * Follows a run another process on the same folder (one SQLite file) holds, by reading its log
 * from the store: each new event once, in order, while the follow lasts. The folder has no notice
 * of a save, so it is read every `everyMs`; one read at a time.
 */
export function pollRunEvents(
  store: RunStore,
  runId: string,
  options: FollowEventsOptions,
  everyMs = pollEveryMs,
): EventFollow {
  let after = options.afterSeq ?? 0
  let closed = false
  let reading: Promise<void> | undefined
  const read = async () => {
    try {
      const events = await store.readEvents(runId, after)
      const last = events.at(-1)
      if (closed || last === undefined) return
      after = last.seq
      options.onEvents(events)
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)))
    }
  }
  const tick = () => {
    reading ??= read().finally(() => {
      reading = undefined
    })
    return reading
  }
  const caughtUp = tick()
  const timer = setInterval(() => void tick(), everyMs)
  timer.unref?.()
  return {
    caughtUp,
    close() {
      closed = true
      clearInterval(timer)
    },
  }
}
