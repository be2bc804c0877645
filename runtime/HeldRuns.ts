import type { RunStart } from '../store/RunListing.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import { addTo } from './keyedSets.ts'
import type { RunSession } from './RunSession.ts'

/**
 * The runs this runtime holds: their sessions by id, the starts the store does not list yet,
 * the listeners (of every run, and per run id), and the saves `flush()` still waits for.
 */
export class HeldRuns {
  readonly #sessions = new Map<string, RunSession>()
  // Runs started here that the store does not list yet (their first save is on its way), or,
  // without a store, every run held here: the run list shows them from their first step.
  readonly #starts = new Map<string, RunStart>()
  readonly #allListeners = new Set<(event: AgentEvent) => void>()
  readonly #runListeners = new Map<string, Set<(event?: AgentEvent) => void>>()
  // Saves of released runs still under way, so `flush()` keeps waiting for them.
  readonly #draining = new Set<Promise<void>>()
  // Held runs with a step whose save `flush()` has not yet seen land, with their step count then.
  readonly #unsaved = new Map<RunSession, number>()

  /** The session of run `runId`, if it is held here. */
  get(runId: string): RunSession | undefined {
    return typeof runId === 'string' ? this.#sessions.get(runId) : undefined
  }

  /** The ids of the runs held here. */
  ids(): string[] {
    return [...this.#sessions.keys()]
  }

  /** Holds `session`; a new run's `started` shows in the run list until the store lists it. */
  add(session: RunSession, started: RunStart | undefined): void {
    this.#sessions.set(session.runId, session)
    if (started !== undefined) this.#starts.set(session.runId, started)
  }

  /** The store lists run `runId` now. */
  listed(runId: string): void {
    this.#starts.delete(runId)
  }

  /** Runs started here that the store does not list yet, oldest first. */
  starts(): { runId: string; start: RunStart }[] {
    return [...this.#starts].map(([runId, start]) => ({ runId, start }))
  }

  /** Tells the listeners of every run, and those of its run, about `event`. */
  deliver(event: AgentEvent): void {
    for (const listener of this.#allListeners) listener(event)
    const listeners = this.#runListeners.get(event.runId)
    if (listeners !== undefined) for (const listener of listeners) listener(event)
  }

  /** Tells the listeners of run `runId` that its view changed without an event. */
  changed(runId: string): void {
    const listeners = this.#runListeners.get(runId)
    if (listeners !== undefined) for (const listener of listeners) listener()
  }

  /** Adds a listener of every run; returns its removal. */
  listen(listener: (event: AgentEvent) => void): () => boolean {
    this.#allListeners.add(listener)
    return () => this.#allListeners.delete(listener)
  }

  /** Adds a listener of run `runId` (by id, not by session: it hears the run's next owner too). */
  listenTo(runId: string, listener: (event?: AgentEvent) => void): () => void {
    return addTo(this.#runListeners, runId, listener)
  }

  /** A step of `session` ended: a save of it is on its way for `flush()` to wait on. */
  stepped(session: RunSession): void {
    if (session.persister !== undefined)
      this.#unsaved.set(session, (this.#unsaved.get(session) ?? 0) + 1)
  }

  /** Drops a live run without saving (another node took it, or it is restored from the store). */
  drop(runId: string): void {
    this.#sessions.get(runId)?.stop()
    this.#sessions.delete(runId)
    this.changed(runId)
  }

  /** Stops and forgets run `runId` at once, saving nothing more (a crash stood in for). */
  crash(runId: string): void {
    this.get(runId)?.stop()
    this.#sessions.delete(runId)
  }

  /** Lets go of an ended run; `flush()` still waits for its saving. */
  release(session: RunSession): void {
    const saving = session.persister?.flush()
    if (saving !== undefined) {
      const saved = saving.finally(() => this.#draining.delete(saved))
      this.#draining.add(saved)
    }
    session.stop()
    this.#sessions.delete(session.runId)
    this.#starts.delete(session.runId)
  }

  /** Resolves once every held run's steps so far, and every released run's, are saved. */
  flush(): Promise<unknown> {
    // Only runs that stepped since their last flush landed: a node holding thousands of resting
    // runs does not look at each of them on every flush.
    const saving = [...this.#unsaved].map(([session, steps]) => {
      if (this.#sessions.get(session.runId) !== session) {
        this.#unsaved.delete(session)
        return undefined
      }
      return session.persister?.flush().then(() => {
        if (this.#unsaved.get(session) === steps) this.#unsaved.delete(session)
      })
    })
    return Promise.all([...saving, ...this.#draining])
  }

  /** Stops every held run and forgets them all (the runtime closes). */
  stopAll(): void {
    for (const session of this.#sessions.values()) session.stop()
    this.#sessions.clear()
  }
}
