import { approvalVerdict } from '../../machines/approvalRefusal.ts'
import type { CardDecisionReach, CardReach } from '../../vocabulary/approvalReach.ts'
import type { Person } from '../../vocabulary/Identity.ts'
import type { AppContext } from './AppContext.ts'
import { HttpError } from './HttpError.ts'
import type { Route } from './router.ts'
import { runFor } from './runAccess.ts'
import { sendJson } from './sendJson.ts'

/**
 * `GET /api/runs/:runId/card`: the open card's decisions as the host's approval rules judge them
 * for the asker (by the same verdict the run's guard gives a decision), so the page can disable
 * what would be refused and say who may decide instead, and whether it must be answered elsewhere.
 */
export function cardRoutes(app: AppContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/runs/:runId/card',
      handler: async ({ res, params, me }) => {
        const runId = params.runId as string
        const view = await runFor(app, runId, me, 'read')
        const pending = view.pending
        const shown = [...view.events]
          .reverse()
          .find(
            (e) =>
              e.kind === 'confirmationRequired' && e.confirmationId === pending?.confirmationId,
          )
        if (
          pending === undefined ||
          shown?.toolName === undefined ||
          shown.permission === undefined
        )
          throw new HttpError(404, 'no_open_card', 'this run is not waiting on a card')
        const { runtime } = app
        // A store that shares no decisions (no cluster, no relay) cannot reach a run another
        // process holds.
        const elsewhere =
          runtime.store?.cluster === undefined &&
          runtime.store?.relay === undefined &&
          !runtime.runIds().includes(runId)
        const card = {
          permission: shown.permission,
          tool: shown.toolName,
          ...(view.startedBy !== undefined && { startedBy: view.startedBy }),
          approvals: pending.approvals ?? ([] as Person[]),
        }
        const by = { kind: 'user' as const, ...(me ?? {}) }
        const reach = (decision: 'allow' | 'deny'): CardDecisionReach => {
          const verdict = approvalVerdict(runtime.approvalRules, card, { decision, by })
          return verdict.kind === 'refused' ? { may: false, why: verdict.message } : { may: true }
        }
        const answer: CardReach = {
          confirmationId: pending.confirmationId,
          allow: reach('allow'),
          deny: reach('deny'),
          ...(elsewhere && {
            elsewhere:
              'This card waits in another StudyPulse process on this computer (the terminal chat, npm run chat, or another npm start): answer it there.',
          }),
        }
        sendJson(res, 200, answer)
      },
    },
  ]
}
