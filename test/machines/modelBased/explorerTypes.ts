import type { AnyStateMachine, SnapshotFrom, TransitionDefinition } from 'xstate'
import type { AgentRunMachine } from '../../../machines/agentRunMachine.ts'
import type { AgentRunEvent, AgentRunInput } from '../../../machines/agentRunTypes.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'

/** A snapshot of the agent-run statechart. */
export type RunSnapshot = SnapshotFrom<AgentRunMachine>

/** The agent-run machine, or a variant of it (mutants). */
export type RunMachine = AnyStateMachine

/** What can happen to a run: user commands, the runtime's model and tool answers, its timers; labelled. */
export type ExplorerEvent = (AgentRunEvent | { type: `xstate.after.${string}` }) & { label: string }

/** One transition (a macrostep) of the machine, with the microstep transitions it took. */
export interface RunStep {
  before: RunSnapshot
  event: ExplorerEvent
  after: RunSnapshot
  /** The events the step logged (emitted as `agentEvents`). */
  logged: AgentEvent[]
  // biome-ignore lint/suspicious/noExplicitAny: transitions of any machine variant
  transitions: TransitionDefinition<any, any>[]
}

/** The input every explored run starts from. */
export type ExplorerInput = AgentRunInput
