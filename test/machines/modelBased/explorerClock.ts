/**
 * The clock the explored machine reads, controlled by the explorer: at its base time, except
 * during a step that happens at another time (an expiry offered before or after a deadline).
 */
export class ExplorerClock {
  readonly base: Date
  #now: Date

  constructor(base: Date) {
    this.base = base
    this.#now = base
  }

  /** The time now, as the machine's `clock` dependency reads it. */
  readonly now = (): Date => this.#now

  /** Runs `work` with the clock at `at` (the base time if undefined), then puts it back. */
  during<T>(at: Date | undefined, work: () => T): T {
    const was = this.#now
    this.#now = at ?? this.base
    try {
      return work()
    } finally {
      this.#now = was
    }
  }
}
