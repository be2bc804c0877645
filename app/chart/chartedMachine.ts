import { createAgentRunMachine } from '../../machines/agentRunMachine.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'

/** The agent-run statechart as charted (its shape does not depend on the registry, clock or ids). */
export function chartedMachine() {
  return createAgentRunMachine({ tools: createToolRegistry() })
}
