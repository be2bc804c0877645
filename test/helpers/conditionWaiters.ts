/** Promises that resolve once a condition holds, checked again at each `wake` (a notification). */
export interface ConditionWaiters {
  /** Resolves once `done()` holds: at once, or at the first `wake` after which it does. */
  until(done: () => boolean): Promise<void>
  /** Checks every waiting condition again; call it when what they read has changed. */
  wake(): void
}

/** A set of condition waiters, woken by whoever records what the conditions read. */
export function conditionWaiters(): ConditionWaiters {
  const waiting = new Set<() => void>()
  return {
    until: (done) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!done()) return
          waiting.delete(check)
          resolve()
        }
        waiting.add(check)
        check()
      }),
    wake() {
      for (const check of [...waiting]) check()
    },
  }
}
