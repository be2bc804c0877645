import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { JournalRecord } from '../vocabulary/JournalRecord.ts'
import type { PolicyRule } from '../workspace/policyFile.ts'
import type { AuditRecord } from './AuditRecord.ts'
import type { DecisionRelay } from './DecisionRelay.ts'
import type { PasskeyStore } from './PasskeyStore.ts'
import type { RunCluster } from './RunCluster.ts'
import type { AppliedRunCommand } from './RunCommand.ts'
import type { RunListPage, RunListQuery, RunStart } from './RunListing.ts'
import type { SessionStore } from './SessionStore.ts'

/**
 * A run's small saved state: the statechart's persisted snapshot (no event log inside it) and
 * the `seq` of the last event logged with it. `version` lets old formats migrate on load.
 */
export interface StoredRunSnapshot {
  version: 2
  runId: string
  /** The state the run rests in: only safe states are ever saved. */
  value: string
  /** XState's persisted snapshot of the run's actor, as `getPersistedSnapshot()` gave it. */
  snapshot: unknown
  /** The last event `seq` that belongs to this snapshot; the log may run ahead of it after a crash. */
  lastSeq: number
  /**
   * Set when the conversation is kept in the run's message log rather than in the snapshot (whose
   * context then holds no messages): the first `messageCount` messages of the log are this run's.
   */
  messageCount?: number
}

/** What one save of a run writes, together: the store makes all of it durable before resolving. */
export interface RunCommit {
  /** The run's new snapshot; leave it out to append only. */
  snapshot?: StoredRunSnapshot
  /** Events since the last commit, in `seq` order. */
  events?: readonly AgentEvent[]
  /** Messages of the conversation from position `from` on; they replace any stored from there. */
  messages?: { from: number; items: readonly ChatMessage[] }
  /** Intent and outcome records of the run's executions. */
  journal?: readonly JournalRecord[]
  /** Audit lines of the calls this commit reports. */
  audit?: readonly AuditRecord[]
  /** The run reached a final state: start-up need not look at it again. */
  ended?: boolean
  /**
   * Commands from other nodes this save applied (see `RunCommandInbox`): recorded with the state
   * they led to, so a run restored from an older save applies them again, and a newer one never.
   */
  commands?: readonly AppliedRunCommand[]
  /** Set on a new run's first save: what the run list shows of it (see `listRuns`). */
  started?: RunStart
  /**
   * This commit may be lost by a power cut (never by a process crash) without breaking an
   * invariant, because nothing was acted on outside on its strength. A store may then skip the
   * wait for the disk (SQLite: `synchronous = NORMAL`; PostgreSQL: `synchronous_commit = off`);
   * the next commit that is not relaxed makes it durable too.
   */
  relaxed?: true
}

/** A saved run as the store hands it back. */
export interface LoadedRun {
  snapshot: StoredRunSnapshot
  /** Events past `snapshot.lastSeq` that a crash left in the log without their snapshot. */
  eventsAhead: number
}

/** Whether this runtime may advance a run: it holds the run, or another live owner does. */
export type RunClaim = { ok: true } | { ok: false; code: 'run_owned_elsewhere'; owner?: string }

/** What a save of the kept rules changes: the ids of the rules it drops (revoked or replaced). */
export interface PolicyChange {
  removed: readonly string[]
}

/** The rules kept in the store, with those that could not be trusted left out and named. */
export interface PolicyLoad {
  rules: PolicyRule[]
  /** Rules present in the store that were refused, with why. */
  invalid: { rule: unknown; reason: string }[]
  /** Set when the stored rules could not be read at all: new rules must not overwrite them. */
  corrupt?: { file: string; message: string }
}

/**
 * Where runs live between steps and across restarts: snapshots, the append-only event log, the
 * intent journal, the audit log and the user's kept rules, plus which runtime owns which run.
 * The runtime takes one as an injected port; `memoryRunStore`, `sqliteRunStore` and
 * `postgresRunStore` implement it and pass the same contract suite.
 */
export interface RunStore {
  /** Where the store keeps its data, for people (a folder, a database). */
  readonly location: string
  /**
   * What the store shares between nodes (claims with leases, decisions, commands, an event feed,
   * shared rules); absent for a store that serves one node, which the runtime then treats as one.
   */
  readonly cluster?: RunCluster
  /**
   * How a decision made in one process reaches the process holding the run, for a store several
   * processes on one machine open (SQLite); absent for a store of one process or with a `cluster`.
   */
  readonly relay?: DecisionRelay
  /**
   * Where the hosted app keeps browser sessions, so every node sharing the store knows them;
   * absent for a store that keeps none (then browser sign-in is refused at start-up).
   */
  readonly sessions?: SessionStore
  /** Where signed-in people's passkeys live (signed approvals); absent for a store that keeps none. */
  readonly passkeys?: PasskeyStore
  /** Claims `runId` for this store's owner; refused while another live owner holds it. */
  claim(runId: string): Promise<RunClaim>
  /**
   * Claims a run this runtime has just made up (a fresh id nobody else can know yet), optionally
   * taken by the run's first commit instead of a statement of its own; without it `claim` is used.
   * The claim holds once that commit lands (a commit refused `run_owned_elsewhere` says it did not).
   */
  claimNew?(runId: string): Promise<RunClaim>
  /** Gives up a claimed run, so another runtime may take it over at once. */
  unclaim(runId: string): Promise<void>
  /** Ids of saved runs that have not ended. */
  listOpenRuns(): Promise<string[]>
  /**
   * One page of the runs started with `RunCommit.started`, newest first, each with its status as
   * last saved: a bounded read however many runs the store holds (no scan of every run). Refused
   * (`RunStoreError` `invalid_cursor`) for a cursor this store did not hand out.
   */
  listRuns(query?: RunListQuery): Promise<RunListPage>
  /**
   * A run's saved snapshot (migrated to the current version), or undefined when none. Events and
   * messages a crash left past the snapshot are cut, so they are not stored twice.
   */
  loadRun(runId: string): Promise<LoadedRun | undefined>
  /** A run's saved snapshot without repairing or changing anything (for runs owned elsewhere). */
  peekRun(runId: string): Promise<StoredRunSnapshot | undefined>
  /**
   * Writes one save of a run; resolves once all of it is durable. Refused (`RunStoreError`
   * `run_owned_elsewhere`, nothing written) while another live owner holds the run.
   */
  commit(runId: string, commit: RunCommit): Promise<void>
  /** The run's logged events with `seq` greater than `afterSeq`, in order. */
  readEvents(runId: string, afterSeq?: number): Promise<AgentEvent[]>
  /** The run's message log (see `StoredRunSnapshot.messageCount`), oldest first. */
  readMessages(runId: string): Promise<ChatMessage[]>
  /** The run's intent and outcome records, oldest first. */
  readJournal(runId: string): Promise<JournalRecord[]>
  /** Every audit line of the store, oldest first. */
  readAudit(): Promise<AuditRecord[]>
  /** The user's kept ("always") rules. */
  loadPolicies(): Promise<PolicyLoad>
  /**
   * Replaces the kept rules. Refused (`policy_file_corrupt`) while the stored ones are unreadable.
   * With `change`, a store several nodes share may merge instead: remove only `change.removed`
   * and add the rules it lacks, keeping what other nodes saved meanwhile.
   */
  savePolicies(rules: readonly PolicyRule[], change?: PolicyChange): Promise<void>
  /** Releases every claim and handle the store holds. */
  close(): Promise<void>
}
