import type { AnyStateMachine, SnapshotFrom, TransitionDefinition } from 'xstate'
import type { AgentRunMachine } from '../../../machines/agentRunMachine.ts'
import type { AgentRunEvent, AgentRunInput } from '../../../machines/agentRunTypes.ts'
import type { ModelTurn } from '../../../models/messages.ts'

/** A snapshot of the agent-run statechart. */
export type RunSnapshot = SnapshotFrom<AgentRunMachine>

/** The agent-run machine, or a variant of it (mutants). */
export type RunMachine = AnyStateMachine

/** What can happen to a run: user commands, answers of its invoked actors, its timers; labelled. */
export type ExplorerEvent = (
  | AgentRunEvent
  | { type: 'xstate.done.actor.model'; output: ModelTurn }
  | { type: 'xstate.error.actor.model'; error: unknown }
  | { type: 'xstate.done.actor.tool'; output: unknown }
  | { type: 'xstate.error.actor.tool'; error: unknown }
  | { type: `xstate.after.${string}` }
) & { label: string }

/** One transition (a macrostep) of the machine, with the microstep transitions it took. */
export interface RunStep {
  before: RunSnapshot
  event: ExplorerEvent
  after: RunSnapshot
  // biome-ignore lint/suspicious/noExplicitAny: transitions of any machine variant
  transitions: TransitionDefinition<any, any>[]
}

/** The input every explored run starts from. */
export type ExplorerInput = AgentRunInput
