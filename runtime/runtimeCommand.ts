import { undoProposal } from '../machines/proposeCall.ts'
import type { RunCommand } from '../store/RunCommand.ts'
import type { DecisionRequest, DecisionResult } from '../vocabulary/DecisionRequest.ts'
import { isWellFormedId } from '../vocabulary/ids.ts'
import { messageTooLong } from '../vocabulary/messageLength.ts'
import { isPersonProposalTool } from '../vocabulary/personProposal.ts'
import { AgentError } from './AgentError.ts'
import type { CommandResult, Identity, RuntimeCommand } from './AgentRuntime.ts'
import type { CardEdits } from './cardEdits.ts'
import { answerError } from './decisionIntake.ts'
import type { RunSession } from './RunSession.ts'
import type { RunCommands } from './runCommands.ts'

/** Why a text with a NUL character is refused (PostgreSQL refuses it in text). */
export const noNulText = 'text must not contain NUL characters'

const userBy = (by: Identity | undefined) => ({ kind: 'user' as const, ...by })

/**
 * The command's ids and text, checked at the edge before it goes anywhere: a card id that is not
 * well-formed names no card, and a NUL character reaches no store.
 */
export function checkCommandText(command: RuntimeCommand): void {
  if (command.kind === 'decide' || command.kind === 'edit') {
    if (!isWellFormedId(command.confirmationId)) {
      throw new AgentError('confirmation_not_found', 'no confirmation has that id')
    }
  }
  if (command.kind === 'undo' && !isWellFormedId(command.changeId)) {
    throw new AgentError('invalid_input', 'a change id is letters, digits, _ and -')
  }
  if (command.kind === 'propose') checkProposal(command)
  const text =
    command.kind === 'input'
      ? command.text
      : command.kind === 'cancel'
        ? command.reason
        : command.kind === 'propose'
          ? `${command.words}${proposedArgs(command)}`
          : command.kind === 'edit' && typeof command.args === 'string'
            ? command.args
            : undefined
  if (typeof text === 'string' && text.includes('\u0000')) {
    throw new AgentError(command.kind === 'edit' ? 'invalid_edit' : 'invalid_input', noNulText)
  }
  if (command.kind === 'input') checkMessageLength(command.text)
}

/** A person proposes only the app's own workspace changes, in words they can read back. */
export function checkProposal(command: {
  tool: string
  args: string | object
  words: string
}): void {
  if (typeof command.tool !== 'string' || !isPersonProposalTool(command.tool)) {
    throw new AgentError('invalid_input', 'a person may propose only a task or note change')
  }
  if (typeof command.words !== 'string' || command.words.trim() === '') {
    throw new AgentError('invalid_input', 'a proposal needs the words the person reads back')
  }
  checkMessageLength(command.words)
}

/** A proposal's arguments as the call carries them (JSON text). */
export function proposedArgs(command: { args: string | object }): string {
  return typeof command.args === 'string' ? command.args : JSON.stringify(command.args)
}

/** Refuses a person's message over the one limit (`message_too_long`), before it reaches the model. */
export function checkMessageLength(text: string): void {
  const tooLong = messageTooLong(text)
  if (tooLong !== undefined) throw new AgentError('message_too_long', tooLong)
}

/**
 * A decide command through the runtime's one intake (`AgentRuntime.decide`), as a single answer
 * that does not wait for the call: resolves once taken (or counted), rejects with the `AgentError`
 * its refusal stands for (`LostDecision` when another decision took the card first).
 */
export async function decideThroughIntake(
  intake: (request: DecisionRequest) => Promise<DecisionResult>,
  runId: string,
  command: Extract<RuntimeCommand, { kind: 'decide' }>,
): Promise<CommandResult> {
  const { cards } = await intake({
    face: 'api',
    awaitOutcome: false,
    ...(command.by !== undefined && { by: command.by }),
    answers: [
      {
        runId,
        confirmationId: command.confirmationId,
        decision: command.decision,
        ...(command.digest !== undefined && { digest: command.digest }),
        ...(command.remember !== undefined && { remember: command.remember }),
        ...(command.signature !== undefined && { signature: command.signature }),
      },
    ],
  })
  const error = answerError(cards)
  if (error !== undefined) throw error
  return { applied: true }
}

/** What carrying out a command on a held run needs. */
export interface HeldRunParts {
  edits: CardEdits
  commands: RunCommands
  /** The runtime's one decision intake (`AgentRuntime.decide`). */
  intake: (request: DecisionRequest) => Promise<DecisionResult>
}

/** Carries out a command on a run this runtime holds, at once (an edit after its compare-and-set). */
export function commandHeldRun(
  { edits, commands, intake }: HeldRunParts,
  session: RunSession,
  command: RuntimeCommand,
): Promise<CommandResult> {
  const { runId } = session
  switch (command.kind) {
    case 'input': {
      const { text } = command
      if (typeof text !== 'string' || text.trim() === '') {
        throw new AgentError('invalid_input', 'input must be a non-empty string')
      }
      const { value } = session.state()
      if (value !== 'awaitingInput') {
        throw new AgentError('not_awaiting_input', `run ${runId} is ${value}, not awaiting input`)
      }
      session.send({ type: 'USER_INPUT', text })
      return Promise.resolve({ applied: true })
    }
    case 'undo':
    case 'propose': {
      const { value } = session.state()
      if (value !== 'awaitingInput') {
        throw new AgentError('not_awaiting_input', `run ${runId} is ${value}, not awaiting input`)
      }
      session.send(
        command.kind === 'undo'
          ? undoProposal(command.changeId)
          : {
              type: 'PROPOSE',
              name: command.tool,
              arguments: proposedArgs(command),
              words: command.words,
            },
      )
      return Promise.resolve({ applied: true })
    }
    case 'cancel':
      if (!session.ended()) {
        session.send({
          type: 'CANCEL',
          ...(command.reason !== undefined && { reason: command.reason }),
        })
      }
      return Promise.resolve({ applied: true })
    case 'decide':
      return decideThroughIntake(intake, runId, command)
    case 'edit':
      return edits
        .edit(
          runId,
          command.confirmationId,
          command.args,
          userBy(command.by),
          async (edit) => {
            const offered = await commands.offer(runId, edit)
            if (!offered.ok) throw new AgentError(offered.code, offered.message)
            return offered.id
          },
          (held, id, apply) => commands.applyOnce(held, id, apply),
        )
        .then((confirmationId) => ({ applied: true, confirmationId }))
  }
}

/** A runtime command as the store keeps it (an edit's arguments as JSON text). */
export function storedCommand(command: Exclude<RuntimeCommand, { kind: 'decide' }>): RunCommand {
  if (command.kind === 'undo') return { kind: 'undo', changeId: command.changeId }
  if (command.kind === 'propose') {
    const { tool, words } = command
    return { kind: 'propose', tool, args: proposedArgs(command), words }
  }
  if (command.kind !== 'edit') return command
  const { confirmationId, args } = command
  return {
    kind: 'edit',
    confirmationId,
    args: typeof args === 'string' ? args : JSON.stringify(args),
  }
}
