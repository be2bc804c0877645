import type { Actor } from 'xstate'
import type { AgentRunMachine } from '../machines/agentRunMachine.ts'

/** A running agent-run actor. */
export type AgentRunActor = Actor<AgentRunMachine>
