import type { RunEffect } from '../machines/agentRunMachine.ts'
import type { AgentRunContext } from '../machines/agentRunTypes.ts'
import type { ModelClient } from '../models/messages.ts'
import type { ToolContext } from '../tools/defineTool.ts'
import type { PreparedTool } from '../tools/PreparedTool.ts'
import { notDescribed, type ToolRegistry } from '../tools/ToolRegistry.ts'
import type { ModelTurn } from '../vocabulary/ChatMessage.ts'
import { type Decision, describeRule } from '../vocabulary/Decision.ts'
import type { Person } from '../vocabulary/Identity.ts'
import type { JournalRecord } from '../vocabulary/JournalRecord.ts'
import { needsConfirmation } from '../vocabulary/PermissionLevel.ts'
import { type ToolResult, toolFailure } from '../vocabulary/ToolResult.ts'
import {
  atomicOutcomesOf,
  commitsWithItsEffect,
  type OutcomeDecision,
} from '../workspace/AtomicOutcomes.ts'
import type { ExpectedVersion, VersionedKind } from '../workspace/recordVersion.ts'
import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import { auditRecordFor } from './auditRecordFor.ts'
import type { HeldDecision } from './decisions.ts'
import { normalizeTurn } from './normalizeTurn.ts'
import type { PolicyStore } from './PolicyStore.ts'
import type { RunSession } from './RunSession.ts'
import type { RunState } from './RunState.ts'
import { DecisionNotSaved, isCardLost, isLeaseLost, isStoreFault, notSaved } from './storeFaults.ts'

/** The edges the effects touch: the model, the tools, the workspace, and the runtime's parts. */
export interface RunEffectDeps {
  model: ModelClient
  tools: ToolRegistry
  /** The workspace of the person whose run it is (one for all runs but in a team's app). */
  workspaceFor: (startedBy: Person | undefined) => Promise<StudyWorkspace>
  /** The record kinds whose writes the workspaces commit with a call's journal outcome. */
  atomicKinds: readonly VersionedKind[]
  clock: () => Date
  generateId: () => string
  /** The name this node holds runs under, when claims are leases (a shared store). */
  owner?: string
  policies: PolicyStore
  /** The one decision path: rules and the clock decide through it like a person. */
  decide(decision: Decision): Promise<unknown>
  /** Runs tasks with the same key one after another (across the runtime's runs). */
  serialize: <T>(key: string, task: () => Promise<T>) => Promise<T>
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
  onError: (error: unknown) => void
  /** The allow a call is to commit with its effect, if one waits for it (see `HeldDecision`). */
  takeHeld?: (runId: string) => HeldDecision | undefined
}

// setTimeout cannot wait longer than this (about 24.8 days); a later deadline is re-armed.
const longestDelay = 2_147_483_647

/**
 * The effects the chart names, as this runtime carries them out. Each runs when its state is
 * entered, with the context of that step (the actor's snapshot is still the one before it), and
 * starts its I/O at once; its answer goes back to the run as an event, which the chart's guards
 * accept or ignore.
 */
export class RunEffects {
  readonly #deps: RunEffectDeps
  readonly #deadlines = new Map<string, unknown>()

  constructor(deps: RunEffectDeps) {
    this.#deps = deps
  }

  /** Carries out `effect` for `session`, whose state was just entered with `context`. */
  run(session: RunSession, effect: RunEffect, context: AgentRunContext): void {
    if (effect === 'callModel') this.#callModel(session, context)
    else if (effect === 'describeCall') this.#describeCall(session, context)
    else if (effect === 'offerCard') this.#offerCard(session, context)
    else this.#executeCall(session, context)
  }

  /**
   * A step of `session` ended in `state`: once it shows no card, its deadline is not needed (a new
   * card, after an edit, arms its own; one that fires late is refused by the chart all the same).
   */
  settled(session: RunSession, state: RunState): void {
    if (!state.hasTag('showsCard')) this.forget(session.runId)
  }

  /** Stops a run's deadline (the runtime dropped the run). */
  forget(runId: string): void {
    const handle = this.#deadlines.get(runId)
    if (handle !== undefined) this.#deps.clearTimeout(handle)
    this.#deadlines.delete(runId)
  }

