import { randomUUID } from 'node:crypto'
import {
  type CallToolResult,
  type Notification,
  ProtocolError,
  type RequestId,
  Server,
} from '@modelcontextprotocol/server'
import { z } from 'zod'
import { argumentTextDepth } from '../../models/stringifyBounded.ts'
import { jsonValueDepth } from '../../tools/jsonDepth.ts'
import type { McpReadAnswer } from '../../tools/mcp/mcpReads.ts'
import { whileRunning } from '../../tools/mcp/whileRunning.ts'
import type { Identity } from '../../vocabulary/Identity.ts'
import {
  cardHtml,
  cardResource,
  cardTool,
  cardTools,
  cardUri,
  decideTool,
  drawsApps,
  mcpAppMimeType,
} from './cardApp.ts'
import type { CardAsker, Gateway } from './Gateway.ts'
import type { GatewayCaller } from './GatewayCaller.ts'
import { questionValidator } from './questionValidator.ts'

/** The gateway's name and version as MCP clients see them. */
export const gatewayInfo = {
  name: 'studypulse-gateway',
  title: 'StudyPulse gateway',
  version: '0.1.0',
}

/** How long a question asked in the host may stay open: the card's own deadline ends it sooner. */
const questionTimeoutMs = 24 * 60 * 60 * 1000

/**
 * One MCP server session over the gateway (one per stdio process, one per Streamable HTTP
 * session): `tools/list` and `tools/call` answered by the gateway, `tools/list_changed` passed on,
 * the card asked in the host when the client declared form elicitation.
 */
export function createGatewayServer(
  gateway: Gateway,
  options: {
    /** The signed-in person of this session (hosted mode): their calls are their runs. */
    person?: Identity
    /**
     * Aborted when the asker of request `requestId` is gone though it sent no cancel (over HTTP:
     * the response it waits on closed first); the transport's own close aborts every call anyway.
     */
    askerGone?: (requestId: RequestId) => AbortSignal | undefined
  } = {},
): Server {
  const { person } = options
  // This session's own name: its cards are drawn and decided in it alone.
  const session = randomUUID()
  const asker = { session, ...(person !== undefined && { person }) }
  const server = new Server(gatewayInfo, {
    capabilities: {
      tools: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
      prompts: { listChanged: true },
      completions: {},
      // The gateway keeps each session's level itself: the servers are never told one.
      logging: {},
    },
    instructions:
      'Every tool here belongs to another MCP server; StudyPulse asks a person before any call that is not a read.',
    // Answers are checked against each question's schema, compiled once for every session.
    jsonSchemaValidator: questionValidator(),
  })
  // The card as an MCP App, for a host that draws them (and has ext-apps' App to draw it with).
  const apps = () => drawsApps(server.getClientCapabilities()) && cardHtml() !== undefined
  server.setRequestHandler('tools/list', () => ({
    tools: apps() ? [...gateway.listTools(cardUri), ...cardTools] : gateway.listTools(),
  }))
  const { catalog } = gateway
  server.setRequestHandler('resources/list', async (_request, ctx) => {
    const { resources } = await catalog.listResources(ctx.mcpReq.signal)
    return { resources: apps() ? [cardResource, ...resources] : resources }
  })
  server.setRequestHandler('resources/templates/list', (_request, ctx) =>
    catalog.listResourceTemplates(ctx.mcpReq.signal),
  )
  server.setRequestHandler('resources/read', async (request, ctx) => {
    if (request.params.uri !== cardUri) {
      return answered(await catalog.readResource(request.params.uri, ctx.mcpReq.signal))
    }
    const text = apps() ? cardHtml() : undefined
    if (text === undefined) throw new ProtocolError(-32602, `no resource ${request.params.uri}`)
    return { contents: [{ uri: cardUri, mimeType: mcpAppMimeType, text }] }
  })
  const { subscriptions } = catalog
  server.setRequestHandler('resources/subscribe', async (request, ctx) =>
    answered(await subscriptions.subscribe(request.params.uri, session, ctx.mcpReq.signal)),
  )
  server.setRequestHandler('resources/unsubscribe', async (request, ctx) =>
    answered(await subscriptions.unsubscribe(request.params.uri, session, ctx.mcpReq.signal)),
  )
  server.setRequestHandler('prompts/list', (_request, ctx) =>
    catalog.listPrompts(ctx.mcpReq.signal),
  )
  server.setRequestHandler('prompts/get', async (request, ctx) =>
    answered(
      await catalog.getPrompt(request.params.name, request.params.arguments, ctx.mcpReq.signal),
    ),
  )
  server.setRequestHandler('completion/complete', async (request, ctx) =>
    answered(await catalog.complete(request.params, ctx.mcpReq.signal)),
  )
  server.setRequestHandler('tools/call', (request, ctx) => {
    const { signal } = ctx.mcpReq
    const { name } = request.params
    if (apps() && (name === cardTool || name === decideTool)) {
      return appTool(gateway, name, request.params.arguments ?? {}, asker)
    }
    const client = server.getClientVersion()
    const token = request.params._meta?.progressToken
    const form = server.getClientCapabilities()?.elicitation
    // A client that declares elicitation without modes supports form (the 2025-06-18 shape).
    const canAsk = form !== undefined && (form.form !== undefined || form.url === undefined)
    const opensUrls = form?.url !== undefined
    const gone = options.askerGone?.(ctx.mcpReq.id)
    const caller: GatewayCaller = {
      name: client?.title ?? client?.name ?? 'An MCP client',
      session,
      signal: gone === undefined ? signal : AbortSignal.any([signal, gone]),
      ...(person !== undefined && { person }),
      ...(canAsk && {
        // The question's signal is aborted once the call is answered: by then so is the question.
        elicit: (params, signal) =>
          whileRunning(signal, (own) =>
            server.elicitInput(params, { signal: own, timeout: questionTimeoutMs }),
          ),
      }),
      ...(opensUrls && {
        openPage: {
          ask: (params, signal) =>
            whileRunning(signal, (own) =>
              server.elicitInput(params, { signal: own, timeout: questionTimeoutMs }),
            ),
          done: (elicitationId) => server.createElicitationCompletionNotifier(elicitationId)(),
        },
      }),
      ...(token !== undefined && {
        progress: (progress, message) =>
          ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress, message },
          }),
      }),
    }
    return gateway.callTool(request.params.name, request.params.arguments, caller)
  })
  const stop = gateway.onToolsChanged(() => {
    void server.sendToolListChanged().catch(() => {})
  })
  // The servers' log lines (at this session's level) and list changes, passed on.
  const stopNotices = catalog.onNotification((notification) => {
    const { method, params } = notification
    if (method === 'notifications/resources/updated' && !subscriptions.wants(params.uri, session))
      return
    const sent =
      notification.method === 'notifications/message'
        ? server.sendLoggingMessage(notification.params, server.transport?.sessionId)
        : server.notification(notification as Notification)
    void sent.catch(() => {})
  })
  const closed = server.onclose
  server.onclose = () => {
    stop()
    stopNotices()
    subscriptions.forget(session)
    closed?.()
  }
  return server
}

