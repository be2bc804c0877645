import type { McpServerStatus } from '../../tools/mcp/McpServerStatus.ts'

/** The MCP servers as the side panel needs them; `StudyPulseClient` offers this. */
export interface McpAccess {
  /** Each server: its state, its tools, their levels and who set each level. */
  listMcpServers(): Promise<readonly McpServerStatus[]>
}
