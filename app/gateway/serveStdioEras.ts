import type { Transport } from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import type { Gateway } from './Gateway.ts'
import { createGatewayServer } from './gatewayServer.ts'

/**
 * Serves the gateway on this process's stdio in the revision the client opens with, through the
 * MCP SDK v2's `serveStdio`: `initialize` pins the connection to 2025-11-25 and the gateway's
 * session server (elicitation, MCP Apps); a request naming 2026-07-28 pins it to the stateless
 * server. A `server/discover` probe alone pins nothing: a client may still fall back to
 * `initialize` after it, and the probe's instance is let go.
 */
export function serveStdioEras(
  gateway: Gateway,
  /** This process's connection, the principal its 2026-07-28 question states are bound to. */
  principal: string,
  /** The connection's transport (stdio by default), for a caller that watches its messages too. */
  transport?: Transport,
): { close(): Promise<void> } {
  return serveStdio(
    async ({ era }) => {
      if (era === 'legacy') return createGatewayServer(gateway)
      // The 2026-07-28 face loads with the first client that speaks it.
      const { createModernGatewayServer } = await import('./modernGatewayServer.ts')
      return createModernGatewayServer(gateway, { principal, announceChanges: true })
    },
    transport === undefined ? {} : { transport },
  )
}
