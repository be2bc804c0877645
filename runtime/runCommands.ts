import { undoProposal } from '../machines/proposeCall.ts'
import type { RunCluster } from '../store/RunCluster.ts'
import type {
  RunCommand,
  RunCommandOfferResult,
  RunCommandOutcome,
  RunCommandRefusal,
} from '../store/RunCommand.ts'
import { isPersonProposalTool } from '../vocabulary/personProposal.ts'
import { isEnded } from '../vocabulary/RunStatus.ts'
import { AgentError, type AgentErrorCode } from './AgentError.ts'
import type { CommandResult } from './AgentRuntime.ts'
import type { CardEdits, EditProposal } from './cardEdits.ts'
import type { ForeignRun } from './foreignRuns.ts'
import type { RunSession } from './RunSession.ts'

/** What `RunCommands` needs from its runtime. */
export interface RunCommandsDeps {
  cluster: RunCluster
  edits: CardEdits
  /** The run's session, if this runtime holds it. */
  sessionOf: (runId: string) => RunSession | undefined
  /** The run as followed here, if another node owns it. */
  followed: (runId: string) => ForeignRun | undefined
  onError: (error: unknown) => void
}

/**
 * The checks a command passes before it is carried out or offered (throws `AgentError`): against
 * the run as held here, or as followed here when another node owns it (the owner checks again).
 * False: nothing to do (a cancel of an ended run).
 */
export function checkCommand(
  status: string | undefined,
  runId: string,
  command: RunCommand,
): boolean {
  if (command.kind === 'cancel') return !isEnded(status)
  if (command.kind === 'input' || command.kind === 'undo' || command.kind === 'propose') {
    if (
      command.kind === 'input' &&
      (typeof command.text !== 'string' || command.text.trim() === '')
    ) {
      throw new AgentError('invalid_input', 'input must be a non-empty string')
    }
    if (status !== 'awaitingInput') {
      throw new AgentError('not_awaiting_input', `run ${runId} is ${status}, not awaiting input`)
    }
  }
  // An edit's card is checked by the compare-and-set: the view here may lag behind it.
  return true
}

/**
 * Applies one command to a held run, as its owner; a refusal is an outcome, never a throw. An
 * edit comes proposed (prepared and described: `CardEdits.proposeEdit`), so this is one step.
 * Undefined for a run the runtime stopped (dropped, closing): it goes on elsewhere.
 */
export function applyCommand(
  session: RunSession,
  command: RunCommand | undefined,
  edits: CardEdits,
  edit?: EditProposal,
): RunCommandOutcome | undefined {
  const refused = (code: RunCommandRefusal, message: string) =>
    ({ ok: false, code, message }) as const
  if (command === undefined) return refused('invalid_input', 'the stored command cannot be read')
  const state = session.state()
  if (state.status === 'stopped') return undefined
  if (state.status !== 'active') {
    return command.kind === 'cancel'
      ? { ok: true }
      : refused('run_ended', `run ${session.runId} has ended`)
  }
  if (command.kind === 'cancel') {
    session.send({
      type: 'CANCEL',
      ...(command.reason !== undefined && { reason: command.reason }),
    })
    return { ok: true }
  }
  if (command.kind === 'input') {
    if (command.text.trim() === '') return refused('invalid_input', 'input must be non-empty')
    if (state.value !== 'awaitingInput') {
      return refused(
        'not_awaiting_input',
        `run ${session.runId} is ${state.value}, not awaiting input`,
      )
    }
    session.send({ type: 'USER_INPUT', text: command.text })
    return { ok: true }
  }
  if (command.kind === 'undo') {
    if (state.value !== 'awaitingInput') {
      return refused(
        'not_awaiting_input',
        `run ${session.runId} is ${state.value}, not awaiting input`,
      )
    }
    session.send(undoProposal(command.changeId))
    return { ok: true }
  }
  if (command.kind === 'propose') {
    if (!isPersonProposalTool(command.tool)) {
      return refused('invalid_input', 'a person may propose only a task or note change')
    }
    if (state.value !== 'awaitingInput') {
      return refused(
        'not_awaiting_input',
        `run ${session.runId} is ${state.value}, not awaiting input`,
      )
    }
    const { tool: name, args, words } = command
    session.send({ type: 'PROPOSE', name, arguments: args, words })
    return { ok: true }
  }
  if (edit === undefined) return refused('invalid_edit', 'the edit was not prepared')
  return edits.applyEdit(session, edit)
}

// Throws the `AgentError` a refused outcome stands for.
function throwRefusal(code: AgentErrorCode, message: string): never {
  throw new AgentError(code, message)
}