  /** Stops every deadline (the runtime closes). */
  close(): void {
    for (const handle of this.#deadlines.values()) this.#deps.clearTimeout(handle)
    this.#deadlines.clear()
  }

  #callModel(session: RunSession, context: AgentRunContext): void {
    // `thinking` is entered with a queued call only when the run opens with a person's own call
    // (`AgentRunInput.opening`): that call is the turn, and no model is asked for it. Answered a
    // step later, as a model would, so the chart has settled in `thinking` first.
    if (context.queue.length > 0) {
      const turn = { toolCalls: [...context.queue] }
      void Promise.resolve().then(() => {
        if (!session.ended()) session.send({ type: 'MODEL_DONE', turn })
      })
      return
    }
    const { model, tools, clock, generateId } = this.#deps
    const { runId } = session
    const request = {
      runId,
      messages: context.messages,
      tools: tools.definitions(),
      // Made only if the client looks at it (see `RunSession.signal`); an own getter, so a client
      // that spreads the request (`{ ...request, timeoutMs }`) still passes the signal on.
      get signal() {
        return session.signal()
      },
      onTextDelta: (text: string) => {
        if (session.ended()) return
        // Live only: numbered after the last logged event, never stored.
        const seq = session.state().context.lastSeq
        session.deliver({ runId, seq, at: clock().toISOString(), kind: 'assistantDelta', text })
      },
    }
    let answer: Promise<ModelTurn>
    try {
      answer = Promise.resolve(model.complete(request)).then((raw: unknown) =>
        normalizeTurn(raw, generateId, {
          maxCallsPerTurn: tools.limits.maxCallsPerTurn,
          maxArgumentDepth: tools.limits.maxArgumentDepth,
        }),
      )
    } catch (error) {
      answer = Promise.reject(error)
    }
    answer.then(
      // A run cancelled meanwhile has ended: its answer is not sent.
      (turn) => {
        if (!session.ended()) session.send({ type: 'MODEL_DONE', turn })
      },
      (error: unknown) => {
        if (!session.ended()) session.send({ type: 'MODEL_FAILED', error })
      },
    )
  }

