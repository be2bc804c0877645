import type { AnyActorLogic } from 'xstate'
import { type AgentRunContext, runContextVersion } from '../machines/agentRunTypes.ts'
import type { AuditRecord } from '../store/AuditRecord.ts'
import type { AppliedRunCommand } from '../store/RunCommand.ts'
import type { RunStart } from '../store/RunListing.ts'
import type { RunCommit, RunStore, StoredRunSnapshot } from '../store/RunStore.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { JournalRecord } from '../vocabulary/JournalRecord.ts'
import type { RunState } from './RunState.ts'

/** A run's link to its store: saves at safe states, and the journal's intents in between. */
export interface RunPersister {
  /** Saves the run as it rests after a step, if it rests in a state tagged `safe`. */
  save(state: RunState): void
  /** Takes events as the run logs them (the in-memory log is the caller's). */
  logged(events: readonly AgentEvent[]): void
  /** Queues an audit line, saved with the next snapshot. */
  audit(record: AuditRecord): void
  /** Queues an outcome record, saved with the next snapshot (a lost one reads as `interrupted`). */
  outcome(record: JournalRecord): void
  /** Saves everything so far, then writes the intent durably; resolves once it is on disk. */
  intent(record: JournalRecord): Promise<void>
  /**
   * Records a command from another node as applied, in the commit of the state it led to: call it
   * right after sending the command, before anything else can start that commit.
   */
  applied(command: AppliedRunCommand): void
  /** Resolves once everything seen so far is saved. */
  flush(): Promise<void>
  /** Resolves once the saves already started or queued are written (saves nothing new). */
  settled(): Promise<void>
  /** The call's audit line was written with its effect: a later report of it adds none. */
  audited(toolCallId: string): void
  /**
   * A commit made outside the saves (a call's effect with its decision): `settled`, `flush` and
   * the saves after it wait for it, so an Allow is answered once it is on the disk.
   */
  track(commit: Promise<unknown>): void
}

