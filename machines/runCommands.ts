import {
  hasRunCommandInbox,
  type RunCommand,
  type RunCommandInbox,
  type RunCommandOfferResult,
  type RunCommandOutcome,
  type RunCommandRefusal,
} from '../store/RunCommandInbox.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import type { AgentRuntime, CommandResult, RuntimeCommand } from './AgentRuntime.ts'
import type { ForeignRun } from './foreignRuns.ts'
import type { RunPersister } from './persistRun.ts'
import { edit } from './runDecisions.ts'

/** What `RunCommands` needs from its runtime. */
export interface RunCommandsDeps {
  inbox: RunCommandInbox
  tools: ToolRegistry
  /** The run's live session on this node, if it owns the run. */
  sessionOf: (runId: string) => { actor: AgentRunActor; persister?: RunPersister } | undefined
  /** The run as followed here, if another node owns it. */
  followed: (runId: string) => ForeignRun | undefined
  onError: (error: unknown) => void
}

/** The commands side of a runtime over `store`, when the store carries commands between nodes. */
export function commandsOver(
  store: RunStore | undefined,
  deps: Omit<RunCommandsDeps, 'inbox'>,
): RunCommands | undefined {
  return store !== undefined && hasRunCommandInbox(store)
    ? new RunCommands({ ...deps, inbox: store })
    : undefined
}

// Throws the `AgentError` a refused outcome stands for.
function throwRefusal(code: RunCommandRefusal | 'run_not_found', message: string): never {
  throw new AgentError(code, message)
}

/**
 * The checks a command to a run owned elsewhere passes on this node, against the run as followed
 * (throws `AgentError`); the owner checks again when it applies it. False: nothing to do (a
 * cancel of an ended run).
 */
export function checkForeignCommand(
  seen: ForeignRun | undefined,
  runId: string,
  command: RunCommand,
): boolean {
  const status = seen?.status
  const ended = status === 'failed' || status === 'cancelled'
  if (command.kind === 'cancel') return !ended
  if (command.kind === 'input') {
    if (typeof command.text !== 'string' || command.text.trim() === '') {
      throw new AgentError('invalid_input', 'input must be a non-empty string')
    }
    if (status !== 'awaitingInput') {
      throw new AgentError('not_awaiting_input', `run ${runId} is ${status}, not awaiting input`)
    }
  }
  // An edit's card is checked by the store's compare-and-set: the view here may lag behind it.
  return true
}

/**
 * Applies one command to a live run, as the owner; a refusal is an outcome, never a throw.
 * Undefined for an actor the runtime stopped (dropped, closing): the run goes on elsewhere.
 */
export function applyCommand(
  actor: AgentRunActor,
  command: RunCommand | undefined,
  tools: ToolRegistry,
): RunCommandOutcome | undefined {
  const refused = (code: RunCommandRefusal, message: string) =>
    ({ ok: false, code, message }) as const
  if (command === undefined) return refused('invalid_input', 'the stored command cannot be read')
  const snapshot = actor.getSnapshot()
  if (snapshot.status === 'stopped') return undefined
  if (snapshot.status !== 'active') {
    return command.kind === 'cancel'
      ? { ok: true }
      : refused('run_ended', `run ${actor.id} has ended`)
  }
  if (command.kind === 'cancel') {
    actor.send({ type: 'CANCEL', ...(command.reason !== undefined && { reason: command.reason }) })
    return { ok: true }
  }
  if (command.kind === 'input') {
    if (command.text.trim() === '') return refused('invalid_input', 'input must be non-empty')
    if (snapshot.value !== 'awaitingInput') {
      return refused(
        'not_awaiting_input',
        `run ${actor.id} is ${String(snapshot.value)}, not awaiting input`,
      )
    }
    actor.send({ type: 'USER_INPUT', text: command.text })
    return { ok: true }
  }
  try {
    const { confirmationId, args } = command
    return { ok: true, confirmationId: edit(actor, actor.id, confirmationId, args, tools) }
  } catch (error) {
    if (!(error instanceof AgentError)) return refused('invalid_edit', String(error))
    const code = error.code === 'invalid_edit' ? 'invalid_edit' : 'confirmation_not_found'
    return refused(code, error.message)
  }
}

/** A runtime command as the store keeps it (an edit's arguments as JSON text). */
export function storedCommand(command: RuntimeCommand): RunCommand {
  if (command.kind !== 'edit') return command
  const { confirmationId, args } = command
  return {
    kind: 'edit',
    confirmationId,
    args: typeof args === 'string' ? args : JSON.stringify(args),
  }
}

/** Carries out a command on a run this node owns, through the runtime's direct methods. */
export function commandHere(
  runtime: Pick<AgentRuntime, 'sendInput' | 'cancel' | 'editConfirmation'>,
  runId: string,
  command: RuntimeCommand,
): CommandResult {
  if (command.kind === 'input') runtime.sendInput(runId, command.text)
  else if (command.kind === 'cancel') runtime.cancel(runId, command.reason)
  else {
    const { confirmationId, args } = command
    return { applied: true, confirmationId: runtime.editConfirmation(runId, confirmationId, args) }
  }
  return { applied: true }
}

/**
 * A runtime's side of a store that carries commands between nodes: offers commands to runs
 * owned elsewhere and waits for what came of them, and, as an owner, applies the commands
 * offered to its runs, in order, each once: a pass skips what it applied before and its commit
 * has not recorded yet, and what a lost commit did not record is applied again by the next owner.
 */
