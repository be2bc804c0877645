import type { AgentRuntime } from './AgentRuntime.ts'
import type { RunSession } from './RunSession.ts'

/** What a runtime's own tests (and `traceRuns`, to tell its runs from those it only follows) may reach that its public surface keeps hidden. Not exported by any entry point. */
export interface RuntimeInternals {
  /** The session of a run this runtime holds. */
  session(runId: string): RunSession | undefined
  /** Drops a held run at once, as if this process died: no more saves, no timers, no answers. */
  crash(runId: string): void
}

const internals = new WeakMap<AgentRuntime, RuntimeInternals>()

/** Registers a runtime's internals (done once by `createAgentRuntime`). */
export function registerInternals(runtime: AgentRuntime, parts: RuntimeInternals): void {
  internals.set(runtime, parts)
}

/** A runtime's internals, for tests that stand in for a crash or a hung node. */
export function internalsOf(runtime: AgentRuntime): RuntimeInternals {
  const found = internals.get(runtime)
  if (found === undefined) throw new Error('not a runtime made by createAgentRuntime')
  return found
}
