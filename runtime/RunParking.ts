import type { RunSession } from './RunSession.ts'

/** The timers parking uses (the runtime's). */
export interface ParkingTimers {
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

/**
 * Parks the runs that wait for a person: once a card has been shown for a turn of the event loop
 * and is still open, its run keeps only its persisted snapshot and drops its actor (see
 * `RunSession.park`); the decision wakes it. A card answered at once (a rule, a quick click, a
 * benchmark) never pays for parking. One sweep a turn serves every card shown in that turn.
 */
export class RunParking {
  readonly #candidates = new Set<RunSession>()
  readonly #timers: ParkingTimers
  #sweep: unknown

  constructor(timers: ParkingTimers) {
    this.#timers = timers
  }

  /** The run shows a card: park it after this turn if it still waits then. */
  waiting(session: RunSession): void {
    this.#candidates.add(session)
    this.#sweep ??= this.#timers.setTimeout(() => this.#park(), 0)
  }

  /** The runtime dropped the run. */
  forget(session: RunSession): void {
    this.#candidates.delete(session)
  }

  close(): void {
    if (this.#sweep !== undefined) this.#timers.clearTimeout(this.#sweep)
    this.#sweep = undefined
    this.#candidates.clear()
  }

  #park(): void {
    this.#sweep = undefined
    for (const session of this.#candidates) {
      if (session.state().hasTag('showsCard')) session.park()
    }
    this.#candidates.clear()
  }
}
