import { createConnection, createServer, type Socket } from 'node:net'

/** A TCP relay on 127.0.0.1 whose link a test can cut and restore, as a network would. */
export interface TcpProxy {
  readonly port: number
  /** Drops every open connection and refuses new ones until `restore()`. */
  cut(): void
  restore(): void
  close(): Promise<void>
}

/** Relays 127.0.0.1:<port> to `target`. */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let down = false
  const server = createServer((client) => {
    if (down) {
      client.destroy()
      return
    }
    const upstream = createConnection(target)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => undefined)
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    port,
    cut() {
      down = true
      for (const socket of sockets) socket.destroy()
    },
    restore() {
      down = false
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
