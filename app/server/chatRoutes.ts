import type { ServerResponse } from 'node:http'
import { AgentError } from '../../runtime/AgentError.ts'
import type { AgentRuntime, RunView } from '../../runtime/AgentRuntime.ts'
import { answerError } from '../../runtime/decisionIntake.ts'
import { canonicalJson } from '../../tools/canonicalJson.ts'
import { personOf } from '../../vocabulary/Identity.ts'
import type { AppContext } from './AppContext.ts'
import { mapAgentErrors, toHttpError } from './agentErrorStatus.ts'
import type { SignedIn } from './auth/Authenticator.ts'
import { type ChatApproval, ChatBody, chatAsk, maxChatBodyBytes } from './chatRequest.ts'
import { runPaused, streamChat } from './chatStream.ts'
import { admitStream } from './eventStream.ts'
import { HttpError } from './HttpError.ts'
import { openRunLimit } from './openRunLimit.ts'
import { readJsonBody } from './readJsonBody.ts'
import type { Route } from './router.ts'
import { runFor } from './runAccess.ts'
import { securityHeaders, sendJson } from './sendJson.ts'
import { chatTurns, uiMessagesOf } from './uiMessages.ts'

/**
 * The AI SDK's chat protocol over StudyPulse runs, for a page built on `useChat`: one conversation
 * is one run (the chat id names it). A person's message starts or continues the run; an answered
 * card (`addToolApprovalResponse`) is a decision through the runtime's one decision path, by the
 * signed-in person, on the card's own digest; the answer is the UI message stream of what follows.
 */
export function chatRoutes(app: AppContext): Route[] {
  const { runtime } = app
  const admitRun = openRunLimit(runtime, app.limits, app.hosted)
  return [
    {
      method: 'POST',
      pattern: '/api/chat',
      stream: true,
      handler: async ({ req, res, me }) => {
        const body = await readJsonBody(req, ChatBody, maxChatBodyBytes)
        // A run's log is append-only: its last answer cannot be taken back and asked again.
        if (body.trigger === 'regenerate-message')
          throw new HttpError(
            409,
            'regenerate_not_supported',
            'a StudyPulse run cannot take back its last answer; send a new message instead',
          )
        const ask = chatAsk(body.messages)
        // Before anything changes: a request over the stream limit starts and decides nothing.
        admitStream(app, res, me)
        const runId = body.id
        const known = await existingRun(runtime, runId)
        if (ask.kind === 'message' && !known) {
          await startChatRun(app, admitRun, runId, ask.text, me)
          return streamChat(res, runtime, runId, 0)
        }
        if (!known)
          throw toHttpError(new AgentError('run_not_found', 'no conversation has this id'))
        if (ask.kind === 'message') {
          const view = await runFor(app, runId, me, 'command')
          const after = view.events.at(-1)?.seq ?? 0
          await command(runtime, runId, { kind: 'input', text: ask.text })
          return streamChat(res, runtime, runId, after)
        }
        const view = await runFor(app, runId, me, 'decide')
        const after = view.events.at(-1)?.seq ?? 0
        for (const approval of ask.approvals) checkApproval(view, approval)
        // Every approval of the request in one request to the runtime's one intake: checked as a
        // whole, then applied all or none (single use, the card's digest, the host's rules).
        const { cards } = await runtime.decide({
          face: 'chat',
          awaitOutcome: false,
          ...(me !== undefined && { by: me }),
          answers: ask.approvals.map((approval) => ({
            runId,
            confirmationId: approval.approvalId,
            decision: approval.approved ? ('allow' as const) : ('deny' as const),
          })),
        })
        const refused = answerError(cards)
        if (refused !== undefined) throw toHttpError(refused)
        streamChat(res, runtime, runId, after)
      },
    },
    {
      method: 'GET',
      pattern: '/api/chat/:chatId',
      handler: async ({ res, params, me }) => {
        const runId = params.chatId as string
        const view = await runFor(app, runId, me, 'read')
        sendJson(res, 200, {
          id: runId,
          messages: uiMessagesOf(runId, view.events, runtime.approvalRules),
        })
      },
    },
    {
      method: 'GET',
      pattern: '/api/chat/:chatId/stream',
      stream: true,
      handler: async ({ res, params, me }) => {
        const runId = params.chatId as string
        // A page resumes on load whether or not its chat has a run yet: none is no stream.
        if (!(await existingRun(runtime, runId))) return noStream(res)
        const view = await runFor(app, runId, me, 'read')
        const turn = chatTurns(view.events).at(-1)
        if (turn === undefined || runPaused(view)) return noStream(res)
        // The whole turn again: the page replaces its last message with what this stream builds.
        admitStream(app, res, me)
        streamChat(res, runtime, runId, turn.seq - 1)
      },
    },
  ]
}

async function existingRun(runtime: AgentRuntime, runId: string): Promise<boolean> {
  try {
    await runtime.open(runId)
    return true
  } catch (error) {
    if (error instanceof AgentError && error.code === 'run_not_found') return false
    throw toHttpError(error)
  }
}

async function startChatRun(
  app: AppContext,
  admitRun: ReturnType<typeof openRunLimit>,
  runId: string,
  text: string,
  me: SignedIn | undefined,
): Promise<void> {
  const slot = admitRun(me)
  try {
    const startedBy = personOf(me)
    const mine = await app.workspaces.of(startedBy)
    mapAgentErrors(() =>
      app.runtime.startRun({
        runId,
        input: text,
        ...(mine.notebookId !== undefined && { notebookId: mine.notebookId }),
        ...(startedBy !== undefined && { by: startedBy }),
      }),
    )
  } finally {
    slot.release()
  }
}

/**
 * Refuses an answer that is not to the card as shown: another call's id, or arguments other than
 * the card's (the page edited them). The runtime checks the rest (the card is open and unused,
 * unexpired, and the person may decide it).
 */
function checkApproval(view: RunView, approval: ChatApproval): void {
  const card = [...view.events]
    .reverse()
    .find((e) => e.kind === 'confirmationRequired' && e.confirmationId === approval.approvalId)
  // An id no card had is the runtime's to refuse (`confirmation_not_found`), like a used one.
  if (card === undefined) return
  if (card.toolCallId !== approval.toolCallId)
    throw new HttpError(
      409,
      'approval_mismatch',
      'this approval is for another tool call than its card',
    )
  const shown = canonicalJson(JSON.parse(card.payloadJson ?? '{}'))
  if (canonicalJson(approval.input ?? {}) !== shown)
    throw new HttpError(
      409,
      'approval_input_changed',
      'the arguments sent with this approval are not the card’s: nothing was decided; edit a card through its edit action',
    )
}

function command(
  runtime: AgentRuntime,
  runId: string,
  what: Parameters<AgentRuntime['command']>[1],
): Promise<unknown> {
  return runtime.command(runId, what).catch((error: unknown) => {
    throw toHttpError(error)
  })
}

function noStream(res: ServerResponse): void {
  res.writeHead(204, { ...securityHeaders, 'cache-control': 'no-store' }).end()
}
