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
  const { principal, person } = options
  const server = new Server(gatewayInfo, {
    // List changes go out on `subscriptions/listen` streams, which the HTTP face serves.
    capabilities: {
      tools: { listChanged: true },
      resources: { listChanged: true },
      prompts: { listChanged: true },
      completions: {},
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
    catalog.listResources(ctx.mcpReq.signal),
  )
  server.setRequestHandler('resources/templates/list', (_request, ctx) =>
    catalog.listResourceTemplates(ctx.mcpReq.signal),
  )
  server.setRequestHandler('resources/read', async (request, ctx) =>
    answered(await catalog.readResource(request.params.uri, ctx.mcpReq.signal)),
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
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name } = request.params
    const args = request.params.arguments ?? {}
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
  })
  return server
}

// Upstream list changes as the instance's notifications, for as long as it is open.
function announceChanges(gateway: Gateway, server: Server): void {
  const stops = [
    gateway.onToolsChanged(() => void server.sendToolListChanged().catch(() => {})),
    gateway.catalog.onNotification(({ method }) => {
      if (method === 'notifications/resources/list_changed') {
        void server.sendResourceListChanged().catch(() => {})
      }
      if (method === 'notifications/prompts/list_changed') {
        void server.sendPromptListChanged().catch(() => {})
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
