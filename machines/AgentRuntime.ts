import type { InspectionEvent, Observer } from 'xstate'
import type { ModelClient } from '../models/messages.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { ConfirmationDecision } from '../vocabulary/Decision.ts'
import type { RunStatus } from '../vocabulary/RunStatus.ts'
import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import type { PendingConfirmation } from './agentRunTypes.ts'
import type { PolicyStore } from './PolicyStore.ts'
import type { DecisionOptions } from './runDecisions.ts'

/** What a runtime is built from; clock, ids and store default to the real ones and memory. */
export interface AgentRuntimeOptions {
  model: ModelClient
  tools: ToolRegistry
  workspace: StudyWorkspace
  /** Where runs, the journal, the audit log and kept rules live (default: in memory). */
  store?: RunStore
  clock?: () => Date
  generateId?: () => string
  /** Model turns allowed after each user message (default 25). */
  maxTurns?: number
  /** A system prompt put before every run's first user message. */
  systemPrompt?: string
  /** How long a confirmation card stays open; default: never expires. */
  confirmationTimeoutMs?: number
  /** Keep runs, the intent journal and the audit log in the store (default true). */
  durable?: boolean
  /** Told when saving a run fails; default: written to stderr. */
  onPersistError?: (error: unknown) => void
  /** An XState inspector given to every run's actor from its start (e.g. `@statelyai/inspect`). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void)
  /**
   * Calls `restore()` this often, so runs whose owner died (its lease ran out) are taken over;
   * default: never. Meant for stores shared by several nodes (PostgreSQL).
   */
  rescanEveryMs?: number
  /** Timers for `rescanEveryMs` (tests pass fake ones); the global ones by default. */
  timers?: RuntimeTimers
}

/** The timers a runtime uses for its periodic work. */
export interface RuntimeTimers {
  setInterval: (callback: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
}

/** What a page shows of a run, whichever node owns it. */
export interface RunView {
  /** The run's state name. */
  value: RunStatus
  /** `active` until the run reaches a final state. */
  status: 'active' | 'done' | 'error' | 'stopped'
  pending: PendingConfirmation | undefined
  messages: readonly ChatMessage[]
}

/** What a person tells a run (see `AgentRuntime.command`): their next message, a cancel, an edit of the card. */
export type RuntimeCommand =
  | { kind: 'input'; text: string }
  | { kind: 'cancel'; reason?: string }
  | { kind: 'edit'; confirmationId: string; args: string | object }

/** What came of a command: applied (an edit names its new card), or still waiting for the run's owner. */
export type CommandResult = { applied: true; confirmationId?: string } | { applied: false }

/** What starting a run takes. */
export interface StartRunOptions {
  input: string
  notebookId?: string
}

/** Runs agents: starts runs, passes on the user's decisions, and reports what happened. */
export interface AgentRuntime {
  readonly model: ModelClient
  readonly tools: ToolRegistry
  readonly workspace: StudyWorkspace
  /** Where this runtime keeps its runs (undefined when it keeps nothing). */
  readonly store: RunStore | undefined
  /** The user's standing decisions; list and revoke them here. */
  readonly policies: PolicyStore
  /** Starts a run; returns its id at once while the model thinks. */
  startRun(options: StartRunOptions): string
  /**
   * Sends the user's next message to a run that is waiting for input. For a run another node
   * owns (a store with a `RunCommandInbox`), checks it against the run as followed here and
   * offers it to the owner through the store; use `command` to learn what came of it.
   */
  sendInput(runId: string, text: string): void
  /** Ends a run: aborts the model or tool, drops any pending confirmation (through the store when another node owns it). */
  cancel(runId: string, reason?: string): void
  /**
   * Carries out a command on a run wherever it lives, and resolves with what came of it; rejects
   * with the refusal's `AgentError` (`not_awaiting_input`, `invalid_input`, `confirmation_not_found`,
   * `invalid_edit`, `run_not_found`). For a run another node owns the command goes through the
   * store; `applied: false` means its owner has not applied it within `timeoutMs` (default 5 s):
   * it stays offered, and the owner, or whoever takes the run over, applies it once. Edits on a
   * shared store are a compare-and-set on the card, like `decide`.
   */
  command(
    runId: string,
    command: RuntimeCommand,
    options?: { timeoutMs?: number },
  ): Promise<CommandResult>
  /**
   * Passes on the user's decision; throws `AgentError('confirmation_not_found')` unless it matches.
   * On a store with a `DecisionInbox` the local checks throw here and the store's compare-and-set
   * follows (a loss to another node is not reported: use `decide` to learn it); runs owned by
   * other nodes need `decide`.
   */
  submitConfirmation(
    runId: string,
    confirmationId: string,
    decision: ConfirmationDecision,
    options?: DecisionOptions,
  ): void
  /**
   * Passes on the user's decision and resolves once it took; rejects with
   * `AgentError('confirmation_not_found')` unless it matches an open card. On a store shared by
   * several nodes (one with a `DecisionInbox`) the decision is a compare-and-set in the store, so
   * of several nodes deciding one card exactly one wins, and a run owned by another node can be
   * decided here (its owner applies it). On other stores it is `submitConfirmation`.
   */
  decide(
    runId: string,
    confirmationId: string,
    decision: ConfirmationDecision,
    options?: DecisionOptions,
  ): Promise<void>
  /**
   * Makes a run known here: this runtime's own, one it can take over, or one another live node
   * owns (then followed through the store, read-only). Rejects with `run_not_found` if none.
   */
  locate(runId: string): Promise<void>
  /** What a page shows of the run now (`run_not_found` if unknown). */
  view(runId: string): RunView
  /** Calls `onChange` whenever the run's view may have changed, across a change of owner; returns the unsubscribe. */
  watch(runId: string, onChange: () => void): () => void
  /** Replaces a pending call's arguments: a new proposal with a new card; returns its id. The old id dies. */
  editConfirmation(runId: string, confirmationId: string, args: string | object): string
  status(runId: string): RunStatus
  /** The confirmation a run waits for, if any. */
  pendingConfirmation(runId: string): PendingConfirmation | undefined
  /** Resolves once the run is in one of the given states; rejects on timeout or if it ends elsewhere. */
  waitFor(
    runId: string,
    status: RunStatus | readonly RunStatus[],
    options?: { timeoutMs?: number },
  ): Promise<RunStatus>
  /** The run's logged events (streamed deltas are delivered live, not kept). */
  events(runId: string): readonly AgentEvent[]
  /** Calls `listener` with each event of the run from now on; returns the unsubscribe function. */
  subscribe(runId: string, listener: (event: AgentEvent) => void): () => void
  /** Calls `listener` with every event of every run from now on. */
  onEvent(listener: (event: AgentEvent) => void): () => void
  actor(runId: string): AgentRunActor
  runIds(): readonly string[]
  /** Drops an ended run from memory (`flush()` still waits for its saving); throws `AgentError('run_active')` while it has not ended. */
  release(runId: string): void
  /**
   * Takes back every unfinished run of the store that no other live runtime owns; returns their
   * ids. Runs owned elsewhere are seen but refused (`run_owned_elsewhere`); call again to take
   * over those whose owner has died. A damaged run is reported to `onPersistError` and left as is.
   */
  restore(): Promise<string[]>
  /** Resolves once everything that happened so far is saved. */
  flush(): Promise<void>
  /** Saves everything, gives up this runtime's runs in the store, and closes it. */
  close(): Promise<void>
}
