import type { AgentRunContext, PendingConfirmation } from '../machines/agentRunTypes.ts'
import type { EventFollow, RunCluster } from '../store/RunCluster.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { RunStatus } from '../vocabulary/RunStatus.ts'

/** What this node knows of a run another node owns: its last save, and its log as followed. */
export interface ForeignRun {
  status: RunStatus
  pending?: PendingConfirmation
  /**
   * The run's context as its owner last saved it (the conversation may be kept apart): whose run
   * it is, the card's call, its approvals so far; what a pre-check on this node reads.
   */
  context?: AgentRunContext
  messages: readonly ChatMessage[]
  log: AgentEvent[]
}

/** What `ForeignRuns` tells its runtime. */
export interface ForeignRunsDeps {
  store: RunStore
  cluster: RunCluster
  /** An event the owner logged, as this node first sees it. */
  deliver: (event: AgentEvent) => void
  /** The run's view may have changed. */
  changed: (runId: string) => void
  onError: (error: unknown) => void
}

const finalStates = new Set(['failed', 'cancelled'])

/**
 * Reads what a run's owner last saved, without changing anything. The conversation is in the
 * run's message log (the snapshot holds none): it is read only when its length changed from
 * `known`, so following a run does not read its whole conversation on every batch of events.
 */
export async function peekForeign(
  store: RunStore,
  runId: string,
  known?: readonly ChatMessage[],
): Promise<Omit<ForeignRun, 'log'> | undefined> {
  const saved = await store.peekRun(runId)
  if (saved === undefined) return undefined
  const context = (saved.snapshot as { context?: AgentRunContext } | undefined)?.context
  const value = saved.value as RunStatus
  const pending = value === 'awaitingConfirmation' ? context?.pending : undefined
  const count = saved.messageCount
  let messages: readonly ChatMessage[] = context?.messages ?? []
  if (count !== undefined) {
    // A later save may have added messages since the snapshot was read: this snapshot's are the first `count`.
    messages = known?.length === count ? known : (await store.readMessages(runId)).slice(0, count)
  }
  return {
    status: value,
    ...(pending !== undefined && { pending }),
    ...(context !== undefined && { context }),
    messages,
  }
}

/**
 * The runs this node sees but another owns. When the store has a `RunEventFeed`, each is
 * followed: the owner's events reach this node's listeners once and in order, and its saved
 * state is read again after each batch, so `status`, the card and the messages stay current.
 */
export class ForeignRuns {
  readonly #runs = new Map<string, ForeignRun>()
  readonly #follows = new Map<string, EventFollow>()
  readonly #refreshing = new Map<string, Promise<void>>()
  readonly #deps: ForeignRunsDeps

  constructor(deps: ForeignRunsDeps) {
    this.#deps = deps
  }

  has(runId: string): boolean {
    return this.#runs.has(runId)
  }

  get(runId: string): ForeignRun | undefined {
    return this.#runs.get(runId)
  }

  /** The runs noted here. */
  ids(): string[] {
    return [...this.#runs.keys()]
  }

  /** Notes a run owned elsewhere and follows its log past what `seen` holds. */
  note(runId: string, seen: ForeignRun): void {
    this.#runs.set(runId, seen)
    this.#deps.changed(runId)
    const { cluster } = this.#deps
    if (this.#follows.has(runId)) return
    const afterSeq = seen.log.at(-1)?.seq ?? 0
    const follow = cluster.followEvents(runId, {
      afterSeq,
      onEvents: (events) => this.#arrived(runId, events),
      onError: this.#deps.onError,
    })
    this.#follows.set(runId, follow)
  }

  /** Forgets a run (this node took it over, or lets it go). */
  drop(runId: string): void {
    this.#follows.get(runId)?.close()
    this.#follows.delete(runId)
    this.#runs.delete(runId)
  }

  close(): void {
    for (const runId of [...this.#runs.keys()]) this.drop(runId)
  }

  #arrived(runId: string, events: AgentEvent[]): void {
    const run = this.#runs.get(runId)
    if (run === undefined) return
    for (const event of events) {
      if (event.seq <= (run.log.at(-1)?.seq ?? 0)) continue
      run.log.push(event)
      if (event.kind === 'statusChanged' && event.status !== undefined) {
        run.status = event.status
        if (event.status !== 'awaitingConfirmation') delete run.pending
      }
      this.#deps.deliver(event)
    }
    this.#deps.changed(runId)
    void this.#refresh(runId)
  }

  /** Reads the owner's save again; one read at a time per run, the last one after the last batch. */
  #refresh(runId: string): Promise<void> {
    const running = this.#refreshing.get(runId)
    const next = (running ?? Promise.resolve())
      .then(() => peekForeign(this.#deps.store, runId, this.#runs.get(runId)?.messages))
      .then((seen) => {
        const run = this.#runs.get(runId)
        if (seen === undefined || run === undefined) return
        // The log may run ahead of the save; a status the log already moved past stays.
        const last = [...run.log].reverse().find((e) => e.kind === 'statusChanged')?.status
        run.status = last ?? seen.status
        run.messages = seen.messages
        if (seen.context !== undefined) run.context = seen.context
        if (run.status === 'awaitingConfirmation' && seen.pending !== undefined) {
          run.pending = seen.pending
        } else delete run.pending
        this.#deps.changed(runId)
        if (finalStates.has(run.status)) {
          this.#follows.get(runId)?.close()
          this.#follows.delete(runId)
        }
      })
      .catch(this.#deps.onError)
      .finally(() => {
        if (this.#refreshing.get(runId) === next) this.#refreshing.delete(runId)
      })
    this.#refreshing.set(runId, next)
    return next
  }
}
