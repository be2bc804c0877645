import { AgentError } from '../../runtime/AgentError.ts'
import type { RunView } from '../../runtime/AgentRuntime.ts'
import { isReviewer } from '../../vocabulary/ApprovalRules.ts'
import { quotedId } from '../../vocabulary/ids.ts'
import type { AppContext } from './AppContext.ts'
import { toHttpError } from './agentErrorStatus.ts'
import type { SignedIn } from './auth/Authenticator.ts'
import { HttpError } from './HttpError.ts'

/** What a route does with a run: read it (view, stream), decide its card, or command it. */
export type RunUse = 'read' | 'decide' | 'command'

/**
 * The run as `me` may see it, wherever it lives (opened from the store when another node owns
 * it). In hosted mode a run is its starter's; a reviewer (a person the host's approval rules name)
 * may also read and decide others' runs, never command them. Anyone else gets exactly the 404 of
 * a run that does not exist, so a run's existence tells nobody anything.
 */
export async function runFor(
  app: AppContext,
  runId: string,
  me: SignedIn | undefined,
  use: RunUse,
): Promise<RunView> {
  const { runtime } = app
  let view: RunView
  try {
    await runtime.open(runId)
    view = runtime.view(runId)
  } catch (error) {
    throw toHttpError(error)
  }
  if (!app.hosted || me === undefined || view.startedBy?.id === me.id) return view
  if (!isReviewer(runtime.approvalRules, me))
    throw toHttpError(new AgentError('run_not_found', `no run has id ${quotedId(runId)}`))
  if (use === 'command')
    throw new HttpError(
      403,
      'not_your_run',
      `only ${view.startedBy?.name ?? view.startedBy?.id ?? 'the person who started it'} may do this; a reviewer decides its cards`,
    )
  return view
}

/** Whether `me` may see the run `view` shows (the run list leaves out the others). */
export function mayRead(app: AppContext, view: RunView, me: SignedIn | undefined): boolean {
  if (!app.hosted || me === undefined || view.startedBy?.id === me.id) return true
  return isReviewer(app.runtime.approvalRules, me)
}
