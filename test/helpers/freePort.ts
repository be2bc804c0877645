import { createServer } from 'node:net'

/**
 * A port free on 127.0.0.1 now, so a public origin can name it before the server that takes it
 * starts (a hosted app's origin, a WebAuthn RP id).
 */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
