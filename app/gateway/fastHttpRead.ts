import type { IncomingMessage, ServerResponse } from 'node:http'
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server'
import { answerRead, readRequestOf } from './fastReads.ts'
import type { Gateway } from './Gateway.ts'

/**
 * Over Streamable HTTP, answers a POST that is one read's `tools/call` (`fastReads.ts`) in a live
 * 2025-11-25 session with one JSON response (which the protocol lets a server choose), without
 * the MCP SDK's transport and server: no web Request, no SSE stream, one write. It takes only a
 * request the SDK's transport would pass on as it is: Host allowed (`hostAllowed`: DNS rebinding
 * protection, or the hosted guard's), both media types accepted, JSON sent, a known protocol
 * version. Returns false, having done nothing, for anything else. The client closing the
 * connection first aborts the read.
 */
export function fastHttpRead(
  gateway: Gateway,
  session: { id: string; hostAllowed: boolean },
  req: IncomingMessage,
  body: unknown,
  res: ServerResponse,
): boolean {
  if (!session.hostAllowed) return false
  const request = readRequestOf(body)
  if (request === undefined) return false
  const { accept = '', 'content-type': type = '' } = req.headers
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return false
  if (!/^application\/json\b/i.test(type)) return false
  const version = req.headers['mcp-protocol-version']
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(version))) return false
  const controller = new AbortController()
  const answer = answerRead(gateway, request, controller.signal)
  if (answer === undefined) return false
  const gone = () => {
    if (!res.writableFinished) controller.abort(new Error('the asker closed its connection'))
  }
  res.once('close', gone)
  void answer.then((answered) => {
    res.off('close', gone)
    if (controller.signal.aborted || res.destroyed) return
    res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': session.id })
    res.end(JSON.stringify(answered))
  })
  return true
}