// A server's answer as this SDK's result, or its error as the JSON-RPC error it was.
function answered<T>(answer: McpReadAnswer): T {
  if (answer.ok) return answer.result as T
  throw new ProtocolError(answer.code, answer.message)
}

// What the card sends with its decision (the card's id and digest, as `studypulse_card` gave them).
const AppDecisionSchema = z.strictObject({
  confirmationId: z.string().min(1).max(200),
  digest: z.string().min(1).max(200),
  decision: z.enum(['allow', 'deny']),
  remember: z.enum(['session', 'always']).optional(),
})

/** The card app's own tools: read the waiting card, send the decision. */
async function appTool(
  gateway: Gateway,
  name: string,
  args: Record<string, unknown>,
  asker: CardAsker,
): Promise<CallToolResult> {
  const refused = (code: string, message: string): CallToolResult => ({
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: { ok: false, error: { code, message } },
  })
  if (name === cardTool) {
    // The arguments are canonicalised to find the card, by a function that recurses per level.
    if (jsonValueDepth(args.arguments, argumentTextDepth) > argumentTextDepth)
      return refused(
        'arguments_too_deep',
        `The arguments nest more than ${argumentTextDepth} levels; no call could have them.`,
      )
    const card = await gateway.cardFor(String(args.tool ?? ''), args.arguments ?? {}, asker)
    if (card === undefined) return refused('confirmation_not_found', 'No card waits for this call.')
    return { content: [{ type: 'text', text: card.headline }], structuredContent: { ...card } }
  }
  const parsed = AppDecisionSchema.safeParse(args)
  if (!parsed.success) {
    return refused('invalid_decision', 'a decision names its card, its digest and allow or deny')
  }
  const { remember, ...decision } = parsed.data
  const taken = await gateway.decideFromApp({
    ...decision,
    ...(remember !== undefined && { remember }),
    from: asker,
  })
  return taken.ok
    ? {
        content: [{ type: 'text', text: `${decision.decision} taken` }],
        structuredContent: { ok: true },
      }
    : refused(taken.code, taken.message)
}
