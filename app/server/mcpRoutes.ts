import type { McpServerStatus } from '../../tools/mcp/McpServerStatus.ts'
import type { Route } from './router.ts'
import { sendJson } from './sendJson.ts'

/** What the app knows of its MCP servers: their state, tools and levels. */
export interface McpServersView {
  servers(): readonly McpServerStatus[]
}

/** `GET /api/mcp/servers`: the connected MCP servers, their tools, levels and where each came from. */
export function mcpRoutes(mcp: McpServersView | undefined): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/mcp/servers',
      handler: ({ res }) => sendJson(res, 200, { servers: mcp?.servers() ?? [] }),
    },
  ]
}
