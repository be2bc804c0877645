import pg from 'pg'

const MIN_RETRY_MS = 20
const MAX_RETRY_MS = 1_000

/**
 * One dedicated connection that LISTENs on some channels and reconnects by itself. Each time it
 * starts listening, the first time as after a reconnect, it tells its `onListening` listeners:
 * notifications sent before that reached nobody here, and whoever relies on them must re-read.
 * It connects on first use.
 */
export class PgListener {
  readonly #config: pg.ClientConfig
  readonly #channels: readonly string[]
  readonly #handlers = new Map<string, Set<(payload: string) => void>>()
  readonly #listeningListeners = new Set<() => void>()
  readonly #errorListeners = new Set<(error: Error) => void>()
  readonly #waiters: { resolve: () => void; reject: (error: Error) => void }[] = []
  #client: pg.Client | undefined
  #attempt: Promise<void> | undefined
  #retryMs = MIN_RETRY_MS
  #retryTimer: NodeJS.Timeout | undefined
  #closed = false
  // Channels listened to only while someone asks (`demand`), with how many ask.
  readonly #demanded = new Map<string, number>()

  constructor(config: pg.ClientConfig, channels: readonly string[]) {
    this.#config = config
    this.#channels = channels
  }

  /** Calls `handler` with each payload NOTIFY sends on `channel`; returns an unsubscribe. */
  on(channel: string, handler: (payload: string) => void): () => void {
    let handlers = this.#handlers.get(channel)
    if (handlers === undefined) {
      handlers = new Set()
      this.#handlers.set(channel, handlers)
    }
    handlers.add(handler)
    return () => handlers.delete(handler)
  }

  /**
   * Calls `listener` each time the channels come to be listened to: on the first connect (which
   * may follow failed attempts) and after every reconnect. A NOTIFY sent before it reached no one
   * here: a caller that subscribed, or read, before then looks again for what it may have missed.
   */
  onListening(listener: () => void): () => void {
    this.#listeningListeners.add(listener)
    return () => this.#listeningListeners.delete(listener)
  }

  /** Calls `listener` when the connection fails or a reconnect attempt does. */
  onError(listener: (error: Error) => void): () => void {
    this.#errorListeners.add(listener)
    return () => this.#errorListeners.delete(listener)
  }

  /**
   * Listens to `channel` while at least one demand for it is held, so that PostgreSQL sends this
   * node nothing on it the rest of the time. `ready` resolves once the LISTEN is in effect (after
   * a reconnect it is made again with the others); `release` ends this demand, resolving once
   * the last one's UNLISTEN is in effect.
   */
  demand(channel: string): { ready: Promise<void>; release: () => Promise<void> } {
    const count = this.#demanded.get(channel) ?? 0
    this.#demanded.set(channel, count + 1)
    const ready = this.ready().then(() => {
      // Queries on one connection run in order: a LISTEN after an UNLISTEN wins.
      if (count === 0) return this.#run(`LISTEN ${channel}`)
    })
    let held = true
    return {
      ready,
      release: async () => {
        if (!held) return
        held = false
        const left = (this.#demanded.get(channel) ?? 1) - 1
        if (left > 0) {
          this.#demanded.set(channel, left)
          return
        }
        this.#demanded.delete(channel)
        await this.#run(`UNLISTEN ${channel}`).catch(() => undefined)
      },
    }
  }

  /** Resolves once the channels are listened to (connecting first if needed). */
  ready(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the listener is closed'))
    if (this.#client !== undefined) return Promise.resolve()
    const waiting = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }))
    if (this.#attempt === undefined && this.#retryTimer === undefined) this.#tryConnect()
    return waiting
  }

  /** Ends the connection for good. */
  async close(): Promise<void> {
    this.#closed = true
    clearTimeout(this.#retryTimer)
    await this.#attempt
    const client = this.#client
    this.#client = undefined
    for (const waiter of this.#waiters.splice(0)) waiter.reject(new Error('the listener is closed'))
    await client?.end().catch(() => undefined)
  }

  #tryConnect(): void {
    this.#attempt = this.#connect().then(
      (client) => {
        this.#attempt = undefined
        if (this.#closed) {
          void client.end().catch(() => undefined)
          return
        }
        this.#client = client
        this.#retryMs = MIN_RETRY_MS
        for (const waiter of this.#waiters.splice(0)) waiter.resolve()
        // The first connect too: whatever was sent before its LISTEN (an owner's first command,
        // offered while this connection was still being made) was never heard.
        for (const listener of this.#listeningListeners) this.deliver(listener)
      },
      (error: Error) => {
        this.#attempt = undefined
        this.#report(error)
        for (const waiter of this.#waiters.splice(0)) waiter.reject(error)
        this.#retryMs = Math.min(MAX_RETRY_MS, this.#retryMs * 2)
        this.#scheduleRetry()
      },
    )
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client(this.#config)
    client.on('notification', (message) => {
      for (const handler of this.#handlers.get(message.channel) ?? [])
        this.deliver(() => handler(message.payload ?? ''))
    })
    client.on('error', (error) => this.#lost(client, error))
    client.on('end', () => this.#lost(client, new Error('the listening connection ended')))
    try {
      await client.connect()
      for (const channel of [...this.#channels, ...this.#demanded.keys()]) {
        await client.query(`LISTEN ${channel}`)
      }
      return client
    } catch (error) {
      await client.end().catch(() => undefined)
      throw error
    }
  }

  // On the current connection; with none, a reconnect LISTENs to what is demanded by then.
  async #run(text: string): Promise<void> {
    const client = this.#client
    if (client !== undefined) await client.query(text)
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#client !== client || this.#closed) return
    this.#client = undefined
    client.end().catch(() => undefined)
    this.#report(error)
    this.#scheduleRetry()
  }

  #scheduleRetry(): void {
    if (this.#closed || this.#retryTimer !== undefined) return
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined
      if (this.#client === undefined && this.#attempt === undefined) this.#tryConnect()
    }, this.#retryMs)
    this.#retryTimer.unref()
  }

  // A subscriber's exception must not escape into the driver's event emitter and end the process.
  /**
   * Runs one listener's call so that a throw is reported to `onError` listeners and never reaches
   * the caller: one broken listener must not stop the others or become an unhandled rejection.
   */
  deliver(call: () => void): void {
    try {
      call()
    } catch (error) {
      this.#report(error instanceof Error ? error : new Error(String(error)))
    }
  }

  #report(error: Error): void {
    for (const listener of this.#errorListeners) listener(error)
  }
}
