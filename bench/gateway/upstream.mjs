// The bench's upstream MCP server (SDK 1.x, as small as a real one gets): `look` is a read
// (readOnlyHint; a trusted server's reads pass the gateway straight through), `note` a write the
// gateway gates behind a card. `note` answers with the moment it received the call, on the
// monotonic clock every process of the machine shares (process.hrtime), so the bench reads the
// decision-to-upstream time from outside the gateway. `--http` serves Streamable HTTP on a free
// loopback port and prints its URL; otherwise stdio.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import {
  CallToolRequestSchema,
  isInitializeRequest,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'

const tools = [
  {
    name: 'look',
    title: 'Look up a word',
    description: 'Returns the word it is given.',
    inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'note',
    title: 'Write a note',
    description: 'Writes a note (in memory) and says when it received the call.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
]

function server() {
  const s = new Server(
    { name: 'bench-upstream', version: '1.0.0' },
    { capabilities: { tools: {} } },
  )
  s.setRequestHandler(ListToolsRequestSchema, () => ({ tools }))
  s.setRequestHandler(CallToolRequestSchema, (request) => {
    const received = process.hrtime.bigint()
    const args = request.params.arguments ?? {}
    if (request.params.name === 'look') {
      return { content: [{ type: 'text', text: `looked up ${String(args.word)}` }] }
    }
    return { content: [{ type: 'text', text: `noted at ${received}` }] }
  })
  return s
}

if (!process.argv.includes('--http')) {
  await server().connect(new StdioServerTransport())
} else {
  const sessions = new Map()
  const http = createServer(async (req, res) => {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString())
    const id = req.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    if (known !== undefined) return known.handleRequest(req, res, body)
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      res.writeHead(404).end()
      return
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => sessions.set(sessionId, transport),
    })
    await server().connect(transport)
    await transport.handleRequest(req, res, body)
  })
  http.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`)
  })
}