  /**
   * Reads what the current call will change, for its card, through a read-only view of the
   * workspace (the registry's `describe` never throws: a failed read is a description that says so).
   */
  #describeCall(session: RunSession, context: AgentRunContext): void {
    const { current } = context
    const prepared = current?.prepared
    if (current === undefined || prepared === undefined) return
    const callId = current.call.id
    const { tools, workspaceFor, onError } = this.#deps
    // Read in the workspace of the person whose run it is: the one the call will write to. One
    // that cannot be opened is a card that says so, never a run left describing.
    workspaceFor(context.startedBy)
      .then(
        (workspace) => tools.describe(prepared, workspace),
        (error: unknown) =>
          notDescribed(prepared.preview, `the workspace could not be opened: ${String(error)}`),
      )
      .then((description) => {
        // A run cancelled meanwhile has ended: its answer is not sent.
        if (!session.ended()) session.send({ type: 'DESCRIBED', callId, description })
      }, onError)
  }

  /**
   * The card is shown: a standing rule may answer it at once (through the decision path, as a
   * person would), and a card with a deadline is expired by the clock at that deadline (after a
   * restore, the saved one: never a fresh timeout).
   */
  #offerCard(session: RunSession, context: AgentRunContext): void {
    const { pending, current } = context
    const tool = current?.prepared?.name
    if (pending === undefined || tool === undefined) return
    const { policies, decide, onError } = this.#deps
    const decision = (fields: Pick<Decision, 'decision' | 'by'>): Decision => ({
      runId: session.runId,
      confirmationId: pending.confirmationId,
      digest: pending.digest,
      ...fields,
    })
    const rule = policies.decide(tool, session.runId)
    if (rule !== undefined) {
      const by = { kind: 'rule' as const, rule: `${describeRule(rule)} (rule ${rule.id})` }
      // Once the step is over: every listener has seen the card before the rule answers it.
      queueMicrotask(() => decide(decision({ decision: rule.effect, by })).catch(onError))
      return
    }
    if (pending.expiresAt !== undefined) {
      const expire = () => {
        this.#deadlines.delete(session.runId)
        const wait = Date.parse(pending.expiresAt as string) - this.#deps.clock().getTime()
        // A deadline past setTimeout's reach is armed again when it comes closer.
        if (wait > 0) arm(wait)
        else decide(decision({ decision: 'deny', by: { kind: 'timeout' } })).catch(() => undefined)
      }
      const arm = (wait: number) => {
        this.forget(session.runId)
        this.#deadlines.set(
          session.runId,
          this.#deps.setTimeout(expire, Math.min(wait, longestDelay)),
        )
      }
      arm(Math.max(0, Date.parse(pending.expiresAt) - this.#deps.clock().getTime()))
    }
  }

  /**
   * Runs the current call. Calls that need a card run one at a time per tool, and write their
   * intent only when their turn comes: a call still waiting when the app stops never began, and
   * is reported `not_started` after a restart rather than `interrupted`.
   */
  #executeCall(session: RunSession, context: AgentRunContext): void {
    const { current, notebookId, startedBy } = context
    const prepared = current?.prepared
    if (current === undefined || prepared === undefined) return
    const callId = current.call.id
    const { persister } = session
    const atomic = savedWithItsEffect(prepared, this.#deps.atomicKinds)
    // Taken now, in the step that entered `executing`: the decision's commit is the call's
    // (PostgreSQL: an allow held by the decision path, see `HeldDecision`).
    const held = this.#deps.takeHeld?.(session.runId)
    const carried = { decision: held?.decision, sent: false }
    // The run's saves so far (its card among them): a call whose effect commits with its
    // decision waits for them (the card's compare-and-set finds the card only once its save has
    // landed), and the run's next saves (and an Allow's answer) wait for it.
    const earlier = atomic ? persister?.settled() : undefined
    // What the run's next saves wait for: the call's commit, or, should its workspace not commit
    // effects with decisions after all (a person's folder in a team's app), nothing (its intent
    // is then a save of its own, which must not wait for the call).
    let release = () => {}
    const committed = atomic ? new Promise<void>((resolve) => (release = resolve)) : undefined
    const run = () =>
      this.#execute({
        session,
        prepared,
        ...(held !== undefined && { held: carried }),
        ...(earlier !== undefined && { earlier, release }),
        ...(notebookId !== undefined && { notebookId }),
        ...(startedBy !== undefined && { startedBy }),
        ...(current.confirmationId !== undefined && { confirmationId: current.confirmationId }),
        // The call writes only if its target is still the version its card showed.
        ...(current.description?.target !== undefined && {
          expectedVersion: current.description.target.version,
        }),
        // A run kept nowhere (no store) has no journal: nothing to write before or after.
        ...(persister !== undefined && {
          writeIntent: (record: JournalRecord) => persister.intent(record),
          keepOutcome: (record: JournalRecord) => persister.outcome(record),
        }),
      })
    const queued = waitsItsTurn(prepared, this.#deps.atomicKinds)
      ? this.#deps.serialize(prepared.name, run)
      : run()
    // The run's own save of `executing` (the decision) lands before the call waits its turn; a
    // call whose effect commits with its decision has none (see `savedWithItsEffect`).
    if (!atomic) void persister?.flush()
    else if (committed !== undefined) {
      persister?.track(committed)
      queued.then(release, release)
    }
    // A run cancelled meanwhile has ended: its answer is not sent.
    queued.then(
      (result) => {
        held?.settle(carried.sent ? 'taken' : 'not_run')
        if (!session.ended()) session.send({ type: 'TOOL_DONE', callId, result })
      },
      (error: unknown) => {
        // Its card went to another decision first: nothing was written, and the run is restored
        // from the store (see `RunDecisions`), not told of a failure that never happened.
        if (held !== undefined && isCardLost(error)) return held.settle('lost')
        // Its lease passed to another node (this one was paused): nothing was written, the
        // decision included; where it went is the store's to say (see `RunDecisions`).
        if (held !== undefined && isLeaseLost(error)) return held.settle('moved')
        // Its decision could not be saved: the call never ran, and its card waits again.
        if (error instanceof DecisionNotSaved) {
          // A held allow's decider hears the refusal the session keeps (see `RunDecisions`).
          held?.settle('not_run')
          if (!session.ended()) session.send({ type: 'NOT_SAVED', callId, error: error.cause })
          return
        }
        held?.settle(carried.sent ? 'taken' : 'not_run')
        if (!session.ended()) session.send({ type: 'TOOL_FAILED', callId, error })
      },
    )
  }

  /**
   * Executes a confirmed (or read) call. A non-read call's intent is durable before its effect,
   * so a crash in between is reported `interrupted`, never silently run twice.
   */
  async #execute(options: ExecuteOptions): Promise<ToolResult> {
    const { prepared, session } = options
    const deps = this.#deps
    // Cancelled while it waited its turn: it never begins.
    if (session.ended()) return toolFailure('cancelled', 'the run was cancelled')
    const journaled = needsConfirmation(prepared.permission)
    const base = { callId: prepared.callId, digest: prepared.digest }
    const intent: JournalRecord | undefined =
      journaled && options.writeIntent !== undefined
        ? {
            type: 'intent',
            ...base,
            ...(options.confirmationId !== undefined && { confirmationId: options.confirmationId }),
            at: deps.clock().toISOString(),
          }
        : undefined
    // The workspace of the person whose run it is; nobody else's is reachable from here.
    const workspace = await deps.workspaceFor(options.startedBy)
    const outcomes = atomicOutcomesOf(workspace)
    // An effect that commits with its outcome needs no intent on disk before it: the intent goes
    // in the same transaction (one waiting commit fewer). Crashed before that commit, the call
    // left nothing, and the run, restored at its decided card, runs it once; crashed after, the
    // journal's outcome answers it (see `recoveryFor`). Any other effect waits for its intent.
    const atomic = journaled && commitsWithItsEffect(prepared, outcomes?.atomicKinds ?? [])
    if (!atomic) options.release?.()
    if (intent !== undefined && !atomic) {
      try {
        await options.writeIntent?.(intent)
      } catch (error) {
        // The store's file refused it (with the decision saved before it): the card waits again.
        if (isStoreFault(error)) throw notSaved(session, options.confirmationId, error)
        // Without a durable intent a crash could run this twice; better not to run it at all.
        return toolFailure('not_executed', `could not record the call durably: ${String(error)}`)
      }
    }
    // Scope is read at execution time, so a notebook's current source list always applies.
    const notebook =
      options.notebookId === undefined ? undefined : await workspace.notebook(options.notebookId)
    const now = deps.clock()
    const sourcePaths = notebook?.sources ?? []
    const contextOver = (workspace: StudyWorkspace): ToolContext => ({
      workspace,
      now,
      sourcePaths,
      // Made only if the tool looks at it (see `RunSession.signal`), and kept by a spread.
      get signal() {
        return session.signal()
      },
      generateId: deps.generateId,
      ...(options.expectedVersion !== undefined && { expectedVersion: options.expectedVersion }),
    })
    const outcomeOf = (result: ToolResult): JournalRecord => ({
      type: 'outcome',
      ...base,
      result,
      at: deps.clock().toISOString(),
    })
    if (atomic && outcomes !== undefined) {
      // The effect and its outcome commit together: an intent without an outcome then proves the
      // effect never happened, so a restart may run it again (see `recoveryFor`). After the
      // run's earlier saves (its card is in the store before the card's decision).
      await options.earlier
      // The folder's database also keeps the run's cards and audit log: the card's decision, as
      // the run logged it, and the audit line go in the same transaction.
      const whole = outcomes.decidesAndAudits === true && session.persister !== undefined
      // The allow this commit decides: PostgreSQL's held one, or the folder's logged one.
      const decision =
        options.held?.decision ?? (whole ? decidedCard(session, prepared.callId) : undefined)
      if (options.held !== undefined) options.held.sent = options.held.decision !== undefined
      let result: ToolResult
      try {
        result = await outcomes.withOutcome(
          session.runId,
          (workspace) => deps.tools.execute(prepared, contextOver(workspace)),
          outcomeOf,
          {
            ...(deps.owner !== undefined && { owner: deps.owner }),
            ...(intent !== undefined && { intent }),
            ...(decision !== undefined && { decision }),
            ...(whole && {
              audit: (value: unknown) =>
                auditOf(session, prepared, value as ToolResult, deps.clock()),
            }),
          },
        )
      } catch (error) {
        // The store's file refused the commit (another program's lock, a full disk): nothing
        // was written, the decision with the rest, so the card waits again, undecided. (A held
        // decision's fate is its own: see `HeldDecision`.)
        if (!isStoreFault(error) || options.held !== undefined) throw error
        throw notSaved(session, options.confirmationId, error)
      }
      // Its audit line is in the store already: the run's next save does not write it again.
      if (whole) session.persister?.audited(prepared.callId)
      return result
    }
    const result = await deps.tools.execute(prepared, contextOver(workspace))
    if (journaled) options.keepOutcome?.(outcomeOf(result))
    return result
  }
}

