import type { McpServerStatus } from '../tools/mcp/McpServerStatus.ts'
import { countOf } from '../vocabulary/countOf.ts'

const stateNote: Partial<Record<McpServerStatus['state'], string>> = {
  starting: ' — starting',
  stopped: ' — stopped, starts again on the next call',
  closed: ' — closed',
}

/** One line about a server: how it is reached, whether trusted, its tools by level, its state, and what was left out. */
export function describeMcpServer(server: McpServerStatus): string {
  const how = `${server.transport}, ${server.trusted ? 'trusted' : 'untrusted'}`
  if (server.state === 'failed') {
    return `MCP server ${server.name} (${how}) failed to start: ${server.error ?? 'unknown error'}`
  }
  const counts = ['read', 'write', 'destructive', 'execute']
    .map((level) => [level, server.tools.filter((t) => t.permission === level).length] as const)
    .filter(([, n]) => n > 0)
    .map(([level, n]) => `${n} ${level}`)
    .join(', ')
  const tools = `${countOf(server.tools.length, 'tool')}${counts ? ` (${counts})` : ''}`
  const left = server.skipped.map((skip) => `; left out ${skip.mcpName}: ${skip.reason}`).join('')
  return `MCP server ${server.name} (${how}): ${tools}${stateNote[server.state] ?? ''}${left}`
}
