import type { InspectionEvent, Observer } from 'xstate'
import type { PendingConfirmation } from '../machines/agentRunTypes.ts'
import type { ModelClient } from '../models/messages.ts'
import type { RunListPage, RunListQuery } from '../store/RunListing.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ApprovalRules } from '../vocabulary/ApprovalRules.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { ConfirmationDecision, RuleScope } from '../vocabulary/Decision.ts'
import type { DecisionRequest, DecisionResult } from '../vocabulary/DecisionRequest.ts'
import type { Identity, Person } from '../vocabulary/Identity.ts'
import type { RunStatus } from '../vocabulary/RunStatus.ts'
import type { SignedAnswer } from '../vocabulary/SignedDecision.ts'
import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import type { PolicyStore } from './PolicyStore.ts'
import type { SignedApprovals } from './SignedApprovals.ts'

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
  /** Timers for the runtime's periodic and deadline work (tests pass fake ones); the global ones by default. */
  timers?: RuntimeTimers
  /**
   * The host's rules for who may decide which cards (a team's: see `ApprovalRules`), applied by
   * the chart's guard to every decision; none: whoever decides, decides (the single-user app).
   * Set by the host, like the clock: never by the model, an MCP server or a request.
   */
  approvalRules?: ApprovalRules
  /**
   * The host's checker of signed decisions (passkeys), for cards whose approval rule requires a
   * signed approval; without one, such cards cannot be decided by a person (only expire).
   */
  signedApprovals?: SignedApprovals
  /**
   * The study workspace of the person whose run it is (a person's own, or a team's); default
   * `workspace` for every run. Tools of a run read and write only there.
   */
  workspaceFor?: (startedBy: Person | undefined) => Promise<StudyWorkspace>
}