/** The card the call was allowed on, as the run logged its decision (none: a read call). */
function decidedCard(session: RunSession, callId: string): OutcomeDecision | undefined {
  const resolved = session.log.findLast(
    (e) => e.kind === 'confirmationResolved' && e.toolCallId === callId,
  )
  if (resolved?.confirmationId === undefined || resolved.decision !== 'allow') return undefined
  const required = session.log.findLast(
    (e) => e.kind === 'confirmationRequired' && e.confirmationId === resolved.confirmationId,
  )
  return {
    confirmationId: resolved.confirmationId,
    digest: required?.digest ?? '',
    decidedBy: resolved.decidedBy ?? 'user',
    ...(resolved.rule !== undefined && { rule: resolved.rule }),
  }
}

/**
 * The call's audit line for `result`, as the run's report of it will read (the same
 * `auditRecordFor`), written in the effect's transaction.
 */
function auditOf(
  session: RunSession,
  prepared: PreparedTool,
  result: ToolResult,
  at: Date,
): readonly object[] {
  const report = {
    runId: session.runId,
    seq: Number.MAX_SAFE_INTEGER,
    at: at.toISOString(),
    kind: result.ok ? ('toolCompleted' as const) : ('toolFailed' as const),
    toolCallId: prepared.callId,
    toolName: prepared.name,
    permission: prepared.permission,
    ...(!result.ok && { error: result.error }),
  }
  const record = auditRecordFor(report, session.log)
  return record === undefined ? [] : [record]
}

