import type { AnyStateMachine, SnapshotFrom, TransitionDefinition } from 'xstate'
import type { AgentRunMachine, RunEffect } from '../../../machines/agentRunMachine.ts'
import type {
  AgentRunContext,
  AgentRunEvent,
  AgentRunInput,
} from '../../../machines/agentRunTypes.ts'
import type { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import type { HostedSpec } from './hosted.ts'

/** A snapshot of the agent-run statechart. */
export type RunSnapshot = SnapshotFrom<AgentRunMachine>

/** The agent-run machine, or a variant of it (mutants). */
export type RunMachine = AnyStateMachine

/**
 * What can happen to a run: user commands and decisions, the clock's expiry, the effects' model
 * and tool answers; labelled. `at` is the time on the clock when it happens (default: the
 * explorer's base time), so the explorer can offer an expiry before and after the deadline.
 */
export type ExplorerEvent = AgentRunEvent & { label: string; at?: Date }

/** One effect the step ran (an entry action the runtime supplies), with the context it was given. */
export interface EffectRun {
  type: RunEffect
  context: AgentRunContext
}

/** One transition (a macrostep) of the machine, with the microstep transitions it took. */
export interface RunStep {
  before: RunSnapshot
  event: ExplorerEvent
  after: RunSnapshot
  /** The time on the clock during the step. */
  at: Date
  /** The events the step logged (emitted as `agentEvents`). */
  logged: AgentEvent[]
  /** The effects the step ran, in order. */
  effects: EffectRun[]
  // biome-ignore lint/suspicious/noExplicitAny: transitions of any machine variant
  transitions: TransitionDefinition<any, any>[]
}

/** The input every explored run starts from. */
export type ExplorerInput = AgentRunInput

/** What an invariant may use besides the step: the registry and a side-probe of the machine. */
export interface InvariantContext {
  registry: Pick<ToolRegistry, 'permissionOf'>
  /** The explorer's own account of the host's approval rules, when the run is under them. */
  hosted?: HostedSpec
  /** Takes one extra transition from `snapshot` (not part of the explored path). */
  probe(snapshot: RunSnapshot, event: ExplorerEvent): RunStep
}
