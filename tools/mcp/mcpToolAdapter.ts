import type { Tool } from '@modelcontextprotocol/client'
import type { JsonSchema } from '../../models/messages.ts'
import { type AnyToolDefinition, defineTool } from '../defineTool.ts'
import { jsonSchemaParameters } from '../jsonSchemaParameters.ts'
import { UnsafePatternError } from '../linearRegExp.ts'
import { decidePermission } from './decidePermission.ts'
import type { McpConnection } from './McpConnection.ts'
import type { McpServerConfig } from './mcpConfig.ts'
import { mcpToolName } from './mcpToolName.ts'
import { previewMcpArguments } from './previewMcpArguments.ts'
import { schemaHash } from './schemaHash.ts'

// Any object: the tool's JSON Schema (checked by ajv at prepare) is what really validates.
/** One MCP tool as a registry tool, or why it was left out. */
export type AdaptedTool = { ok: true; tool: AnyToolDefinition } | { ok: false; reason: string }

/**
 * Turns a server's tool into a registry tool: the model sees `<server>__<tool>` with the server's
 * `inputSchema`; the host decides its permission; the digest covers server, tool and schema.
 */
export function adaptMcpTool(
  connection: McpConnection,
  config: McpServerConfig,
  tool: Tool,
): AdaptedTool {
  const server = connection.name
  const schema = tool.inputSchema as JsonSchema
  let parameters: ReturnType<typeof jsonSchemaParameters>
  try {
    parameters = jsonSchemaParameters(schema)
  } catch (error) {
    if (error instanceof UnsafePatternError) return { ok: false, reason: error.message }
    return { ok: false, reason: `its input schema is not valid JSON Schema: ${String(error)}` }
  }
  const hash = schemaHash(schema)
  const hostLevel = Object.hasOwn(config.tools, tool.name) ? config.tools[tool.name] : undefined
  const { level, origin } = decidePermission({
    server,
    trusted: config.trusted,
    ...(hostLevel !== undefined && { hostLevel }),
    ...(tool.annotations !== undefined && { hints: tool.annotations }),
  })
  const summary = tool.description ?? tool.title ?? tool.name
  return {
    ok: true,
    tool: defineTool({
      name: mcpToolName(server, tool.name),
      description: `[MCP server "${server}", tool "${tool.name}"] ${summary}`,
      parameters,
      inputJsonSchema: schema,
      contract: `mcp\n${server}\n${tool.name}\n${hash}`,
      permission: level,
      permissionOrigin: { ...origin, server, tool: tool.name },
      preview: (args) => `MCP server ${server} › ${tool.name} ${previewMcpArguments(args)}`,
      execute: (args, context) => connection.callTool(tool.name, args, hash, context.signal),
    }),
  }
}