/** What executing a call needs besides the tool: where its intent and outcome are recorded. */
interface ExecuteOptions {
  session: RunSession
  prepared: PreparedTool
  /** The run's saves before the call (its effect commits after them). */
  earlier?: Promise<void>
  /** Lets the run's next saves go (the call committed, or has no commit of its own to wait for). */
  release?: () => void
  notebookId?: string
  startedBy?: Person
  confirmationId?: string
  /** The version of the target the card showed (`null`: shown as not existing), if it showed one. */
  expectedVersion?: ExpectedVersion
  /** Records the intent durably before the effect; a failure here means the call never runs. */
  writeIntent?: (record: JournalRecord) => Promise<void>
  /** Receives the outcome, to be saved with the run's next save. */
  keepOutcome?: (record: JournalRecord) => void
  /** The allow this call commits with its effect; `sent` once it went with it. */
  held?: { decision: OutcomeDecision | undefined; sent: boolean }
}

/**
 * Whether a call waits its turn behind other calls of its tool. Confirmed calls do, so a call
 * still queued at a crash has no intent and is reported `not_started`. A StudyPulse tool on a
 * workspace that commits effects with their outcomes (`atomicOutcomes`) need not: an intent
 * without an outcome already proves nothing happened, and the database orders the writes.
 */
export function waitsItsTurn(
  prepared: PreparedTool,
  atomicKinds: readonly VersionedKind[],
): boolean {
  if (!needsConfirmation(prepared.permission)) return false
  return !commitsWithItsEffect(prepared, atomicKinds)
}

/**
 * Whether a run about to execute `prepared` skips its save in `executing`: a confirmed StudyPulse
 * write on a workspace that commits its effect, intent and outcome in one transaction. A restore
 * then finds the run at its card, decided (durably, before this), and runs the call once, or finds
 * its outcome in the journal and reports it (`recoveryFor`): the save would add a waiting commit
 * and tell a restore nothing more.
 */
export function savedWithItsEffect(
  prepared: PreparedTool | undefined,
  atomicKinds: readonly VersionedKind[],
): boolean {
  if (prepared === undefined || !needsConfirmation(prepared.permission)) return false
  return commitsWithItsEffect(prepared, atomicKinds)
}
