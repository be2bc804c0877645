import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { countOf } from '../../vocabulary/countOf.ts'
import type { Identity } from '../../vocabulary/Identity.ts'
import { isEnded } from '../../vocabulary/RunStatus.ts'
import type { AppLimits } from './appLimits.ts'
import { HttpError } from './HttpError.ts'

/** Admits one more run, or refuses it with `429 too_many_runs`; `release` once it is started. */
export type AdmitRun = (me: Identity | undefined) => { release(): void }

/**
 * The open-run limits of `POST /api/runs`: `maxOpenRuns` per workspace (in hosted mode each
 * person has their own, so per person) and `maxOpenRunsPerNode` for everyone on this node.
 */
export function openRunLimit(
  runtime: AgentRuntime,
  limits: Pick<AppLimits, 'maxOpenRuns' | 'maxOpenRunsPerNode'>,
  hosted: boolean,
): AdmitRun {
  // Runs admitted whose `startRun` has not been called yet, by whose they will be: requests that
  // arrive together must not all count the same open runs and then all start one.
  const starting = new Map<string, number>()
  // The single-user app is one workspace: every run counts against the same limit.
  const whose = (person: Identity | undefined) => (hosted ? (person?.id ?? '') : '')
  return (me) => {
    const key = whose(me)
    let all = 0
    let mine = starting.get(key) ?? 0
    for (const id of runtime.runIds()) {
      const view = runtime.view(id)
      if (isEnded(view.value)) continue
      all += 1
      if (whose(view.startedBy) === key) mine += 1
    }
    for (const n of starting.values()) all += n
    if (mine >= limits.maxOpenRuns)
      throw new HttpError(
        429,
        'too_many_runs',
        hosted
          ? `you have ${countOf(mine, 'open run')} (the limit is ${limits.maxOpenRuns} per person); finish or cancel one first`
          : `${countOf(mine, 'run')} ${mine === 1 ? 'is' : 'are'} open (the limit is ${limits.maxOpenRuns}); finish or cancel one first`,
      )
    if (all >= limits.maxOpenRunsPerNode)
      throw new HttpError(
        429,
        'too_many_runs',
        `${countOf(all, 'run')} ${all === 1 ? 'is' : 'are'} open on this node (its limit is ${limits.maxOpenRunsPerNode}); try again when some have ended`,
      )
    starting.set(key, (starting.get(key) ?? 0) + 1)
    let released = false
    return {
      release() {
        if (released) return
        released = true
        const left = (starting.get(key) ?? 1) - 1
        if (left === 0) starting.delete(key)
        else starting.set(key, left)
      },
    }
  }
}
