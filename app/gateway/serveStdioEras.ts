import type { Server as LegacyServer } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { McpServerFactory } from '@modelcontextprotocol/server'

/** One side of the stdio connection: a transport the chosen server connects to. */
class Leg {
  #onmessage?: ((message: JSONRPCMessage) => void) | undefined
  onclose?: () => void
  onerror?: (error: Error) => void
  readonly #io: StdioServerTransport
  #ready: () => void = () => {}
  /** Resolves once the server on this leg takes its messages (it set `onmessage`). */
  readonly ready = new Promise<void>((resolve) => {
    this.#ready = resolve
  })

  constructor(io: StdioServerTransport) {
    this.#io = io
  }

  get onmessage(): ((message: JSONRPCMessage) => void) | undefined {
    return this.#onmessage
  }

  // Set by the server as it connects: from then on it takes the messages.
  set onmessage(handler: ((message: JSONRPCMessage) => void) | undefined) {
    this.#onmessage = handler
    if (handler !== undefined) this.#ready()
  }

  async start(): Promise<void> {}

  send(message: JSONRPCMessage): Promise<void> {
    return this.#io.send(message)
  }

  close(): Promise<void> {
    return this.#io.close()
  }
}

/**
 * Serves MCP on this process's stdio in the revision the client opens with: `initialize` pins
 * the connection to 2025-11-25 and the gateway's session server (SDK 1.x, elicitation and MCP
 * Apps); any other opening is 2026-07-28, served by the SDK v2's `serveStdio` (a `server/discover`
 * probe alone pins nothing, so a client may still fall back to `initialize` after it).
 */
export async function serveStdioEras(
  legacy: () => LegacyServer,
  modern: McpServerFactory,
  io: StdioServerTransport = new StdioServerTransport(),
): Promise<{ close(): Promise<void> }> {
  let chosen: Leg | undefined
  let modernLeg: Leg | undefined
  let closeModern: (() => Promise<void>) | undefined
  let legacyServer: LegacyServer | undefined
  const pick = async (message: JSONRPCMessage): Promise<Leg> => {
    if (chosen !== undefined) return chosen
    const method = 'method' in message ? message.method : undefined
    if (method === 'initialize') {
      const leg = new Leg(io)
      legacyServer = legacy()
      await legacyServer.connect(leg)
      chosen = leg
      return leg
    }
    if (modernLeg === undefined) {
      const leg = new Leg(io)
      modernLeg = leg
      // The SDK v2 loads with the first 2026-07-28 message: a 2025-11-25 host never needs it.
      const { serveStdio } = await import('@modelcontextprotocol/server/stdio')
      const handle = serveStdio(modern, { transport: leg as never, legacy: 'reject' })
      closeModern = () => handle.close()
      await leg.ready
    }
    if (method !== 'server/discover') chosen = modernLeg
    return modernLeg
  }
  // One message at a time, in order: the first one's choice holds for those behind it.
  let queue = Promise.resolve()
  io.onmessage = (message) => {
    queue = queue.then(async () => {
      const leg = await pick(message)
      leg.onmessage?.(message)
    })
  }
  io.onclose = () => {
    chosen?.onclose?.()
    if (modernLeg !== chosen) modernLeg?.onclose?.()
  }
  io.onerror = (error) => chosen?.onerror?.(error)
  await io.start()
  return {
    async close() {
      await closeModern?.().catch(() => {})
      await legacyServer?.close().catch(() => {})
      await io.close()
    },
  }
}
