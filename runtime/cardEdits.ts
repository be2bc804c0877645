import type { CardEdit } from '../machines/agentRunTypes.ts'
import { editRefusal } from '../machines/runGuards.ts'
import type { RunCommandOutcome } from '../store/RunCommand.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { DecidedBy } from '../vocabulary/Decision.ts'
import type { Person } from '../vocabulary/Identity.ts'
import { isWellFormedId, quotedId } from '../vocabulary/ids.ts'
import type { WorkspaceView } from '../workspace/WorkspaceView.ts'
import { AgentError } from './AgentError.ts'
import type { RunSession } from './RunSession.ts'

/** What editing a card needs from its runtime. */
export interface CardEditsDeps {
  tools: ToolRegistry
  /** The workspace of the person whose run it is: an edited call is described against it. */
  workspaceFor(startedBy: Person | undefined): Promise<WorkspaceView>
  /** The run's session, if this runtime holds it. */
  sessionOf(runId: string): RunSession | undefined
}

/** An edit ready to replace a card (prepared and described), or why it cannot. */
export type EditProposal =
  | CardEdit
  | { code: 'invalid_edit' | 'confirmation_not_found'; message: string }

const notFound = (message: string) => new AgentError('confirmation_not_found', message)

/**
 * The path every edit of a card takes, whoever makes it: the edited call is prepared and described
 * as a new proposal, a compare-and-set on the card in the store (decisions after it lose), then the
 * run's owner applies it and the chart's guard takes it or not. Deciding a card is `RunDecisions`.
 */
export class CardEdits {
  readonly #deps: CardEditsDeps

  constructor(deps: CardEditsDeps) {
    this.#deps = deps
  }

  /**
   * Replaces the arguments of a held run's card: the edit is prepared and described first (a new
   * proposal), then a compare-and-set on the card (decisions after it lose), then the new card;
   * resolves with the new card's id.
   */
  async edit(
    runId: string,
    confirmationId: string,
    args: string | object,
    by: DecidedBy,
    offer: (command: { kind: 'edit'; confirmationId: string; args: string }) => Promise<string>,
    applyOnce: (
      session: RunSession,
      id: string,
      apply: () => RunCommandOutcome,
    ) => RunCommandOutcome,
  ): Promise<string> {
    const session = this.#deps.sessionOf(runId)
    if (session === undefined)
      throw new AgentError('run_not_found', `no run has id ${quotedId(runId)}`)
    if (!isWellFormedId(confirmationId)) throw notFound('no confirmation has that id')
    const text = typeof args === 'string' ? args : JSON.stringify(args)
    const edit = await this.proposeEdit(session, confirmationId, text, by)
    if ('code' in edit) throw new AgentError(edit.code, edit.message)
    const id = await offer({ kind: 'edit', confirmationId, args: text })
    const here = this.#deps.sessionOf(runId)
    if (here === undefined) throw notFound(`run ${runId} is no longer held here`)
    // Applied and noted in one go, so a pass of the store's commands never applies it again (and
    // if one already did, its outcome is this edit's).
    const outcome = applyOnce(here, id, () => this.applyEdit(here, edit))
    if (!outcome.ok) throw new AgentError(outcome.code, outcome.message)
    return outcome.confirmationId as string
  }

  /**
   * The edited call as a new proposal: prepared, then described again when its tool describes
   * calls (a read of the workspace, so the new card shows the new target), or why it cannot
   * replace the card.
   */
  async proposeEdit(
    session: RunSession,
    confirmationId: string,
    args: string,
    by: DecidedBy,
  ): Promise<EditProposal> {
    const { context } = session.state()
    const call = context.current?.call
    const missing = (message: string) => ({ code: 'confirmation_not_found' as const, message })
    if (call === undefined) return missing(`run ${session.runId} is not waiting for a confirmation`)
    let prepared: CardEdit['prepared']
    try {
      prepared = this.#deps.tools.prepare(call.id, call.name, args)
    } catch (error) {
      const detail = (error as { detail?: string }).detail ?? String(error)
      return { code: 'invalid_edit', message: `the edited arguments are not valid: ${detail}` }
    }
    const description = prepared.describes
      ? await this.#deps.tools.describe(prepared, await this.#deps.workspaceFor(context.startedBy))
      : undefined
    const edit: CardEdit = {
      runId: session.runId,
      confirmationId,
      prepared,
      ...(description !== undefined && { description }),
      by,
    }
    // Checked against the run as it is now: it may have moved on while the edit was described.
    const refusal = editRefusal(session.state().context, edit)
    return refusal === undefined ? edit : missing(refusal)
  }

  /** Applies a proposed edit to a held run as its owner; a refusal is an outcome, never a throw. */
  applyEdit(session: RunSession, edit: EditProposal): RunCommandOutcome {
    if ('code' in edit) return { ok: false, ...edit }
    if (!session.send({ type: 'EDIT', edit })) {
      return {
        ok: false,
        code: 'confirmation_not_found',
        message: `run ${session.runId} refused the edit of confirmation ${edit.confirmationId}`,
      }
    }
    const replaced = session.state().context.pending?.confirmationId
    return { ok: true, ...(replaced !== undefined && { confirmationId: replaced }) }
  }
}
