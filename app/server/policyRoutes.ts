import { describeRule } from '../../vocabulary/Decision.ts'
import type { PolicyRule } from '../../workspace/policyFile.ts'
import type { AppContext } from './AppContext.ts'
import type { SignedIn } from './auth/Authenticator.ts'
import { HttpError } from './HttpError.ts'
import { readJsonBody } from './readJsonBody.ts'
import { RevokeBody } from './requestSchemas.ts'
import type { Route } from './router.ts'
import { mayRead } from './runAccess.ts'
import { sendJson } from './sendJson.ts'

/**
 * The user's standing decisions: list them (with what is wrong with the rules file), and revoke
 * one. In hosted mode a person sees the host's rules and those kept with runs they may see, and
 * revokes only those kept with their own runs.
 */
export function policyRoutes(app: AppContext): Route[] {
  const { runtime } = app
  const { policies } = runtime
  // The run a rule was kept with, as this node sees it (undefined: a host's rule, or a run not here).
  const runOf = (rule: PolicyRule) => {
    if (rule.runId === undefined) return undefined
    return runtime.runIds().includes(rule.runId) ? runtime.view(rule.runId) : undefined
  }
  const visible = (rule: PolicyRule, me: SignedIn | undefined) => {
    if (!app.hosted || rule.runId === undefined) return true
    const view = runOf(rule)
    return view !== undefined && mayRead(app, view, me)
  }
  const revocable = (rule: PolicyRule, me: SignedIn | undefined) =>
    !app.hosted || (me !== undefined && runOf(rule)?.startedBy?.id === me.id)
  return [
    {
      method: 'GET',
      pattern: '/api/policies',
      handler: ({ res, me }) =>
        sendJson(res, 200, {
          rules: policies
            .list()
            .filter((rule) => visible(rule, me))
            .map((rule) => ({ ...rule, description: describeRule(rule) })),
          // Rules read from policies.json but not applied, and a corrupt file the app will not overwrite.
          ...policies.problems(),
        }),
    },
    {
      method: 'POST',
      pattern: '/api/policies/:ruleId/revoke',
      handler: async ({ req, res, params, me }) => {
        await readJsonBody(req, RevokeBody)
        const ruleId = params.ruleId as string
        const rule = policies.list().find((r) => r.id === ruleId)
        if (rule === undefined || !revocable(rule, me) || !policies.revoke(ruleId))
          throw new HttpError(404, 'policy_not_found', `no rule has id "${ruleId}"`)
        sendJson(res, 200, { ok: true })
      },
    },
  ]
}
