import { answerRead, readRequestOf } from './fastReads.ts'
import type { Gateway } from './Gateway.ts'

/** The part of a stdio transport the fast path needs: what it receives, and how it answers. */
interface Wire {
  onmessage?: ((message: never, extra?: never) => void) | undefined
  onclose?: (() => void) | undefined
  send(message: never): Promise<void>
}

type Id = string | number
const idOf = (message: unknown): Id | undefined => {
  const id = (message as { id?: unknown } | null)?.id
  return typeof id === 'string' || typeof id === 'number' ? id : undefined
}

/**
 * Over stdio, answers a read's `tools/call` (`fastReads.ts`) straight from the connection's
 * messages, without the MCP SDK's server parsing and dispatching it: once the connection is a
 * 2025-11-25 session (the server answered its `initialize`). Anything else, and everything before,
 * goes to the SDK as before. Wraps the handlers the server set on `transport`, so call it once
 * they are set. A `notifications/cancelled` naming a read, or the connection closing, aborts it.
 */
export function fastStdioReads(transport: Wire, gateway: Gateway): void {
  const serve = transport.onmessage as ((message: unknown, extra?: unknown) => void) | undefined
  const closed = transport.onclose
  const send = transport.send.bind(transport) as (message: unknown) => Promise<void>
  let initializeId: Id | undefined
  let session = false
  const reading = new Map<Id, AbortController>()
  // The server's answer to `initialize` is what pins the connection to 2025-11-25.
  transport.send = ((message: unknown) => {
    const id = idOf(message)
    if (!session && id !== undefined && id === initializeId && 'result' in (message as object))
      session = true
    return send(message)
  }) as Wire['send']
  transport.onmessage = ((message: unknown, extra?: unknown) => {
    const request = session ? readRequestOf(message) : undefined
    // An id already reading is the client's mistake: the SDK answers it as the protocol says.
    if (request !== undefined && !reading.has(request.id)) {
      const controller = new AbortController()
      const answer = answerRead(gateway, request, controller.signal)
      if (answer !== undefined) {
        reading.set(request.id, controller)
        void answer
          .then((answered) => (controller.signal.aborted ? undefined : send(answered)))
          .catch(() => {})
          .finally(() => reading.delete(request.id))
        return
      }
    }
    const { method, params } = (message ?? {}) as {
      method?: unknown
      params?: { requestId?: unknown }
    }
    if (method === 'initialize') initializeId = idOf(message)
    if (method === 'notifications/cancelled') {
      const cancelled = idOf({ id: params?.requestId })
      if (cancelled !== undefined)
        reading.get(cancelled)?.abort(new Error('the client cancelled the call'))
    }
    serve?.(message, extra)
  }) as Wire['onmessage']
  transport.onclose = () => {
    for (const controller of reading.values()) controller.abort(new Error('the connection closed'))
    closed?.()
  }
}
