import type { ContenderFactory } from './Contender.ts'

// Loaded on demand: a child process imports only the framework it measures, so start-up stays
// short (the peers' packages take seconds to load on a busy machine).
/** Every in-memory contender by name, in table order, each loaded when asked for. */
export const contenders: Readonly<Record<string, () => Promise<ContenderFactory>>> = {
  'plain-loop': async () => (await import('../contenders/plainLoop.ts')).plainLoop,
  studypulse: async () => (await import('../contenders/ours.ts')).ours,
  'ai-sdk': async () => (await import('../contenders/aiSdk.ts')).aiSdk,
  'openai-agents': async () => (await import('../contenders/openaiAgents.ts')).openaiAgents(false),
  'openai-agents+state': async () =>
    (await import('../contenders/openaiAgents.ts')).openaiAgents(true),
  langgraph: async () => (await import('../contenders/langgraph.ts')).langgraph,
  'xstate-floor': async () => (await import('../contenders/xstateFloor.ts')).xstateFloor(true),
  'xstate-floor-no-children': async () =>
    (await import('../contenders/xstateFloor.ts')).xstateFloor(false),
  'xstate-shape': async () => (await import('../contenders/xstateShape.ts')).xstateShape,
}
