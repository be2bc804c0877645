import type { RunStatus } from '../vocabulary/RunStatus.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRunActor } from './AgentRunActor.ts'

const finalStatuses: ReadonlySet<string> = new Set(['failed', 'cancelled'])

/** Resolves once the actor is in one of `wanted`; rejects on timeout or if the run ends elsewhere. */
export function waitForStatus(
  actor: AgentRunActor,
  wanted: readonly RunStatus[],
  timeoutMs: number,
): Promise<RunStatus> {
  const runId = actor.id
  const statusOf = () => actor.getSnapshot().value as RunStatus
  return new Promise<RunStatus>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let subscription: { unsubscribe(): void } | undefined
    const finish = () => {
      if (timer !== undefined) clearTimeout(timer)
      subscription?.unsubscribe()
    }
    const settle = (): boolean => {
      const now = statusOf()
      if (wanted.includes(now)) {
        finish()
        resolve(now)
        return true
      }
      if (finalStatuses.has(now) || actor.getSnapshot().status === 'error') {
        finish()
        reject(new AgentError('run_ended', `run ${runId} ended as ${now}, not ${wanted.join('/')}`))
        return true
      }
      return false
    }
    if (settle()) return
    subscription = actor.subscribe({ next: settle, error: settle, complete: settle })
    timer = setTimeout(() => {
      finish()
      const message = `run ${runId} did not reach ${wanted.join('/')} in ${timeoutMs} ms (it is ${statusOf()})`
      reject(new AgentError('wait_timeout', message))
    }, timeoutMs)
  })
}
