import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js'
import type { Gateway, GatewayCaller } from './Gateway.ts'

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
export function createGatewayServer(gateway: Gateway): Server {
  const server = new Server(gatewayInfo, {
    capabilities: { tools: { listChanged: true } },
    instructions:
      'Every tool here belongs to another MCP server; StudyPulse asks a person before any call that is not a read.',
  })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: gateway.listTools() }))
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const client = server.getClientVersion()
    const token = request.params._meta?.progressToken
    const form = server.getClientCapabilities()?.elicitation
    // A client that declares elicitation without modes supports form (the 2025-06-18 shape).
    const canAsk = form !== undefined && (form.form !== undefined || form.url === undefined)
    const caller: GatewayCaller = {
      name: client?.title ?? client?.name ?? 'An MCP client',
      signal: extra.signal,
      ...(canAsk && {
        elicit: (params, signal) =>
          server.elicitInput(params, { signal, timeout: questionTimeoutMs }),
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
