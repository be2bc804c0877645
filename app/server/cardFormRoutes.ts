import type { AppContext } from './AppContext.ts'
import { HttpError } from './HttpError.ts'
import type { Route } from './router.ts'
import { runFor } from './runAccess.ts'
import { sendJson } from './sendJson.ts'

/**
 * `GET /api/runs/:runId/card/form`: the JSON Schema of the open card's tool (the one the model was
 * shown and the edit is checked against again), so the page's Edit can draw a form. Asked only when
 * a person presses Edit.
 */
export function cardFormRoutes(app: AppContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/runs/:runId/card/form',
      handler: async ({ res, params, me }) => {
        const view = await runFor(app, params.runId as string, me, 'read')
        const pending = view.pending
        const tool = view.events.findLast(
          (e) => e.kind === 'confirmationRequired' && e.confirmationId === pending?.confirmationId,
        )?.toolName
        // The arguments the tool does not offer for editing come marked `readOnly`.
        const schema = tool === undefined ? undefined : app.runtime.tools.editForm(tool)
        if (pending === undefined || schema === undefined)
          throw new HttpError(404, 'no_open_card', 'this run is not waiting on a card')
        sendJson(res, 200, { confirmationId: pending.confirmationId, schema })
      },
    },
  ]
}
