import {
  LOG_LEVEL_META_KEY,
  type LoggingLevel,
  type ServerContext,
} from '@modelcontextprotocol/server'
import type { GatewayCatalog } from './gatewayCatalog.ts'

// The protocol's levels, least severe first (RFC 5424's, as MCP names them).
const levels: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]

/** The level a 2026-07-28 request asks log lines at (its `_meta`), if it asks for any. */
export function askedLevel(ctx: ServerContext): LoggingLevel | undefined {
  const asked = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[LOG_LEVEL_META_KEY]
  return levels.find((level) => level === asked)
}

/**
 * Answers a 2026-07-28 request, passing on its response stream the fronted servers' log lines
 * sent while it is answered, at the level its `_meta` asks (`io.modelcontextprotocol/logLevel`):
 * that revision has no `logging/setLevel` and no stream of a session's own, so a client hears
 * log lines only during its requests, and only when it asks. A request that names no level hears
 * none. Each line names its server as its logger, as on 2025-11-25.
 */
export async function withLogLines<T>(
  catalog: GatewayCatalog,
  ctx: ServerContext,
  answer: () => Promise<T>,
): Promise<T> {
  const level = askedLevel(ctx)
  if (level === undefined) return answer()
  const least = levels.indexOf(level)
  const stop = catalog.onNotification((notification) => {
    if (notification.method !== 'notifications/message') return
    if (levels.indexOf(notification.params.level) < least) return
    void ctx.mcpReq
      .notify({ method: 'notifications/message', params: notification.params })
      .catch(() => {})
  })
  try {
    return await answer()
  } finally {
    stop()
  }
}
