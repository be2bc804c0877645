import { randomUUID } from 'node:crypto'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { AnyToolDefinition, ToolContext } from '../../tools/defineTool.ts'
import {
  type CreateMcpToolsOptions,
  createMcpTools,
  type McpTools,
  type McpUpstreamTool,
} from '../../tools/mcp/createMcpTools.ts'
import type { McpConfig } from '../../tools/mcp/mcpConfig.ts'
import { toolFailure, toolOk } from '../../vocabulary/ToolResult.ts'
import { describeFileWrite } from './describeFileWrite.ts'
import { gatedOutputSchema } from './gatewayResult.ts'

/** The most characters of a server's own content kept with a result to pass on as it was. */
const maxKeptContent = 200_000

/**
 * The upstream servers' tools as the gateway offers them: the app's MCP adapter (host levels,
 * schema-bound digests), plus a describe step for file writes and the server's own content kept
 * with each result, so the client gets what the server said.
 */
export function createGatewayTools(
  config: McpConfig,
  options: Omit<CreateMcpToolsOptions, 'decorate'> = {},
): Promise<McpTools> {
  // This gateway process's own: every card it shows is bound to it (see `gatewayTool`).
  const session = randomUUID()
  return createMcpTools(config, {
    ...options,
    decorate: (tool, upstream) => gatewayTool(tool, upstream, session),
  })
}

/**
 * One upstream tool as the gateway offers it (the adapter's tool, decorated as above). Its
 * contract, which the call's digest covers, also names the gateway process (`session`): a card
 * left by a gateway that stopped is prepared again with another digest by whoever restores it
 * (the app, or the next gateway), which closes it as changed; its call never runs later.
 */
export function gatewayTool(
  tool: AnyToolDefinition,
  upstream: McpUpstreamTool,
  session: string,
): AnyToolDefinition {
  const fileWrite = describeFileWrite(upstream)
  const { connection, tool: listed, schemaHash } = upstream
  return Object.freeze({
    ...tool,
    contract: `${tool.contract ?? ''}\ngateway ${session}`,
    ...(fileWrite !== undefined && { describe: (args: unknown) => fileWrite.describe(args) }),
    execute: async (args: Record<string, unknown>, context: ToolContext) => {
      // The card showed the target at a version: the call runs only on that very version, read
      // through the server's own read tool just before it (the server offers no compare-and-set,
      // so a write landing in between is not seen; the window is this one round trip).
      const { expectedVersion, signal } = context
      if (fileWrite !== undefined && expectedVersion !== undefined) {
        const changed = await fileWrite.stillAsShown(args, expectedVersion, signal)
        if (changed !== undefined) return changed
      }
      const { result, raw } = await connection.call(listed.name, args, schemaHash, signal)
      const content = raw?.content
      const kept = Array.isArray(content) && JSON.stringify(content).length <= maxKeptContent
      if (!kept) return result
      if (result.ok) return toolOk({ ...(result.data as object), content })
      return toolFailure(result.error.code, result.error.message, { content })
    },
  }) as AnyToolDefinition
}

/** One offered tool as `tools/list` shows it: the server's own entry under the gateway's name. */
export function listedTool(name: string, upstream: McpUpstreamTool, gated: boolean): Tool {
  const { tool } = upstream
  const outputSchema = gated ? gatedOutputSchema(tool.outputSchema) : tool.outputSchema
  return {
    name,
    ...(tool.title !== undefined && { title: tool.title }),
    description: `[${upstream.server}] ${tool.description ?? tool.title ?? tool.name}`,
    inputSchema: tool.inputSchema,
    ...(outputSchema !== undefined && { outputSchema }),
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
  }
}
