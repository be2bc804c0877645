import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { isEnded } from '../../vocabulary/RunStatus.ts'

/**
 * Keeps at most `keep` ended runs in memory (a page can still replay those), releasing the oldest
 * as more end: a long-lived server does not grow with every run it ever had. Ended runs stay on
 * disk. Returns the function that stops it.
 */
export function releaseEndedRuns(
  runtime: Pick<AgentRuntime, 'subscribe' | 'runIds' | 'view' | 'release'>,
  keep: number,
): () => void {
  const ended: string[] = []
  const seen = new Set<string>()
  const note = (runId: string) => {
    if (seen.has(runId)) return
    seen.add(runId)
    ended.push(runId)
    while (ended.length > keep) {
      const oldest = ended.shift() as string
      seen.delete(oldest)
      try {
        runtime.release(oldest)
      } catch {
        // Already released by someone else.
      }
    }
  }
  for (const runId of runtime.runIds()) if (isEnded(runtime.view(runId).value)) note(runId)
  return runtime.subscribe((event) => {
    if (event.kind !== 'runFailed' && event.kind !== 'runCancelled') return
    // After this notification: the run's final snapshot must be in place before it is released.
    queueMicrotask(() => note(event.runId))
  })
}