/**
 * A runtime's side of the commands a store carries between nodes: offers commands to runs owned
 * elsewhere and waits for what came of them, and, as an owner, applies the commands offered to
 * its runs, in order, each once: a pass skips what it applied before and its commit has not
 * recorded yet, and what a lost commit did not record is applied again by the next owner.
 */
export class RunCommands {
  readonly #deps: RunCommandsDeps
  readonly #passes = new Map<string, Promise<Map<string, RunCommandOutcome>>>()
  readonly #offers = new Map<string, Promise<unknown>>()
  // Per session, not per run: a run restored again (after its lease was lost) starts from its save.
  readonly #appliedBy = new WeakMap<RunSession, Map<string, RunCommandOutcome>>()
  readonly #stop: () => void

  constructor(deps: RunCommandsDeps) {
    this.#deps = deps
    this.#stop = deps.cluster.onCommand((runId) => void this.apply(runId))
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
   * Applies a command this node offered for its own run (an edit) once: a pass of the store's
   * commands may have applied it already (the store's notice of it came first), and then its
   * outcome is the answer; otherwise `apply` runs, and no pass applies it again.
   */
  applyOnce(session: RunSession, id: string, apply: () => RunCommandOutcome): RunCommandOutcome {
    const applied = this.#applied(session)
    const before = applied.get(id)
    if (before !== undefined) return before
    const outcome = apply()
    applied.set(id, outcome)
    session.persister?.applied({ id, outcome })
    return outcome
  }

  /**
   * Offers a command for a run another node owns and waits up to `timeoutMs` for its outcome:
   * applied, refused (rejects with the refusal's `AgentError`), or not yet (`applied: false`; the
   * run's owner, or whoever takes the run over, applies it later).
   */
  async send(runId: string, command: RunCommand, timeoutMs: number): Promise<CommandResult> {
    if (!checkCommand(this.#deps.followed(runId)?.status, runId, command)) return { applied: true }
    const offered = await this.offer(runId, command)
    if (!offered.ok) {
      if (command.kind === 'cancel' && offered.code === 'run_ended') return { applied: true }
      throwRefusal(offered.code, offered.message)
    }
    const here = this.#deps.sessionOf(runId) === undefined ? undefined : await this.apply(runId)
    const outcome =
      here?.get(offered.id) ?? (await this.#deps.cluster.commandOutcome(offered.id, timeoutMs))
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

  /** Offers a command through the store; one offer at a time per run from this node, so two quick messages keep their order. */
  offer(runId: string, command: RunCommand): Promise<RunCommandOfferResult> {
    const session = this.#deps.sessionOf(runId)
    const before = this.#offers.get(runId) ?? Promise.resolve()
    const offered = before.then(() =>
      this.#deps.cluster.offerCommand(runId, command, {
        saved: () => session?.persister?.flush() ?? Promise.resolve(),
      }),
    )
    const settled: Promise<unknown> = offered
      .catch(() => undefined)
      .finally(() => {
        if (this.#offers.get(runId) === settled) this.#offers.delete(runId)
      })
    this.#offers.set(runId, settled)
    return offered
  }

  close(): void {
    this.#stop()
  }

  #applied(session: RunSession): Map<string, RunCommandOutcome> {
    let applied = this.#appliedBy.get(session)
    if (applied === undefined) {
      applied = new Map()
      this.#appliedBy.set(session, applied)
    }
    return applied
  }

  async #pass(runId: string): Promise<Map<string, RunCommandOutcome>> {
    const outcomes = new Map<string, RunCommandOutcome>()
    if (this.#deps.sessionOf(runId) === undefined) return outcomes
    const waiting = await this.#deps.cluster.pendingCommands(runId)
    // Read again after the await: the run may have been dropped or restored meanwhile.
    const session = this.#deps.sessionOf(runId)
    if (session === undefined) return outcomes
    const applied = this.#applied(session)
    // Ids the store no longer lists are recorded; only those still listed need remembering.
    const listed = new Set(waiting.map((stored) => stored.id))
    for (const id of applied.keys()) if (!listed.has(id)) applied.delete(id)
    const { edits } = this.#deps
    for (const { id, command } of waiting) {
      let outcome = applied.get(id)
      if (outcome === undefined) {
        // An edit is described first (it reads the workspace); this node's own edit of the card
        // may be applied meanwhile, and then it is not applied again.
        const edit =
          command?.kind === 'edit'
            ? await edits.proposeEdit(session, command.confirmationId, command.args, {
                kind: 'user',
              })
            : undefined
        outcome = applied.get(id)
        if (outcome === undefined) {
          outcome = applyCommand(session, command, edits, edit)
          if (outcome === undefined) break
          applied.set(id, outcome)
          // At once, so the record joins the commit of the state the command led to.
          session.persister?.applied({ id, outcome })
        }
      }
      outcomes.set(id, outcome)
    }
    return outcomes
  }
}