export class RunCommands {
  readonly #deps: RunCommandsDeps
  readonly #passes = new Map<string, Promise<Map<string, RunCommandOutcome>>>()
  readonly #offers = new Map<string, Promise<unknown>>()
  // Per actor, not per run: a run restored again (after its lease was lost) starts from its save.
  readonly #appliedBy = new WeakMap<AgentRunActor, Map<string, RunCommandOutcome>>()
  readonly #stop: () => void

  constructor(deps: RunCommandsDeps) {
    this.#deps = deps
    this.#stop = deps.inbox.onCommand((runId) => void this.apply(runId))
  }

  /**
   * Applies the run's waiting commands if it runs here, after any pass under way; resolves with
   * the outcomes of the commands still waiting to be recorded, by id.
   */
  apply(runId: string): Promise<Map<string, RunCommandOutcome>> {
    const before = this.#passes.get(runId) ?? Promise.resolve(new Map())
    const pass = before
      .catch(() => undefined)
      .then(() => this.#pass(runId))
      .catch((error: unknown) => {
        this.#deps.onError(error)
        return new Map<string, RunCommandOutcome>()
      })
      .finally(() => {
        if (this.#passes.get(runId) === pass) this.#passes.delete(runId)
      })
    this.#passes.set(runId, pass)
    return pass
  }

  /**
   * Offers a command through the store and waits up to `timeoutMs` for its outcome: applied,
   * refused (rejects with the refusal's `AgentError`), or not yet (`applied: false`; the run's
   * owner, or whoever takes the run over, applies it later). When the run runs here, applies it now.
   */
  async send(runId: string, command: RunCommand, timeoutMs: number): Promise<CommandResult> {
    // The store opens a card when its commit lands; a card shown here may still be on its way.
    await this.#deps.sessionOf(runId)?.persister?.flush()
    const offered = await this.#offer(runId, command)
    if (!offered.ok) {
      if (command.kind === 'cancel' && offered.code === 'run_ended') return { applied: true }
      throwRefusal(offered.code, offered.message)
    }
    const here = this.#deps.sessionOf(runId) === undefined ? undefined : await this.apply(runId)
    const outcome =
      here?.get(offered.id) ?? (await this.#deps.inbox.commandOutcome(offered.id, timeoutMs))
    if (outcome === undefined) return { applied: false }
    if (!outcome.ok) {
      if (command.kind === 'cancel' && outcome.code === 'run_ended') return { applied: true }
      throwRefusal(outcome.code, outcome.message)
    }
    return {
      applied: true,
      ...(outcome.confirmationId !== undefined && { confirmationId: outcome.confirmationId }),
    }
  }

  /**
   * When another node owns the run, checks the command against the run as followed here (which
   * throws) and offers it without waiting; false when the run is not followed here. A refusal
   * by the store or the owner is not reported: use `command` to learn it.
   */
  offerFollowed(runId: string, command: RunCommand): boolean {
    const seen = typeof runId === 'string' ? this.#deps.followed(runId) : undefined
    if (seen === undefined) return false
    if (checkForeignCommand(seen, runId, command)) {
      void this.#offer(runId, command).catch(this.#deps.onError)
    }
    return true
  }

  /**
   * `AgentRuntime.command` for a located run: input and cancel on a run that runs here go the
   * direct way (`here`); an edit here still goes through the store, as a compare-and-set against
   * other nodes' decisions; anything for a run owned elsewhere is checked, then offered.
   */
  command(
    runId: string,
    command: RuntimeCommand,
    timeoutMs: number,
    here: () => CommandResult,
  ): Promise<CommandResult> {
    const local = this.#deps.sessionOf(runId) !== undefined
    if (local && command.kind !== 'edit') return Promise.resolve(here())
    const stored = storedCommand(command)
    if (!local && !checkForeignCommand(this.#deps.followed(runId), runId, stored)) {
      return Promise.resolve({ applied: true })
    }
    return this.send(runId, stored, timeoutMs)
  }

  close(): void {
    this.#stop()
  }

  // One offer at a time per run from this node, so two quick messages keep their order.
  #offer(runId: string, command: RunCommand): Promise<RunCommandOfferResult> {
    const before = this.#offers.get(runId) ?? Promise.resolve()
    const offered = before.then(() => this.#deps.inbox.offerCommand(runId, command))
    const settled: Promise<unknown> = offered
      .catch(() => undefined)
      .finally(() => {
        if (this.#offers.get(runId) === settled) this.#offers.delete(runId)
      })
    this.#offers.set(runId, settled)
    return offered
  }

  async #pass(runId: string): Promise<Map<string, RunCommandOutcome>> {
    const outcomes = new Map<string, RunCommandOutcome>()
    if (this.#deps.sessionOf(runId) === undefined) return outcomes
    const waiting = await this.#deps.inbox.pendingCommands(runId)
    // Read again after the await: the run may have been dropped or restored meanwhile.
    const session = this.#deps.sessionOf(runId)
    if (session === undefined) return outcomes
    const { actor, persister } = session
    let applied = this.#appliedBy.get(actor)
    if (applied === undefined) {
      applied = new Map()
      this.#appliedBy.set(actor, applied)
    }
    // Ids the store no longer lists are recorded; only those still listed need remembering.
    const listed = new Set(waiting.map((stored) => stored.id))
    for (const id of applied.keys()) if (!listed.has(id)) applied.delete(id)
    for (const { id, command } of waiting) {
      let outcome = applied.get(id)
      if (outcome === undefined) {
        outcome = applyCommand(actor, command, this.#deps.tools)
        if (outcome === undefined) break
        applied.set(id, outcome)
        // At once, so the record joins the commit of the state the command led to.
        persister?.applied({ id, outcome })
      }
      outcomes.set(id, outcome)
    }
    return outcomes
  }
}
