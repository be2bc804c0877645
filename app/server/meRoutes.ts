import { isReviewer } from '../../vocabulary/ApprovalRules.ts'
import { approvalReach } from '../../vocabulary/approvalReach.ts'
import type { AppContext } from './AppContext.ts'
import type { Route } from './router.ts'
import { sendJson } from './sendJson.ts'

/**
 * `GET /api/me`: who the app takes the asker to be, as authentication says (the page shows
 * "Signed in as …"), and what the host's approval rules let them approve, tool by tool; the
 * single-user app answers that nobody signs in.
 */
export function meRoutes(app: AppContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/me',
      handler: ({ res, me }) => {
        if (me === undefined) return sendJson(res, 200, { signedIn: false })
        const rules = app.runtime.approvalRules
        sendJson(res, 200, {
          signedIn: true,
          id: me.id,
          ...(me.name !== undefined && { name: me.name }),
          groups: me.groups,
          // A reviewer sees others' runs the host's approval rules name them for; `approvals`
          // says which of those cards they may actually approve.
          reviewer: isReviewer(rules, me),
          approvals: approvalReach(
            rules,
            app.runtime.tools
              .definitions()
              .map((tool) => ({ ...tool, server: app.runtime.tools.serverOf(tool.name) })),
            me,
          ),
        })
      },
    },
  ]
}
