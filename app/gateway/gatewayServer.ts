import { randomUUID } from 'node:crypto'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type RequestId,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
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
    capabilities: { tools: { listChanged: true }, resources: {} },
    instructions:
      'Every tool here belongs to another MCP server; StudyPulse asks a person before any call that is not a read.',
  })
  // The card as an MCP App, for a host that draws them (and has ext-apps' App to draw it with).
  const apps = () => drawsApps(server.getClientCapabilities()) && cardHtml() !== undefined
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: apps() ? [...gateway.listTools(cardUri), ...cardTools] : gateway.listTools(),
  }))
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: apps() ? [cardResource] : [],
  }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const text = apps() && request.params.uri === cardUri ? cardHtml() : undefined
    if (text === undefined) throw new Error(`no resource ${request.params.uri}`)
    return { contents: [{ uri: cardUri, mimeType: mcpAppMimeType, text }] }
  })
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
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
    const gone = options.askerGone?.(extra.requestId)
    const caller: GatewayCaller = {
      name: client?.title ?? client?.name ?? 'An MCP client',
      session,
      signal: gone === undefined ? extra.signal : AbortSignal.any([extra.signal, gone]),
      ...(person !== undefined && { person }),
      ...(canAsk && {
        elicit: (params, signal) =>
          server.elicitInput(params, { signal, timeout: questionTimeoutMs }),
      }),
      ...(opensUrls && {
        openPage: {
          ask: (params, signal) =>
            server.elicitInput(params, { signal, timeout: questionTimeoutMs }),
          done: (elicitationId) => server.createElicitationCompletionNotifier(elicitationId)(),
        },
      }),
      ...(token !== undefined && {
        progress: (progress, message) =>
          extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress, message },
          } as ServerNotification),
      }),
    }
    return gateway.callTool(request.params.name, request.params.arguments, caller)
  })
  const stop = gateway.onToolsChanged(() => {
    void server.sendToolListChanged().catch(() => {})
  })
  const closed = server.onclose
  server.onclose = () => {
    stop()
    closed?.()
  }
  return server
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
