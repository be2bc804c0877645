import { describeRule } from '../../vocabulary/Decision.ts'
import type { AppContext } from './AppContext.ts'
import { HttpError } from './HttpError.ts'
import { readJsonBody } from './readJsonBody.ts'
import { RevokeBody } from './requestSchemas.ts'
import type { Route } from './router.ts'
import { sendJson } from './sendJson.ts'

/** The user's standing decisions: list them (with what is wrong with the rules file), and revoke one. */
export function policyRoutes(app: AppContext): Route[] {
  const { policies } = app.runtime
  return [
    {
      method: 'GET',
      pattern: '/api/policies',
      handler: ({ res }) =>
        sendJson(res, 200, {
          rules: policies.list().map((rule) => ({ ...rule, description: describeRule(rule) })),
          // Rules read from policies.json but not applied, and a corrupt file the app will not overwrite.
          ...policies.problems(),
        }),
    },
    {
      method: 'POST',
      pattern: '/api/policies/:ruleId/revoke',
      handler: async ({ req, res, params }) => {
        await readJsonBody(req, RevokeBody)
        const ruleId = params.ruleId as string
        if (!policies.revoke(ruleId))
          throw new HttpError(404, 'policy_not_found', `no rule has id "${ruleId}"`)
        sendJson(res, 200, { ok: true })
      },
    },
  ]
}
