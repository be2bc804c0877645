import { randomUUID } from 'node:crypto'
import type { Tool } from '@modelcontextprotocol/server'
import type { AnyToolDefinition, ToolContext } from '../../tools/defineTool.ts'
import {
  type CreateMcpToolsOptions,
  createMcpTools,
  type McpTools,
  type McpUpstreamTool,
} from '../../tools/mcp/createMcpTools.ts'
import type { McpConfig } from '../../tools/mcp/mcpConfig.ts'
import { toolFailure, toolOk } from '../../vocabulary/ToolResult.ts'
import { type LineBreaks, visibleText } from '../../vocabulary/visibleText.ts'
import { describeFileWrite } from './describeFileWrite.ts'
import { gatedOutputSchema } from './gatewayResult.ts'

/** The most characters of a server's own content kept with a result to pass on as it was. */
const maxKeptContent = 200_000

/** The most characters of a server's tool description the host's model is given. */
export const maxOfferedDescription = 4000

/** The most characters of a server's tool title (and its annotations' title) the host is given. */
export const maxOfferedTitle = 200

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

/**
 * One offered tool as `tools/list` shows it: the server's own entry under the gateway's name. Its
 * description and titles are the server's words, read by the host's model: cut to a bound, with
 * the cut marked, and with control, bidi and other invisible characters shown as `<U+XXXX>`, so a
 * server can neither flood the model's context nor hide what its text says.
 */
export function listedTool(name: string, upstream: McpUpstreamTool, gated: boolean): Tool {
  const { tool } = upstream
  const outputSchema = gated ? gatedOutputSchema(tool.outputSchema) : tool.outputSchema
  const annotations =
    typeof tool.annotations?.title === 'string'
      ? { ...tool.annotations, title: offeredText(tool.annotations.title, maxOfferedTitle, 'mark') }
      : tool.annotations
  const summary = tool.description ?? tool.title ?? tool.name
  return {
    name,
    ...(tool.title !== undefined && { title: offeredText(tool.title, maxOfferedTitle, 'mark') }),
    description: `[${upstream.server}] ${offeredText(summary, maxOfferedDescription, 'keep')}`,
    inputSchema: tool.inputSchema,
    ...(outputSchema !== undefined && { outputSchema }),
    ...(annotations !== undefined && { annotations }),
  }
}

/** A server's text as offered: invisible characters shown, at most `max` characters, the cut marked. */
export function offeredText(text: string, max: number, lineBreaks: LineBreaks): string {
  const shown = visibleText(text, lineBreaks)
  if (shown.length <= max) return shown
  let cut = shown.slice(0, max)
  // Never half a character (a surrogate pair) nor half a `<U+XXXX>` tag.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  const tag = cut.lastIndexOf('<U+')
  if (tag !== -1 && cut.indexOf('>', tag) === -1) cut = cut.slice(0, tag)
  const left = shown.length - cut.length
  return `${cut}… [cut by the gateway: ${left.toLocaleString('en-US')} more characters]`
}
