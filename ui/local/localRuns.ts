import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { RunLister } from '../core/RunLister.ts'

// One object per runtime, so `runs={localRuns(runtime)}` in a render does not read again each time.
const made = new WeakMap<AgentRuntime, RunLister>()

/** The runs of a runtime in the same JS context, for `RunList`: its store's list, followed live. */
export function localRuns(runtime: AgentRuntime): RunLister {
  const known = made.get(runtime)
  if (known !== undefined) return known
  const lister: RunLister = {
    listRuns: (query) => runtime.listRuns(query),
    watchRuns: (listener) =>
      runtime.subscribe((event) => {
        if (event.kind === 'statusChanged') listener()
      }),
  }
  made.set(runtime, lister)
  return lister
}
