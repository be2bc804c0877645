import { randomUUID } from 'node:crypto'
import type { GatewaySubscriptions } from './gatewaySubscriptions.ts'

// JSON-RPC's "invalid params": what a listen naming a URI no server offers is answered with.
const invalidParams = -32602

/** A `subscriptions/listen` request: its id and the resource URIs it asks updates of. */
export interface ListenRequest {
  id: string | number
  uris: string[]
}

/** The `subscriptions/listen` request `message` is, or undefined for any other message. */
export function listenOf(message: unknown): ListenRequest | undefined {
  if (message === null || typeof message !== 'object') return undefined
  const { method, id, params } = message as {
    method?: unknown
    id?: unknown
    params?: { notifications?: { resourceSubscriptions?: unknown } }
  }
  if (method !== 'subscriptions/listen') return undefined
  if (typeof id !== 'string' && typeof id !== 'number') return undefined
  const asked = params?.notifications?.resourceSubscriptions
  const uris = Array.isArray(asked) ? asked.filter((uri) => typeof uri === 'string') : []
  return { id, uris }
}

/**
 * The fronted servers' resource subscriptions for 2026-07-28 clients. That revision has no
 * `resources/subscribe`: a client names the resources whose updates it wants on a
 * `subscriptions/listen` stream (the MCP SDK's router delivers them there). Each open stream is
 * one subscriber of `GatewaySubscriptions`, beside the 2025-11-25 sessions: a server is subscribed
 * once while any of them wants a resource, and unsubscribed when the last one closes.
 */
export class ModernListens {
  readonly #subscriptions: GatewaySubscriptions
  readonly #log: (line: string) => void

  constructor(subscriptions: GatewaySubscriptions, log: (line: string) => void = () => {}) {
    this.#subscriptions = subscriptions
    this.#log = log
  }

  /** The error a listen naming a URI no server offers is answered with (nothing is opened). */
  refusal(listen: ListenRequest): { code: number; message: string } | undefined {
    const unknown = listen.uris.find((uri) => !this.#subscriptions.offers(uri))
    return unknown === undefined
      ? undefined
      : { code: invalidParams, message: `no resource ${unknown} is offered` }
  }

  /**
   * Subscribes the servers for a stream that opened: its key (for `close`, which may come before
   * the servers answered) and when they have answered.
   */
  open(listen: ListenRequest): { key: string; subscribed: Promise<void> } {
    const key = `listen:${randomUUID()}`
    const subscribed = Promise.all(
      listen.uris.map(async (uri) => {
        const answer = await this.#subscriptions.subscribe(uri, key, AbortSignal.timeout(30_000))
        // The stream is acknowledged already: a server that refuses sends it no updates.
        if (!answer.ok)
          this.#log(`studypulse-gateway: cannot subscribe to ${uri}: ${answer.message}`)
      }),
    ).then(() => {})
    return { key, subscribed }
  }

  /** The stream `key` closed: its resources are let go (a server is told once nobody wants one). */
  close(key: string): void {
    this.#subscriptions.forget(key)
  }
}
