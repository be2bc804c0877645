import { z } from 'zod'
import { gatewayTool } from '../../../app/gateway/gatewayTools.ts'
import { defineTool } from '../../../tools/defineTool.ts'
import { McpConnection } from '../../../tools/mcp/McpConnection.ts'
import { mcpStdioServerSchema } from '../../../tools/mcp/mcpConfig.ts'
import { adaptMcpTool } from '../../../tools/mcp/mcpToolAdapter.ts'
import { mcpToolName } from '../../../tools/mcp/mcpToolName.ts'
import { schemaHash } from '../../../tools/mcp/schemaHash.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { PermissionLevel } from '../../../vocabulary/PermissionLevel.ts'
import { toolOk } from '../../../vocabulary/ToolResult.ts'

/** The tool names of the model-based registry, one per permission level. */
export const modelToolNames = {
  read: 'read_note',
  write: 'write_note',
  destructive: 'delete_note',
  execute: 'run_command',
} as const satisfies Record<PermissionLevel, string>

/** The MCP gateway's tool: an upstream server's `write_file`, as the gateway offers it. */
export const gatewayToolName = mcpToolName('files', 'write_file')

// The gateway's own adapter over an upstream connection that is never started (the explorer
// prepares calls only): an untrusted server's tool, so the host's default level, destructive.
function upstreamWriteFile() {
  const config = mcpStdioServerSchema.parse({ command: 'never-started' })
  const connection = new McpConnection({
    name: 'files',
    config,
    baseDir: '.',
    callTimeoutMs: 1_000,
    startTimeoutMs: 1_000,
    onToolsChanged: () => {},
  })
  const tool = {
    name: 'write_file',
    inputSchema: {
      type: 'object' as const,
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    },
  }
  const adapted = adaptMcpTool(connection, config, tool)
  if (!adapted.ok) throw new Error(adapted.reason)
  return gatewayTool(
    adapted.tool,
    {
      server: 'files',
      connection,
      tool,
      schemaHash: schemaHash(tool.inputSchema),
    },
    'explorer',
  )
}

// The explorer never runs tools (invoked actors do not run during traversal); `execute` only
// exists so the registry is a real one.
const noEffect = () => toolOk({})

// The explorer never describes either: it sends what `describeCall` would answer (`DESCRIBED`).
// Two tools have a describe step, so both ways to a card (described and not) are explored.
const noDescription = (): never => {
  throw new Error('the explorer sends descriptions; it never reads a workspace')
}

/**
 * A registry with exactly one tool of each permission, the write and destructive ones with a
 * describe step; only `prepare` is used by the explorer.
 */
export function modelRegistry(): ToolRegistry {
  return new ToolRegistry([
    defineTool({
      name: modelToolNames.read,
      description: 'Read the notes.',
      parameters: z.strictObject({}),
      permission: 'read',
      preview: () => 'Read the notes',
      execute: noEffect,
    }),
    defineTool({
      name: modelToolNames.write,
      description: 'Write a note.',
      parameters: z.strictObject({ text: z.string().min(1) }),
      permission: 'write',
      preview: (args) => `Write “${args.text}”`,
      describe: noDescription,
      execute: noEffect,
    }),
    defineTool({
      name: modelToolNames.destructive,
      description: 'Delete a note.',
      parameters: z.strictObject({ id: z.string().min(1) }),
      permission: 'destructive',
      preview: (args) => `Delete note ${args.id}`,
      describe: noDescription,
      execute: noEffect,
    }),
    // The tool a person's Undo proposes (UNDO): destructive, described, carded like the others.
    defineTool({
      name: 'undo_change',
      description: 'Undo a change.',
      parameters: z.strictObject({ changeId: z.string().min(1) }),
      permission: 'destructive',
      preview: (args) => `Undo change ${args.changeId}`,
      describe: noDescription,
      execute: noEffect,
    }),
    defineTool({
      name: modelToolNames.execute,
      description: 'Run a command.',
      parameters: z.strictObject({ command: z.string().min(1) }),
      permission: 'execute',
      preview: (args) => `Run \`${args.command}\``,
      execute: noEffect,
    }),
    upstreamWriteFile(),
  ])
}