/** The timers a runtime uses for its periodic work and card deadlines. */
export interface RuntimeTimers {
  setInterval: (callback: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
  setTimeout?: (callback: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
}

/** What a page shows of a run, whichever node owns it: one object, the runtime's one reader. */
export interface RunView {
  runId: string
  /** The run's state name. */
  value: RunStatus
  /** `active` until the run reaches a final state. */
  status: 'active' | 'done' | 'error' | 'stopped'
  /** The card the run waits on, if it waits on one. */
  pending: PendingConfirmation | undefined
  messages: readonly ChatMessage[]
  /** The run's log so far, in `seq` order (streamed deltas are delivered live, never kept). */
  events: readonly AgentEvent[]
  /** The signed-in person whose run it is (absent in the single-user mode). */
  startedBy?: Person
}

/** Who is deciding or commanding, as the host's authentication says (never a request body or the model). */
export type { Identity } from '../vocabulary/Identity.ts'

/** What a person tells a run: their next message, a cancel, an undo, a decision on the card, an edit of it. */
export type RuntimeCommand =
  | { kind: 'input'; text: string }
  | { kind: 'cancel'; reason?: string }
  /**
   * Take back executed workspace change `changeId` (the `changeId` of its result): an `undo_change`
   * card is proposed in the run, decided like any card; only a run waiting for input takes it.
   */
  | { kind: 'undo'; changeId: string; by?: Identity }
  /**
   * A change asked from the app's own buttons (a task's Edit, Move or Delete; a note's Edit or
   * Delete): `tool` (one of `personProposalTools`) with `args` is proposed in the run as a card,
   * after the person's `words`, decided like any card; only a run waiting for input takes it.
   */
  | { kind: 'propose'; tool: string; args: string | object; words: string; by?: Identity }
  | {
      kind: 'decide'
      confirmationId: string
      decision: ConfirmationDecision
      /** The digest shown on the card; left out, the card's own (its id is single-use all the same). */
      digest?: string
      /** Keep the decision as a rule (allow: run or session, write tools only; deny: any scope). */
      remember?: RuleScope
      by?: Identity
      /** The person's passkey signature over this decision (a card whose rule requires one). */
      signature?: SignedAnswer
    }
  | { kind: 'edit'; confirmationId: string; args: string | object; by?: Identity }

/**
 * What came of a command: applied (an edit names its new card), or still waiting for the run's
 * owner on another node (it stays offered and is applied once, by the owner or its successor).
 */
export type CommandResult = { applied: true; confirmationId?: string } | { applied: false }

/** What a decision may carry besides allow or deny (see `AgentRuntime.submitConfirmation`). */
export interface DecisionOptions {
  /** The digest shown on the card; a different one means the call changed and is refused. */
  digest?: string
  /** Keep this decision as a rule: allow for this `run` or `session` (write tools only), or deny `always`. */
  remember?: RuleScope
  /** Who decides, as the host's authentication says. */
  by?: Identity
}

/** What starting a run takes. */
export interface StartRunOptions {
  input: string
  notebookId?: string
  /**
   * Who starts the run, as the host's authentication says: a signed-in person's run is theirs
   * (`RunView.startedBy`), and their `id` is the run list's `owner`.
   */
  by?: Identity
  /**
   * The run's id, when the caller names it (a chat page's conversation id: one conversation, one
   * run); default a fresh one from `generateId`. Refused (`run_active`) when a run here has it:
   * ask the store first with `open`, which rejects `run_not_found` for a new one.
   */
  runId?: string
  /**
   * A change the person asked for from the app's own buttons with no run open yet (a task's
   * Edit, Move or Delete; a note's Edit or Delete): the run opens with this call, after their
   * words (`input`), as its card, instead of a model turn. `tool` is one of `personProposalTools`.
   */
  propose?: { tool: string; args: string | object }
}

/**
 * Runs agents. One writer (`command`, with three documented shorthands), one reader (`view`),
 * one listener (`subscribe`), and the run's life: start, open, restore, release, flush, close.
 */
export interface AgentRuntime {
  readonly model: ModelClient
  readonly tools: ToolRegistry
  readonly workspace: StudyWorkspace
  /** Where this runtime keeps its runs (undefined when it keeps nothing). */
  readonly store: RunStore | undefined
  /** The user's standing decisions; list and revoke them here. */
  readonly policies: PolicyStore
  /** The host's rules for who may decide which cards (`approvalRules` of the options). */
  readonly approvalRules: ApprovalRules | undefined
  /** Starts a run; returns its id at once while the model thinks. */
  startRun(options: StartRunOptions): string
  /**
   * Carries out a command on a run wherever it lives and resolves with what came of it; rejects
   * with the refusal's `AgentError` (`confirmation_not_found`, `not_awaiting_input`,
   * `invalid_input`, `invalid_edit`, `invalid_decision`, `policy_not_allowed`, `run_not_found`).
   * A decision or an edit is a compare-and-set on the card: of several at once, one wins, and a
   * decision resolves only once it is the one that took. Commands to a run this runtime holds
   * take effect before the promise is returned.
   */
  command(
    runId: string,
    command: RuntimeCommand,
    options?: { timeoutMs?: number },
  ): Promise<CommandResult>
  /**
   * The one decision intake every face calls: decides one or more cards as one request, checked
   * as a whole (answers twice to one card, unknown ids, another asker's card, an approver the
   * rules do not name, changed input, an expired card), then applied all or none. Resolves with
   * what happened to each answer (`taken`, `lost`, `refused`, `waiting`); an expected failure is
   * an answer, never a rejection.
   */
  decide(request: DecisionRequest): Promise<DecisionResult>
  /** `command(runId, { kind: 'decide', … })`: allow or deny the card `confirmationId`. */
  submitConfirmation(
    runId: string,
    confirmationId: string,
    decision: ConfirmationDecision,
    options?: DecisionOptions,
  ): Promise<void>
  /** `command(runId, { kind: 'input', text })`: the user's next message to a run waiting for input. */
  sendInput(runId: string, text: string): Promise<void>
  /** `command(runId, { kind: 'cancel' })`: ends a run, aborts its model or tool, drops its card. */
  cancel(runId: string, reason?: string): Promise<void>
  /** What a page shows of the run now (`run_not_found` if it is not known here: see `open`). */
  view(runId: string): RunView
  /**
   * Calls `listener` with each event of one run (or, without a run id, of every run) as it is
   * logged or streamed, and with no event when only its view changed (a run another node owns);
   * a listener of one run keeps hearing it when it changes owner. Returns the unsubscribe.
   */
  subscribe(runId: string, listener: (event?: AgentEvent) => void): () => void
  subscribe(listener: (event: AgentEvent) => void): () => void
  /**
   * Makes a run known here: this runtime's own, one it can take over, or one another live node
   * owns (then followed through the store, read-only). Rejects with `run_not_found` if none.
   */
  open(runId: string): Promise<void>
  /** The runs this runtime holds now (not those it only follows); `listRuns` lists the store's. */
  runIds(): readonly string[]
  /**
   * One page of the store's runs, newest first: each run's first message, when it started, who
   * started it and its status (live for runs this runtime holds or follows), bounded reads however
   * many runs there are. Without a store, the runs held here. Rejects with `AgentError`
   * `invalid_cursor` for a cursor no list handed out.
   */
  listRuns(query?: RunListQuery): Promise<RunListPage>
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
