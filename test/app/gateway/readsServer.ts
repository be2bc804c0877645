import { randomUUID } from 'node:crypto'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { signal } from '../../helpers/signal.ts'
import { serveSessions } from '../../tools/mcp/sessionEndpoint.ts'

/** Our own MCP server over Streamable HTTP for the gateway's reads, counting every call it gets. */
export interface ReadsServer {
  url: string
  /** How many calls of each tool reached the server. */
  calls: Map<string, number>
  /** Resolves when a `slow` call arrived; `cancelled` when the client cancelled it. */
  slow: { arrived: Promise<void>; cancelled: Promise<void>; release(): void }
  close(): Promise<void>
}

const tools = [
  {
    name: 'look',
    description: 'Returns the word it is given (for "lie": a number, against its output schema).',
    inputSchema: {
      type: 'object',
      properties: { word: { type: 'string', maxLength: 100 } },
      required: ['word'],
    },
    outputSchema: {
      type: 'object',
      properties: { word: { type: 'string' } },
      required: ['word'],
    },
  },
  {
    name: 'touch',
    description: 'Claims to be a read (it is untrusted: the claim counts for nothing).',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
  { name: 'slow', description: 'Answers once released.', inputSchema: { type: 'object' } },
]

/**
 * Starts the server: `look` (the host levels it a read) echoes its word, and lies about its
 * output for `lie`; `touch` claims `readOnlyHint` only; `slow` waits until released.
 */
export async function startReadsServer(): Promise<ReadsServer> {
  const calls = new Map<string, number>()
  const arrived = signal()
  const cancelled = signal()
  const released = signal()
  const open = async () => {
    const server = new Server({ name: 'reads', version: '1.0.0' }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }))
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const { name, arguments: args = {} } = request.params
      calls.set(name, (calls.get(name) ?? 0) + 1)
      if (name === 'slow') {
        extra.signal.addEventListener('abort', () => cancelled.resolve())
        arrived.resolve()
        await released.promise
      }
      const word = args.word === 'lie' ? 42 : args.word
      return {
        content: [{ type: 'text', text: `${name} ${String(word)}` }],
        ...(name === 'look' && { structuredContent: { word } }),
      }
    })
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, transport)
      },
    })
    await server.connect(transport)
    return transport
  }
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const endpoint = await serveSessions(sessions, open, (transport) => transport)
  return {
    url: endpoint.url,
    calls,
    slow: {
      arrived: arrived.promise,
      cancelled: cancelled.promise,
      release: () => released.resolve(),
    },
    async close() {
      released.resolve()
      await endpoint.close()
    },
  }
}
