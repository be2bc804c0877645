import type { AgentRunContext, PendingConfirmation } from '../machines/agentRunTypes.ts'
import type { EventFollow, FollowedSave, RunCluster } from '../store/RunCluster.ts'
import type { RunStore, StoredRunSnapshot } from '../store/RunStore.ts'
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

/** The card a `confirmationRequired` event shows, as the owner's context holds it. */
function pendingOf(event: AgentEvent): PendingConfirmation | undefined {
  const { confirmationId, toolCallId, digest } = event
  if (confirmationId === undefined || toolCallId === undefined || digest === undefined) return
  return {
    confirmationId,
    callId: toolCallId,
    digest,
    ...(event.description !== undefined && { description: event.description }),
    ...(event.expiresAt !== undefined && { expiresAt: event.expiresAt }),
  }
}

// An approval short of the quorum stays on the card, in the view and in the context a pre-check
// here reads (the owner's save that says so may come later, or not be read at all). The log is
// in order, so the approval is for the card its latest `confirmationRequired` opened.
function approved(run: ForeignRun, event: AgentEvent): void {
  const { approvals } = event
  if (approvals === undefined) return
  if (run.pending !== undefined) run.pending = { ...run.pending, approvals }
  const saved = run.context?.pending
  if (run.context !== undefined && saved !== undefined) {
    run.context = { ...run.context, pending: { ...saved, approvals } }
  }
}

/**
 * Reads what a run's owner last saved, without changing anything. The conversation is in the
 * run's message log (the snapshot holds none): it is read only when its length changed from
 * `known`, so following a run does not read its whole conversation on every batch of events.
 */
export async function peekForeign(
  store: RunStore,
  runId: string,
  known?: readonly ChatMessage[],
  peeked?: StoredRunSnapshot,
): Promise<Omit<ForeignRun, 'log'> | undefined> {
  const saved = peeked ?? (await store.peekRun(runId))
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
 * The runs this node sees but another owns. Each is followed while someone on this node listens
 * to it (`watch`): the owner's events reach this node's listeners once and in order, and its
 * saved state is read again after each batch, so `status`, the card and the messages stay
 * current. A run nobody here listens to costs nothing: it shows what it was when last seen, and
 * the next listener's follow reads on from there.
 */
export class ForeignRuns {
  readonly #runs = new Map<string, ForeignRun>()
  readonly #follows = new Map<string, EventFollow>()
  // Listeners per run id, whoever owns the run now: a run lost to another node is followed at once.
  readonly #watchers = new Map<string, number>()
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

  /** Notes a run owned elsewhere, as `seen`; followed past it while someone here listens. */
  note(runId: string, seen: ForeignRun): void {
    this.#runs.set(runId, seen)
    this.#deps.changed(runId)
    if ((this.#watchers.get(runId) ?? 0) > 0) this.#follow(runId)
  }

  /**
   * Someone on this node listens to `runId` (wherever it runs): while anyone does, a run owned
   * elsewhere is followed. The returned function ends this listener's share; the last one's
   * stops the follow.
   */
  watch(runId: string): () => void {
    this.#watchers.set(runId, (this.#watchers.get(runId) ?? 0) + 1)
    if (this.#runs.has(runId)) this.#follow(runId)
    let watching = true
    return () => {
      if (!watching) return
      watching = false
      const left = (this.#watchers.get(runId) ?? 1) - 1
      if (left > 0) {
        this.#watchers.set(runId, left)
        return
      }
      this.#watchers.delete(runId)
      this.#unfollow(runId)
    }
  }

  /** Forgets a run (this node took it over, or lets it go); its listeners stay counted. */
  drop(runId: string): void {
    this.#unfollow(runId)
    this.#runs.delete(runId)
  }

  close(): void {
    for (const runId of [...this.#runs.keys()]) this.drop(runId)
    this.#watchers.clear()
  }

  #follow(runId: string): void {
    const run = this.#runs.get(runId)
    if (run === undefined || this.#follows.has(runId) || finalStates.has(run.status)) return
    const follow = this.#deps.cluster.followEvents(runId, {
      afterSeq: run.log.at(-1)?.seq ?? 0,
      onEvents: (events, save) => this.#arrived(runId, events, save),
      onError: this.#deps.onError,
    })
    this.#follows.set(runId, follow)
  }

  #unfollow(runId: string): void {
    this.#follows.get(runId)?.close()
    this.#follows.delete(runId)
  }

  #arrived(runId: string, events: AgentEvent[], save?: FollowedSave): void {
    const run = this.#runs.get(runId)
    if (run === undefined || !this.#follows.has(runId)) return
    for (const event of events) {
      if (event.seq <= (run.log.at(-1)?.seq ?? 0)) continue
      run.log.push(event)
      if (event.kind === 'statusChanged' && event.status !== undefined) {
        run.status = event.status
        if (event.status !== 'awaitingConfirmation') delete run.pending
      }
      if (event.kind === 'confirmationRequired') {
        const pending = pendingOf(event)
        if (pending !== undefined) run.pending = pending
      }
      // An approval short of the quorum stays on the card: the event names everyone counted.
      if (event.kind === 'confirmationApproved') approved(run, event)
      this.#deps.deliver(event)
    }
    // A save told whole (its messages with it) leaves nothing to read; else read the save.
    const messages = save?.messages
    const fits = messages === undefined || messages.from <= run.messages.length
    if (save !== undefined && fits && this.#refreshing.get(runId) === undefined) {
      if (messages !== undefined) {
        run.messages = [...run.messages.slice(0, messages.from), ...messages.items]
      }
      if (run.status !== 'awaitingConfirmation') delete run.pending
      this.#deps.changed(runId)
      if (finalStates.has(run.status)) this.#unfollow(runId)
      return
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
        if (finalStates.has(run.status)) this.#unfollow(runId)
      })
      .catch(this.#deps.onError)
      .finally(() => {
        if (this.#refreshing.get(runId) === next) this.#refreshing.delete(runId)
      })
    this.#refreshing.set(runId, next)
    return next
  }
}
