import type { PermissionLevel } from '../../vocabulary/PermissionLevel.ts'
import type { PermissionOrigin } from '../../vocabulary/PermissionOrigin.ts'
import type { McpConnectionState } from './McpConnection.ts'

/** One of a server's tools as the side panel lists it. */
export interface McpToolStatus {
  /** The name the model sees, `<server>__<tool>`. */
  name: string
  /** The server's own name for it. */
  mcpName: string
  permission: PermissionLevel
  origin: PermissionOrigin
}

/** One MCP server as the app reports it: how it is reached, whether it runs, its tools and levels. */
export interface McpServerStatus {
  name: string
  transport: 'stdio' | 'http'
  trusted: boolean
  state: McpConnectionState
  error?: string
  tools: McpToolStatus[]
  /** Tools left out, with why (an invalid schema, a name taken). */
  skipped: { mcpName: string; reason: string }[]
}
