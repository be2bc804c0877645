import type { AgentRuntime, CommandResult, RuntimeCommand } from '../../runtime/AgentRuntime.ts'
import { personOf } from '../../vocabulary/Identity.ts'
import type { AppContext } from './AppContext.ts'
import { mapAgentErrors, toHttpError } from './agentErrorStatus.ts'
import { admitStream } from './eventStream.ts'
import { HttpError } from './HttpError.ts'
import { openRunLimit } from './openRunLimit.ts'
import { readJsonBody } from './readJsonBody.ts'
import { readQuery } from './readQuery.ts'
import {
  CancelBody,
  ConfirmationBody,
  EditBody,
  InputBody,
  ProposeBody,
  RunListQuerySchema,
  StartRunBody,
  UndoBody,
} from './requestSchemas.ts'
import type { Route } from './router.ts'
import { runFor } from './runAccess.ts'
import { sendJson } from './sendJson.ts'
import { streamRunEvents } from './streamRunEvents.ts'

/**
 * The run commands and the run event stream: the bridge between the page and the runtime. In
 * hosted mode every route names who asks: a run is started as theirs, and a run that is not
 * theirs (nor theirs to review) is the 404 of a run that does not exist (see `runFor`).
 */
export function runRoutes(app: AppContext): Route[] {
  const { runtime } = app
  const admitRun = openRunLimit(runtime, app.limits, app.hosted)
  return [
    {
      method: 'GET',
      pattern: '/api/runs',
      handler: async ({ res, url, me }) => {
        const query = readQuery(url, RunListQuerySchema)
        // Hosted mode lists the signed-in person's runs, from the store, whichever node holds
        // them; never anyone else's (a reviewer opens another's run by its link).
        if (app.hosted && me === undefined) return sendJson(res, 200, { runs: [] })
        const mine = app.hosted && me !== undefined ? { ...query, owner: me.id } : query
        const page = await runtime.listRuns(mine).catch((error: unknown) => {
          throw toHttpError(error)
        })
        sendJson(res, 200, page)
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs',
      handler: async ({ req, res, me }) => {
        const body = await readJsonBody(req, StartRunBody)
        // The slot is taken before the first await (see `openRunLimit`).
        const slot = admitRun(me)
        let runId: string
        try {
          // The person's own workspace (or the team's), with the notebook it shows.
          const startedBy = personOf(me)
          const mine = await app.workspaces.of(startedBy)
          const notebookId = body.notebookId ?? mine.notebookId
          if (notebookId !== undefined && (await mine.workspace.notebook(notebookId)) === undefined)
            throw new HttpError(400, 'unknown_notebook', `no notebook has id "${notebookId}"`)
          runId = mapAgentErrors(() =>
            runtime.startRun({
              input: body.text,
              ...(notebookId !== undefined && { notebookId }),
              ...('propose' in body && body.propose !== undefined && { propose: body.propose }),
              ...(startedBy !== undefined && { by: startedBy }),
            }),
          )
        } finally {
          // From here the run itself is counted among `runIds()`.
          slot.release()
        }
        sendJson(res, 201, { runId })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/input',
      handler: async ({ req, res, params, me }) => {
        const { text } = await readJsonBody(req, InputBody)
        const runId = params.runId as string
        await runFor(app, runId, me, 'command')
        // `command` reaches a run another node owns through the store, and waits for its outcome.
        const result = await commandOver(runtime, runId, { kind: 'input', text })
        sendJson(res, result.applied ? 200 : 202, { ok: true, ...queued(result) })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/undo',
      handler: async ({ req, res, params, me }) => {
        const { changeId } = await readJsonBody(req, UndoBody)
        const runId = params.runId as string
        // Only whoever may command the run (its person, or whom the rules name) may undo in it.
        await runFor(app, runId, me, 'command')
        const result = await commandOver(runtime, runId, { kind: 'undo', changeId })
        sendJson(res, result.applied ? 200 : 202, { ok: true, ...queued(result) })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/propose',
      handler: async ({ req, res, params, me }) => {
        const { tool, args, words } = await readJsonBody(req, ProposeBody)
        const runId = params.runId as string
        // As with undo: only whoever may command the run may ask for a change in it, on a card.
        await runFor(app, runId, me, 'command')
        const result = await commandOver(runtime, runId, { kind: 'propose', tool, args, words })
        sendJson(res, result.applied ? 200 : 202, { ok: true, ...queued(result) })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/cancel',
      handler: async ({ req, res, params, me }) => {
        const { reason } = await readJsonBody(req, CancelBody)
        const runId = params.runId as string
        await runFor(app, runId, me, 'command')
        const result = await commandOver(runtime, runId, {
          kind: 'cancel',
          ...(reason !== undefined && { reason }),
        })
        sendJson(res, result.applied ? 200 : 202, { ok: true, ...queued(result) })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/confirmations',
      handler: async ({ req, res, params, me }) => {
        const { confirmationId, decision, digest, remember, signature } = await readJsonBody(
          req,
          ConfirmationBody,
        )
        const runId = params.runId as string
        await runFor(app, runId, me, 'decide')
        // Rules for a session or for always would hold for everyone's runs: a team's are the host's.
        if (app.hosted && remember !== undefined && remember !== 'run')
          throw new HttpError(
            409,
            'policy_not_allowed',
            'in a hosted app a decision is kept for its run only; lasting rules are the host’s (policies.json)',
          )
        // The page only passes the user's decision; the runtime checks it matches the pending card,
        // and refuses a rule the tool cannot have before deciding anything. The decision is a
        // compare-and-set on the card wherever the run lives: of several at once, one wins. Who
        // decides is who authentication says, never the body; the chart's guard applies the
        // host's approval rules to them.
        await commandOver(runtime, runId, {
          kind: 'decide',
          confirmationId,
          decision,
          ...(digest !== undefined && { digest }),
          ...(remember !== undefined && { remember }),
          ...(me !== undefined && { by: me }),
          ...(signature !== undefined && { signature }),
        })
        sendJson(res, 200, { ok: true })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/edit',
      handler: async ({ req, res, params, me }) => {
        const body = await readJsonBody(req, EditBody)
        const runId = params.runId as string
        await runFor(app, runId, me, 'command')
        // The runtime validates the arguments again and issues a new card; the old id dies.
        const result = await commandOver(runtime, runId, {
          kind: 'edit',
          confirmationId: body.confirmationId,
          args: body.arguments,
          ...(me !== undefined && { by: me }),
        })
        if (!result.applied) sendJson(res, 202, { ok: true, queued: true })
        else sendJson(res, 200, { ok: true, confirmationId: result.confirmationId })
      },
    },
    {
      method: 'GET',
      pattern: '/api/runs/:runId/events',
      stream: true,
      handler: async ({ req, res, url, params, me }) => {
        const runId = params.runId as string
        // A run another node owns is followed through the store.
        await runFor(app, runId, me, 'read')
        admitStream(app, res, me)
        streamRunEvents(req, res, runtime, runId, firstSeq(url, req.headers['last-event-id']))
      },
    },
  ]
}

// A command the run's owner has not applied yet (it is down) stays offered: 202 says so.
const queued = (result: CommandResult) => (result.applied ? {} : { queued: true })

function commandOver(
  runtime: AgentRuntime,
  runId: string,
  command: RuntimeCommand,
): Promise<CommandResult> {
  return runtime.command(runId, command).catch((error: unknown) => {
    throw toHttpError(error)
  })
}

// `?from=N` asks for events from seq N on; `Last-Event-ID: N` (a reconnecting EventSource) for those after N.
function firstSeq(url: URL, lastEventId: string | string[] | undefined): number {
  const last = Number(Array.isArray(lastEventId) ? lastEventId[0] : lastEventId)
  if (Number.isInteger(last) && last >= 0) return last + 1
  const from = Number(url.searchParams.get('from') ?? 1)
  return Number.isInteger(from) && from >= 1 ? from : 1
}
