import { listenOf, type ModernListens } from './modernListens.ts'

/** The part of a stdio transport the watch needs: what it receives, and a way to answer. */
interface Inbound {
  onmessage?: ((message: never, extra?: never) => void) | undefined
  send(message: never): Promise<void>
}

/** The request a `notifications/cancelled` names, if `message` is one. */
function cancelledId(message: unknown): string | number | undefined {
  const { method, params } = (message ?? {}) as {
    method?: unknown
    params?: { requestId?: unknown }
  }
  if (method !== 'notifications/cancelled') return undefined
  const id = params?.requestId
  return typeof id === 'string' || typeof id === 'number' ? id : undefined
}

/**
 * Over stdio, the MCP SDK v2 serves a 2026-07-28 client's `subscriptions/listen` itself, before
 * any handler of the gateway sees it; this watch reads the connection's messages first (wrapping
 * the handler the server set on `transport`, so call it once that is set) and keeps the servers
 * subscribed to the resources each open listen names (`ModernListens`), until the client cancels
 * it. A listen naming a resource no server offers is refused here and goes no further.
 */
export function watchStdioListens(transport: Inbound, listens: ModernListens): void {
  const serve = transport.onmessage as ((message: unknown, extra?: unknown) => void) | undefined
  const send = transport.send.bind(transport) as (message: unknown) => Promise<void>
  // Each open listen's id on this connection → its key in `listens`.
  const open = new Map<string | number, string>()
  const watching = (message: unknown, extra?: unknown) => {
    const listen = listenOf(message)
    if (listen !== undefined && listen.uris.length > 0) {
      const refused = listens.refusal(listen)
      if (refused !== undefined) {
        void send({ jsonrpc: '2.0', id: listen.id, error: refused }).catch(() => {})
        return
      }
      // The SDK's router takes the stream first: an update that follows a server's subscribe
      // answer (a round trip to another process) finds it there.
      serve?.(message, extra)
      open.set(listen.id, listens.open(listen).key)
      return
    }
    const cancelled = cancelledId(message)
    const key = cancelled === undefined ? undefined : open.get(cancelled)
    if (cancelled !== undefined && key !== undefined) {
      open.delete(cancelled)
      listens.close(key)
    }
    serve?.(message, extra)
  }
  transport.onmessage = watching as Inbound['onmessage']
}
