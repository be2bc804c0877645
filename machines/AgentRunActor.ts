import type { Actor } from 'xstate'
import type { AgentRunMachine } from './agentRunMachine.ts'

/** A running agent-run actor. */
export type AgentRunActor = Actor<AgentRunMachine>