// One turn of the event loop before a save starts, so a burst of steps (a fast model answering
// at once) is written as one commit. `setImmediate` where there is one (Node), else a timer.
const nextTurn = () =>
  new Promise<void>((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  )

/**
 * Saves a run at every safe state it enters (and at every new card) as one commit: the small
 * snapshot, the events logged since the last save, the queued outcomes and audit lines.
 * Group commit: while one save is being written, later ones wait and are written together as
 * one, with the newest snapshot (it includes everything the skipped ones held).
 * Saves run one after another; `ready` (the run's claim) comes first.
 */
export function persistRun(
  runId: string,
  logic: AnyActorLogic,
  store: RunStore,
  options: {
    /** The run's state now (what an intent's save writes). */
    current: () => RunState
    ready: Promise<unknown>
    onError: (error: unknown) => void
    /** Messages a restored run already has in the store's message log. */
    savedMessages?: number
    /**
     * Whether the audit log already has a line for a call of this run (a restored run): a crash
     * between a save's appends and its snapshot makes the run report that call again, and one
     * call has one audit line whatever the crash point.
     */
    audited?: (toolCallId: string) => boolean
    /** A new run's start, for the run list: sent with each save of a snapshot until one lands. */
    started?: RunStart
    /** Told once the save carrying `started` has landed: the store lists the run from then on. */
    onListed?: () => void
    /**
     * States that are safe but saved with something else instead (a call whose effect commits
     * with its decision and outcome: its `executing` is never saved, by a step or by a flush).
     */
    savedElsewhere?: (state: RunState) => boolean
  },
): RunPersister {
  let events: AgentEvent[] = []
  const auditedHere = new Set<string>()
  let journal: JournalRecord[] = []
  let audit: AuditRecord[] = []
  let lastKey = ''
  /** The commit waiting for the one being written, grown by every save until it starts. */
  let next: PendingCommit | undefined
  /**
   * Applied commands whose commit failed: they go with the next commit that saves a snapshot (one
   * holding their effect), never alone; recording is idempotent.
   */
  const unrecorded: AppliedRunCommand[] = []
  /** Messages already handed to a save: the snapshot holds none, the message log holds these. */
  let savedMessages = options.savedMessages ?? 0
  let started = options.started
  let queued: Promise<void> | undefined
  let chain: Promise<void> = options.ready.then(() => undefined).catch(options.onError)

  /**
   * What a refused commit held (the store's file could not take it: nothing was written): it goes
   * first into the next commit, so nothing a save buffered is lost to a refusal. Its intents are
   * not kept: their callers were told, and their calls never ran.
   */
  let refused: PendingCommit | undefined

  /** Adds to the pending commit and schedules it after the one being written. */
  const enqueue = (part: Partial<RunCommit> & { intent?: JournalRecord }): Promise<void> => {
    next ??= refused ?? { events: [], journal: [], audit: [], intents: [], commands: [] }
    refused = undefined
    if (part.snapshot !== undefined) next.snapshot = part.snapshot
    next.events.push(...(part.events ?? []))
    if (part.messages !== undefined) {
      next.messages ??= { from: part.messages.from, items: [] }
      next.messages.items.push(...part.messages.items)
    }
    next.journal.push(...(part.journal ?? []))
    next.audit.push(...(part.audit ?? []))
    if (part.ended) next.ended = true
    if (part.intent !== undefined) next.intents.push(part.intent)
    next.commands.push(...(part.commands ?? []))
    queued ??= chain.then(nextTurn).then(() => {
      const commit = next as PendingCommit
      next = undefined
      queued = undefined
      const carried = commit.snapshot === undefined ? [] : unrecorded.splice(0)
      const commands = [...carried, ...commit.commands]
      const start = commit.snapshot === undefined ? undefined : started
      const journal = [...commit.journal, ...commit.intents]
      // An intent goes after the saves before it: the card is on disk before its intent.
      const written = store.commit(runId, {
        ...(isRelaxed(journal, commit.audit, commands) && { relaxed: true }),
        ...(start !== undefined && { started: start }),
        ...(commit.snapshot !== undefined && { snapshot: commit.snapshot }),
        events: commit.events,
        ...(commit.messages !== undefined && { messages: commit.messages }),
        journal,
        audit: commit.audit,
        ...(commit.ended && { ended: true }),
        ...(commands.length > 0 && { commands }),
      })
      written.then(
        () => {
          if (start === undefined || started === undefined) return
          started = undefined
          options.onListed?.()
        },
        () => {
          unrecorded.push(...commands)
          keepRefused(commit)
        },
      )
      return written
    })
    const written = queued
    chain = written.catch(options.onError)
    return written
  }

  /** Puts a refused commit's parts before whatever was buffered since (see `refused`). */
  const keepRefused = (commit: PendingCommit) => {
    const later = next ?? refused
    next = undefined
    const kept: PendingCommit = { ...commit, intents: [], commands: [] }
    if (later !== undefined) {
      if (later.snapshot !== undefined) kept.snapshot = later.snapshot
      kept.events = [...kept.events, ...later.events]
      kept.messages = joinMessages(kept.messages, later.messages)
      kept.journal = [...kept.journal, ...later.journal]
      kept.audit = [...kept.audit, ...later.audit]
      kept.ended = kept.ended === true || later.ended === true
      kept.intents = later.intents
      kept.commands = later.commands
    }
    if (queued !== undefined) next = kept
    else refused = kept
  }

  const save = (snapshot: RunState = options.current()) => {
    // Only states tagged `safe` are saved: a transient one never is, and the journal says on
    // restore whether a saved `executing` call began.
    if (!snapshot.hasTag('safe') || options.savedElsewhere?.(snapshot) === true) return
    const state = String(snapshot.value)
    // A card's approvals short of a quorum change the run without moving it: they are saved too.
    const { pending } = snapshot.context
    const key = `${state}:${pending?.confirmationId ?? ''}:${pending?.approvals?.length ?? 0}`
    if (key === lastKey) return
    lastKey = key
    const lastSeq = snapshot.context.lastSeq
    // This very snapshot, not the actor's latest: a rule may already have answered the card.
    const persisted = logic.getPersistedSnapshot(snapshot as never) as unknown as {
      context: AgentRunContext
    }
    // The conversation goes to the message log, only what is new since the last save; the
    // snapshot stays small however long the conversation runs.
    const { messages } = snapshot.context
    const fresh = messages.slice(savedMessages)
    const from = savedMessages
    savedMessages = messages.length
    void enqueue({
      snapshot: {
        version: runContextVersion as typeof runContextVersion,
        runId,
        value: state,
        snapshot: { ...persisted, context: savedContext(persisted.context) },
        lastSeq,
        messageCount: messages.length,
      },
      ...(fresh.length > 0 && { messages: { from, items: fresh } }),
      events: events.filter((e) => e.seq <= lastSeq),
      journal,
      audit,
      ...(snapshot.status !== 'active' && { ended: true }),
    })
    events = events.filter((e) => e.seq > lastSeq)
    journal = []
    audit = []
  }

  return {
    save: (state) => save(state),
    logged: (fresh) => {
      events.push(...fresh)
    },
    audit: (record) => {
      if (options.audited?.(record.toolCallId) === true) return
      if (auditedHere.delete(record.toolCallId)) return
      audit.push(record)
    },
    outcome: (record) => {
      journal.push(record)
    },
    intent(record) {
      save()
      return enqueue({ intent: record })
    },
    applied(command) {
      void enqueue({ commands: [command] })
    },
    flush() {
      save()
      // What a refused commit held is tried again even when nothing new was saved.
      if (refused !== undefined) void enqueue({})
      return chain
    },
    settled: () => chain,
    track(commit) {
      const before = chain
      chain = before
        .then(() => commit)
        .then(
          () => undefined,
          () => undefined,
        )
    },
    audited: (toolCallId) => {
      auditedHere.add(toolCallId)
    },
  }
}

/** A commit being gathered: the saves, intents and commands since the last one started. */
interface PendingCommit {
  snapshot?: StoredRunSnapshot
  events: AgentEvent[]
  messages?: { from: number; items: ChatMessage[] }
  journal: JournalRecord[]
  audit: AuditRecord[]
  ended?: boolean
  intents: JournalRecord[]
  commands: AppliedRunCommand[]
}

// Two runs of the message log, the later one starting where the first ends, as one.
function joinMessages(
  first: { from: number; items: ChatMessage[] } | undefined,
  then: { from: number; items: ChatMessage[] } | undefined,
): { from: number; items: ChatMessage[] } | undefined {
  if (first === undefined) return then
  if (then === undefined) return first
  return {
    from: first.from,
    items: [...first.items.slice(0, then.from - first.from), ...then.items],
  }
}

// The conversation lives in the message log, and the last step's hand-over is not state.
function savedContext(context: AgentRunContext): AgentRunContext {
  const { logged: _logged, ...rest } = context
  return { ...rest, messages: [] }
}

/**
 * Whether a commit may wait for the disk until the next synced one (`RunCommit.relaxed`). The
 * invariants this keeps: an intent is synced before its tool runs (nothing executes before its
 * decision is durable, so exactly once holds across restarts); an outcome and its audit line are
 * synced (every decision and every execution in the audit); a command from another node is
 * synced. What stays relaxed is a run's progress between decisions (a new card, a model's answer,
 * a message, the run's end): a process crash never loses it (the write is in the OS), a power cut
 * may, and the run then comes back at its last synced step, nothing acted on lost with it (an
 * ended run may come back at its last call's outcome and ask the model for its answer again).
 */
function isRelaxed(
  journal: readonly JournalRecord[],
  audit: readonly AuditRecord[],
  commands: readonly AppliedRunCommand[],
): boolean {
  return journal.length === 0 && audit.length === 0 && commands.length === 0
}
