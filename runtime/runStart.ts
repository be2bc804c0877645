import type { AgentRunInput } from '../machines/agentRunTypes.ts'
import { type RunStart, runTitle } from '../store/RunListing.ts'
import type { ChatMessage, ToolCall } from '../vocabulary/ChatMessage.ts'
import { isWellFormedPerson, type Person, personOf } from '../vocabulary/Identity.ts'
import { isWellFormedId, quotedId } from '../vocabulary/ids.ts'
import { AgentError } from './AgentError.ts'
import type { StartRunOptions } from './AgentRuntime.ts'
import { checkMessageLength, checkProposal, noNulText, proposedArgs } from './runtimeCommand.ts'

/** What a runtime gives every run it starts, and what it checks a new run's id against. */
export interface RunStartDeps {
  clock: () => Date
  generateId: () => string
  /** The messages before every run's first (the system prompt), one array for every run. */
  history: ChatMessage[]
  maxTurns: number | undefined
  confirmationTimeoutMs: number | undefined
  /** Whether a run with this id is held or followed here already. */
  known: (runId: string) => boolean
}

/** A new run, checked: its id, the chart's input and its start for the run list. */
export interface CheckedRunStart {
  runId: string
  input: AgentRunInput
  started: RunStart
}

/** Checks what `startRun` was asked (throws `AgentError`) and makes the run's input and start. */
export function checkedRunStart(options: StartRunOptions, deps: RunStartDeps): CheckedRunStart {
  const { input, notebookId, by, runId: chosen, propose } = options
  const startedBy = checkedStarter(input, by)
  const runId = chosen ?? deps.generateId()
  const opening = propose === undefined ? undefined : openingCall(input, propose, deps)
  if (!isWellFormedId(runId)) {
    throw new AgentError(
      'invalid_id',
      `${chosen === undefined ? 'generateId made' : 'runId is'} an id with other characters than A-Z a-z 0-9 _ -, or longer than 128`,
    )
  }
  // A chosen id (a conversation's) must be new here; the caller asked the store first (`open`).
  if (chosen !== undefined && deps.known(runId))
    throw new AgentError('run_active', `a run with id ${quotedId(runId)} exists already`)
  const runInput: AgentRunInput = {
    runId,
    input,
    history: deps.history,
    ...(notebookId !== undefined && { notebookId }),
    ...(startedBy !== undefined && {
      startedBy: {
        id: startedBy.id,
        ...(startedBy.name !== undefined && { name: startedBy.name }),
      },
    }),
    ...(deps.maxTurns !== undefined && { maxTurns: deps.maxTurns }),
    ...(deps.confirmationTimeoutMs !== undefined && {
      confirmationTimeoutMs: deps.confirmationTimeoutMs,
    }),
    ...(opening !== undefined && { opening }),
  }
  const started: RunStart = {
    startedAt: deps.clock().toISOString(),
    title: runTitle(input),
    ...(startedBy !== undefined && { owner: startedBy.id }),
  }
  return { runId, input: runInput, started }
}

// The first message and who sends it, checked; the person who starts the run, if named.
function checkedStarter(input: string, by: StartRunOptions['by']): Person | undefined {
  if (typeof input !== 'string' || input.trim() === '') {
    throw new AgentError('invalid_input', 'a run needs a non-empty input')
  }
  if (input.includes('\u0000')) throw new AgentError('invalid_input', noNulText)
  checkMessageLength(input)
  const startedBy = personOf(by)
  if (by?.id !== undefined && !isWellFormedPerson(startedBy)) {
    throw new AgentError(
      'invalid_input',
      'by must name a person: an id (and a name) of 1 to 512 characters, no control characters',
    )
  }
  return startedBy
}

// The person's own first call, checked as a `propose` command is: one of their tools, no NUL.
function openingCall(
  words: string,
  propose: NonNullable<StartRunOptions['propose']>,
  deps: RunStartDeps,
): ToolCall {
  checkProposal({ ...propose, words })
  const args = proposedArgs(propose)
  if (args.includes('\u0000')) throw new AgentError('invalid_input', noNulText)
  return { id: deps.generateId(), name: propose.tool, arguments: args }
}
