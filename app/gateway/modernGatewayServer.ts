import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  type Implementation,
  ProtocolError,
  Server,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server'
import type { McpReadAnswer } from '../../tools/mcp/mcpReads.ts'
import type { Identity } from '../../vocabulary/Identity.ts'
import { AskByInputRequired } from './askByInputRequired.ts'
import type { Gateway } from './Gateway.ts'
import type { GatewayCaller } from './GatewayCaller.ts'
import { gatewayInfo } from './gatewayServer.ts'
import { withLogLines } from './modernLogLines.ts'

/** The protocol revision a client speaks statelessly, asking through `InputRequiredResult`. */
export const statelessRevision = '2026-07-28'

/** Every revision the gateway speaks, newest first (2025-11-25 through `initialize` and sessions). */
export const gatewayRevisions = [statelessRevision, '2025-11-25'] as const

/**
 * The gateway for one 2026-07-28 request (over HTTP) or connection (over stdio), on the MCP
 * TypeScript SDK v2: no `initialize`, no session; `server/discover` is the SDK's, naming both
 * revisions. A read goes straight through; a gated call is asked about by its own answer (an
 * `InputRequiredResult`) when the client declares form elicitation, else it waits for the page.
 */
export function createModernGatewayServer(
  gateway: Gateway,
  options: {
    /** Who the caller is, for binding its question states: the person, or the connection. */
    principal: string
    /** The signed-in person of this request (hosted mode): their calls are their runs. */
    person?: Identity
    /**
     * Sends upstream list changes as this instance's own notifications: over stdio (one instance
     * per connection) `serveStdio` puts them on the client's `subscriptions/listen` streams. Over
     * HTTP each request has its own instance, and the handler's `notify` does it instead.
     */
    announceChanges?: boolean
  },
): Server {
  const server = new Server(gatewayInfo, {
    // List changes go out on `subscriptions/listen` streams, which the HTTP face serves.
    // Resource updates go out on those streams too (a listen names its resources), and log lines
    // on the response stream of a request that asks for them (`withLogLines`).
    capabilities: {
      tools: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
      prompts: { listChanged: true },
      completions: {},
      logging: {},
    },
    supportedProtocolVersions: [...gatewayRevisions],
    instructions:
      'Every tool here belongs to another MCP server; StudyPulse asks a person before any call that is not a read.',
  })
  server.setRequestHandler('tools/list', () => ({
    tools: gateway.listTools() as unknown as Tool[],
  }))
  const { catalog } = gateway
  if (options.announceChanges === true) announceChanges(gateway, server)
  server.setRequestHandler('resources/list', (_request, ctx) =>
    withLogLines(catalog, ctx, () => catalog.listResources(ctx.mcpReq.signal)),
  )
  server.setRequestHandler('resources/templates/list', (_request, ctx) =>
    withLogLines(catalog, ctx, () => catalog.listResourceTemplates(ctx.mcpReq.signal)),
  )
  server.setRequestHandler('resources/read', (request, ctx) =>
    withLogLines(catalog, ctx, async () =>
      answered(await catalog.readResource(request.params.uri, ctx.mcpReq.signal)),
    ),
  )
  server.setRequestHandler('prompts/list', (_request, ctx) =>
    withLogLines(catalog, ctx, () => catalog.listPrompts(ctx.mcpReq.signal)),
  )
  server.setRequestHandler('prompts/get', (request, ctx) =>
    withLogLines(catalog, ctx, async () =>
      answered(
        await catalog.getPrompt(request.params.name, request.params.arguments, ctx.mcpReq.signal),
      ),
    ),
  )
  server.setRequestHandler('completion/complete', (request, ctx) =>
    withLogLines(catalog, ctx, async () =>
      answered(await catalog.complete(request.params, ctx.mcpReq.signal)),
    ),
  )
  server.setRequestHandler('tools/call', (request, ctx) =>
    withLogLines(catalog, ctx, () => callTool(gateway, request.params, ctx, options)),
  )
  return server
}

/** A `tools/call`: a read straight through; a gated call asked about by its own answer. */
async function callTool(
  gateway: Gateway,
  params: { name: string; arguments?: Record<string, unknown> | undefined },
  ctx: ServerContext,
  options: { principal: string; person?: Identity },
): Promise<CallToolResult> {
  const { principal, person } = options
  const { name } = params
  const args = params.arguments ?? {}
  const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>
  const client = envelope[CLIENT_INFO_META_KEY] as Implementation | undefined
  const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined
  const form = capabilities?.elicitation
  // A client that declares elicitation without modes supports form.
  const canAsk = form !== undefined && (form.form !== undefined || form.url === undefined)
  const caller: GatewayCaller = {
    name: client?.title ?? client?.name ?? 'An MCP client',
    // No session in this revision: the card app (MCP Apps) is offered on 2025-11-25 only.
    session: `stateless:${principal}`,
    signal: ctx.mcpReq.signal,
    ...(person !== undefined && { person }),
  }
  if (!canAsk) return (await gateway.callTool(name, args, caller)) as CallToolResult
  return gateway
    .inputRequired((runtime) => new AskByInputRequired(gateway, runtime))
    .call(
      {
        name,
        args,
        ...(ctx.mcpReq.inputResponses !== undefined && {
          inputResponses: ctx.mcpReq.inputResponses,
        }),
        ...(rawState(ctx) !== undefined && { requestState: rawState(ctx) as string }),
      },
      caller,
      principal,
    ) as Promise<CallToolResult>
}

// Upstream list changes as the instance's notifications, for as long as it is open.
function announceChanges(gateway: Gateway, server: Server): void {
  const stops = [
    gateway.onToolsChanged(() => void server.sendToolListChanged().catch(() => {})),
    gateway.catalog.onNotification((notification) => {
      const { method } = notification
      if (method === 'notifications/resources/list_changed') {
        void server.sendResourceListChanged().catch(() => {})
      }
      if (method === 'notifications/prompts/list_changed') {
        void server.sendPromptListChanged().catch(() => {})
      }
      // To the streams that listen to this resource only (the SDK's router picks them).
      if (notification.method === 'notifications/resources/updated') {
        void server.sendResourceUpdated({ uri: notification.params.uri }).catch(() => {})
      }
    }),
  ]
  const closed = server.onclose
  server.onclose = () => {
    for (const stop of stops) stop()
    closed?.()
  }
}

// A server's answer as this SDK's result (its shape read by the SDK 1.x client that fetched it),
// or its error as the JSON-RPC error it was.
function answered<T>(answer: McpReadAnswer): T {
  if (answer.ok) return answer.result as T
  throw new ProtocolError(answer.code, answer.message)
}

// With no verify hook configured, the accessor gives the wire string as the client sent it; the
// gateway opens it itself, so a bad one is a tool result saying it decided nothing.
function rawState(ctx: ServerContext): string | undefined {
  const state = ctx.mcpReq.requestState()
  return typeof state === 'string' ? state : undefined
}
