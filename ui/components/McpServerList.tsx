import { useEffect, useState } from 'react'
import type { McpServerStatus } from '../../tools/mcp/McpServerStatus.ts'
import { countOf } from '../../vocabulary/countOf.ts'
import type { McpAccess } from '../core/McpAccess.ts'
import { PermissionBadge } from './PermissionBadge.tsx'

/** Props of `McpServerList`. */
export interface McpServerListProps {
  access: McpAccess
  /** Read again whenever this changes (e.g. after a tool ran). */
  refreshKey?: unknown
}

const stateText: Record<McpServerStatus['state'], string> = {
  starting: 'starting',
  connected: 'connected',
  stopped: 'stopped; starts again on the next call',
  failed: 'failed to start',
  closed: 'closed',
}

/** "Tool servers": each MCP server, its state, each tool with its level and who set it, and the tools left out with why. */
export function McpServerList({ access, refreshKey }: McpServerListProps) {
  const [servers, setServers] = useState<readonly McpServerStatus[]>()
  const [error, setError] = useState<string>()
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is a trigger only
  useEffect(() => {
    let current = true
    access.listMcpServers().then(
      (list) => {
        if (current) setServers(list)
      },
      (e: unknown) => {
        if (current) setError(e instanceof Error ? e.message : String(e))
      },
    )
    return () => {
      current = false
    }
  }, [access, refreshKey])
  if (error !== undefined)
    return <p className="sp-notice sp-notice--error">Could not list tool servers: {error}</p>
  if (servers === undefined) return <p className="sp-muted">Loading…</p>
  if (servers.length === 0) return <p className="sp-muted">No tool servers are set up.</p>
  return (
    <ul className="sp-list sp-mcp">
      {servers.map((server) => (
        <li key={server.name} data-mcp-server={server.name} data-state={server.state}>
          <span className="sp-list__title">{server.name}</span>
          <span className="sp-list__meta">
            {server.transport} · {server.trusted ? 'trusted' : 'untrusted'} ·{' '}
            {stateText[server.state]}
            {server.error && server.state !== 'connected' ? ` — ${server.error}` : ''}
          </span>
          {server.tools.length > 0 ? (
            <details className="sp-mcp__details">
              <summary>{countByLevel(server)}</summary>
              <ul className="sp-mcp__tools">
                {server.tools.map((tool) => (
                  <li key={tool.name} data-tool={tool.name}>
                    <PermissionBadge permission={tool.permission} />
                    <code>{tool.mcpName}</code>
                    <span className="sp-list__meta">{tool.origin.text}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {server.skipped.length > 0 ? (
            <details className="sp-mcp__details sp-mcp__skipped">
              <summary>
                {server.skipped.length} {server.skipped.length === 1 ? 'tool' : 'tools'} left out
              </summary>
              <ul className="sp-mcp__tools">
                {server.skipped.map((skip) => (
                  <li key={skip.mcpName} data-skipped={skip.mcpName}>
                    <code>{skip.mcpName}</code>
                    <span className="sp-list__meta">{skip.reason}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function countByLevel(server: McpServerStatus): string {
  const levels = ['read', 'write', 'destructive', 'execute'] as const
  const counts = levels
    .map((level) => [level, server.tools.filter((t) => t.permission === level).length] as const)
    .filter(([, n]) => n > 0)
    .map(([level, n]) => `${n} ${level}`)
  return `${countOf(server.tools.length, 'tool')}: ${counts.join(', ')}`
}
