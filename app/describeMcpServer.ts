import type { McpServerStatus } from '../tools/mcp/McpServerStatus.ts'

/** One line about a server: how it is reached, whether trusted, and its state or error. */
export function describeMcpServer(server: McpServerStatus): string {
  const how = `${server.transport}, ${server.trusted ? 'trusted' : 'untrusted'}`
  const counts = ['read', 'write', 'destructive', 'execute']
    .map((level) => [level, server.tools.filter((t) => t.permission === level).length] as const)
    .filter(([, n]) => n > 0)
    .map(([level, n]) => `${n} ${level}`)
    .join(', ')
  return server.state === 'failed'
    ? `MCP server ${server.name} (${how}) failed to start: ${server.error ?? 'unknown error'}`
    : `MCP server ${server.name} (${how}): ${server.tools.length} tools${counts ? ` (${counts})` : ''}`
}
