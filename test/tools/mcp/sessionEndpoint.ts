import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'

/** A test MCP server's Streamable HTTP endpoint on a random port of 127.0.0.1. */
export interface SessionEndpoint {
  url: string
  /** Closes every session's transport, then the server and its connections. */
  close(): Promise<void>
}

/**
 * Serves `/mcp` for a test server of the SDK 1.x: a request naming a session in `sessions` goes to
 * that session's transport, a POST naming none opens one (`open`, which puts it in `sessions` once
 * initialised), anything else is 404.
 */
export async function serveSessions<S>(
  sessions: ReadonlyMap<string, S>,
  open: () => Promise<S>,
  transportOf: (session: S) => StreamableHTTPServerTransport,
): Promise<SessionEndpoint> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const id = req.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    if (known === undefined && (req.method !== 'POST' || id !== undefined)) {
      res.writeHead(404).end()
      return
    }
    await transportOf(known ?? (await open())).handleRequest(req, res)
  }
  const http = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end())
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((session) => transportOf(session).close()))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
