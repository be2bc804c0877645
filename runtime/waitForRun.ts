import type { RunStatus } from '../vocabulary/RunStatus.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRuntime } from './AgentRuntime.ts'

/**
 * Resolves once the run is in one of `wanted`; rejects with `run_ended` if it ends elsewhere, or
 * `wait_timeout` after `timeoutMs` (default 10 s). Built on the runtime's reader and listener.
 */
export function waitForRun(
  runtime: Pick<AgentRuntime, 'view' | 'subscribe'>,
  runId: string,
  wanted: RunStatus | readonly RunStatus[],
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<RunStatus> {
  const statuses: readonly RunStatus[] = typeof wanted === 'string' ? [wanted] : wanted
  return new Promise<RunStatus>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let unsubscribe: (() => void) | undefined
    const finish = () => {
      if (timer !== undefined) clearTimeout(timer)
      unsubscribe?.()
    }
    const settle = (): boolean => {
      const view = runtime.view(runId)
      if (statuses.includes(view.value)) {
        finish()
        resolve(view.value)
        return true
      }
      if (view.status !== 'active') {
        finish()
        reject(
          new AgentError(
            'run_ended',
            `run ${runId} ended as ${view.value}, not ${statuses.join('/')}`,
          ),
        )
        return true
      }
      return false
    }
    try {
      if (settle()) return
    } catch (error) {
      reject(error)
      return
    }
    unsubscribe = runtime.subscribe(runId, (event) => {
      // Streamed text changes no state.
      if (event?.kind !== 'assistantDelta') settle()
    })
    timer = setTimeout(() => {
      finish()
      const now = runtime.view(runId).value
      reject(
        new AgentError(
          'wait_timeout',
          `run ${runId} did not reach ${statuses.join('/')} in ${timeoutMs} ms (it is ${now})`,
        ),
      )
    }, timeoutMs)
  })
}
