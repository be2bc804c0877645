import type { AppContext } from './AppContext.ts'
import { mapAgentErrors } from './agentErrorStatus.ts'
import { isEnded } from './appLimits.ts'
import { HttpError } from './HttpError.ts'
import { readJsonBody } from './readJsonBody.ts'
import {
  CancelBody,
  ConfirmationBody,
  EditBody,
  InputBody,
  StartRunBody,
} from './requestSchemas.ts'
import type { Route } from './router.ts'
import { sendJson } from './sendJson.ts'
import { streamRunEvents } from './streamRunEvents.ts'

/** The run commands and the run event stream: the bridge between the page and the runtime. */
export function runRoutes(app: AppContext): Route[] {
  const { runtime } = app
  return [
    {
      method: 'GET',
      pattern: '/api/runs',
      handler: ({ res }) =>
        sendJson(res, 200, {
          runs: runtime.runIds().map((runId) => ({ runId, status: runtime.status(runId) })),
        }),
    },
    {
      method: 'POST',
      pattern: '/api/runs',
      handler: async ({ req, res }) => {
        const body = await readJsonBody(req, StartRunBody)
        const open = runtime.runIds().filter((id) => !isEnded(runtime.status(id))).length
        if (open >= app.limits.maxOpenRuns)
          throw new HttpError(
            429,
            'too_many_runs',
            `${open} runs are open (the limit is ${app.limits.maxOpenRuns}); finish or cancel one first`,
          )
        const notebookId = body.notebookId ?? app.notebookId
        if (
          notebookId !== undefined &&
          (await runtime.workspace.notebook(notebookId)) === undefined
        )
          throw new HttpError(400, 'unknown_notebook', `no notebook has id "${notebookId}"`)
        const runId = mapAgentErrors(() =>
          runtime.startRun({ input: body.input, ...(notebookId !== undefined && { notebookId }) }),
        )
        sendJson(res, 201, { runId })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/input',
      handler: async ({ req, res, params }) => {
        const { text } = await readJsonBody(req, InputBody)
        mapAgentErrors(() => runtime.sendInput(params.runId as string, text))
        sendJson(res, 200, { ok: true })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/cancel',
      handler: async ({ req, res, params }) => {
        const { reason } = await readJsonBody(req, CancelBody)
        mapAgentErrors(() => runtime.cancel(params.runId as string, reason))
        sendJson(res, 200, { ok: true })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/confirmations',
      handler: async ({ req, res, params }) => {
        const { confirmationId, decision, digest, remember } = await readJsonBody(
          req,
          ConfirmationBody,
        )
        // The page only passes the user's decision; the runtime checks it matches the pending card,
        // and refuses a rule the tool cannot have before deciding anything.
        mapAgentErrors(() =>
          runtime.submitConfirmation(params.runId as string, confirmationId, decision, {
            ...(digest !== undefined && { digest }),
            ...(remember !== undefined && { remember }),
          }),
        )
        sendJson(res, 200, { ok: true })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/edit',
      handler: async ({ req, res, params }) => {
        const body = await readJsonBody(req, EditBody)
        const runId = params.runId as string
        // The runtime validates the arguments again and issues a new card; the old id dies.
        const confirmationId = mapAgentErrors(() =>
          runtime.editConfirmation(runId, body.confirmationId, body.arguments),
        )
        sendJson(res, 200, { ok: true, confirmationId })
      },
    },
    {
      method: 'GET',
      pattern: '/api/runs/:runId/events',
      stream: true,
      handler: ({ req, res, url, params }) => {
        const runId = params.runId as string
        mapAgentErrors(() => runtime.actor(runId))
        const { streams, limits } = app
        if (streams.open >= limits.maxStreamsPerToken)
          throw new HttpError(
            429,
            'too_many_streams',
            `${streams.open} event streams are open (the limit is ${limits.maxStreamsPerToken}); close one first`,
          )
        streams.open++
        res.once('close', () => streams.open--)
        streamRunEvents(req, res, runtime, runId, firstSeq(url, req.headers['last-event-id']))
      },
    },
  ]
}

// `?from=N` asks for events from seq N on; `Last-Event-ID: N` (a reconnecting EventSource) for those after N.
function firstSeq(url: URL, lastEventId: string | string[] | undefined): number {
  const last = Number(Array.isArray(lastEventId) ? lastEventId[0] : lastEventId)
  if (Number.isInteger(last) && last >= 0) return last + 1
  const from = Number(url.searchParams.get('from') ?? 1)
  return Number.isInteger(from) && from >= 1 ? from : 1
}
