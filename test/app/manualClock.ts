import type { ReaperTimers } from '../../app/server/idleRunReaper.ts'

/** Time that moves only when a test says so: `advance(ms)` runs every timer that falls due. */
export function manualClock(start = Date.parse('2026-11-30T09:00:00.000Z')) {
  let now = start
  let nextId = 0
  const pending = new Map<number, { due: number; fn: () => void }>()
  const timers: ReaperTimers = {
    setTimeout: (fn, ms) => {
      const id = ++nextId
      pending.set(id, { due: now + ms, fn })
      return id
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number)
    },
  }
  return {
    now: () => now,
    timers,
    /** Timers not yet run. */
    pending: () => pending.size,
    advance(ms: number) {
      now += ms
      for (const [id, timer] of [...pending].sort((a, b) => a[1].due - b[1].due)) {
        if (timer.due > now || !pending.has(id)) continue
        pending.delete(id)
        timer.fn()
      }
    },
  }
}
