import type { McpTools } from '../../tools/mcp/createMcpTools.ts'
import type { McpReadAnswer } from '../../tools/mcp/mcpReads.ts'
import type { GatewayNames } from './gatewayNames.ts'

// JSON-RPC's "invalid params": what a URI no server offers is answered with.
const invalidParams = -32602

/**
 * Which client sessions subscribed to which offered resources. The gateway keeps one session
 * with each server for every client, so it subscribes there once, while at least one client
 * session wants a resource's updates, and passes each update only to the sessions that asked.
 */
export class GatewaySubscriptions {
  readonly #mcp: McpTools
  readonly #names: GatewayNames
  // Offered URI → the client sessions subscribed to it.
  readonly #sessions = new Map<string, Set<string>>()
  // Offered URI → the server's answer to its subscribe, while it is on its way.
  readonly #pending = new Map<string, Promise<McpReadAnswer>>()

  constructor(mcp: McpTools, names: GatewayNames) {
    this.#mcp = mcp
    this.#names = names
  }

  /** Whether `uri` is a resource URI the gateway offers (one of its servers', renamed). */
  offers(uri: string): boolean {
    return this.#names.parseUri(uri) !== undefined
  }

  /** `resources/subscribe` from `session`: the server is asked for the first session only. */
  async subscribe(uri: string, session: string, signal: AbortSignal): Promise<McpReadAnswer> {
    const target = this.#names.parseUri(uri)
    if (target === undefined) {
      return { ok: false, code: invalidParams, message: `no resource ${uri} is offered` }
    }
    const sessions = this.#sessions.get(uri)
    if (sessions !== undefined) {
      sessions.add(session)
      // While the first subscribe is on its way, a second session gets the answer it gets.
      return (await this.#pending.get(uri)) ?? { ok: true, result: {} }
    }
    // Recorded before the server answers: an update it sends right after its answer can reach the
    // gateway before the answer's continuation runs, and must find its subscriber.
    this.#sessions.set(uri, new Set([session]))
    const params = { uri: target.uri }
    const pending = this.#mcp.read(target.server, 'resources/subscribe', params, signal)
    this.#pending.set(uri, pending)
    const answer = await pending
    this.#pending.delete(uri)
    if (!answer.ok) this.#sessions.delete(uri)
    return answer
  }

  /** `resources/unsubscribe` from `session`: the server is told once no session wants it. */
  async unsubscribe(uri: string, session: string, signal: AbortSignal): Promise<McpReadAnswer> {
    const sessions = this.#sessions.get(uri)
    sessions?.delete(session)
    const target = this.#names.parseUri(uri)
    if (sessions === undefined || sessions.size > 0 || target === undefined) {
      return { ok: true, result: {} }
    }
    this.#sessions.delete(uri)
    const params = { uri: target.uri }
    return this.#mcp.read(target.server, 'resources/unsubscribe', params, signal)
  }

  /** Drops every subscription of a session that closed. */
  forget(session: string): void {
    for (const [uri, sessions] of this.#sessions) {
      if (!sessions.has(session)) continue
      void this.unsubscribe(uri, session, AbortSignal.timeout(30_000))
    }
  }

  /** Whether `session` subscribed to the offered `uri` (an update goes only to those that did). */
  wants(uri: string, session: string): boolean {
    return this.#sessions.get(uri)?.has(session) === true
  }
}
