import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import type { Gateway } from './Gateway.ts'
import { createGatewayServer } from './gatewayServer.ts'

/** The gateway served over Streamable HTTP. */
export interface GatewayHttp {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: string
  close(): Promise<void>
}

/** The largest request body read. */
const maxBody = 4 * 1024 * 1024

/**
 * Serves the gateway over Streamable HTTP at `/mcp` on 127.0.0.1 only (a local host's agent
 * reaches it; nothing else on the network can), one MCP session per client, with the SDK's DNS
 * rebinding protection: a page on another site cannot reach it through the person's browser.
 */
export async function serveGatewayHttp(gateway: Gateway, port: number): Promise<GatewayHttp> {
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  let allowedHosts: string[] = []
  const http: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, String(error))
    })
  })
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (path !== '/mcp') return reply(res, 404, 'the MCP endpoint is /mcp')
    const id = req.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    if (req.method !== 'POST') {
      if (known === undefined) return reply(res, 400, 'no such MCP session')
      return known.handleRequest(req, res)
    }
    const body = await readJson(req)
    if (body === invalid) return reply(res, 400, 'the body is not JSON (or over 4 MiB)')
    if (known !== undefined) return known.handleRequest(req, res, body)
    if (id !== undefined || !isInitializeRequest(body)) {
      return reply(res, 404, 'no such MCP session: initialize first')
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableDnsRebindingProtection: true,
      allowedHosts,
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, transport)
      },
      onsessionclosed: (sessionId) => {
        sessions.delete(sessionId)
      },
    })
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
    }
    await createGatewayServer(gateway).connect(transport)
    await transport.handleRequest(req, res, body)
  }
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, '127.0.0.1', () => resolve())
  })
  const bound = (http.address() as AddressInfo).port
  allowedHosts = [`127.0.0.1:${bound}`, `localhost:${bound}`]
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => {})))
      sessions.clear()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}

const invalid = Symbol('invalid')

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxBody) return invalid
    chunks.push(chunk as Buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return invalid
  }
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }))
}
