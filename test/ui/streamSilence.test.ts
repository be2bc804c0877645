import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type RemoteConnection, RemoteRunClient } from '../../ui/remote/RemoteRunClient.ts'

// A real HTTP server that opens the event stream and then, like a host that went to sleep or a
// proxy that lost its upstream, never closes it: only the silence says the server is gone.
let server: Server | undefined
let client: RemoteRunClient | undefined
afterEach(async () => {
  client?.close()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

async function listen(onStream: (res: ServerResponse, attempt: number) => void): Promise<string> {
  let attempts = 0
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write('retry: 1000\n\n')
    onStream(res, ++attempts)
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function reaches(run: RemoteRunClient, wanted: RemoteConnection): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (run.getSnapshot().connection === wanted) {
        subscription.unsubscribe()
        resolve()
      }
    }
    const subscription = run.subscribe(check)
    check()
  })
}

describe('a stream that falls silent counts as a lost server (#40, 5)', () => {
  it('an open stream with no bytes for the silence is retried, and the page would say lost', async () => {
    const baseUrl = await listen(() => {})
    client = new RemoteRunClient({ baseUrl, token: 't', runId: 'r1', silenceMs: 300 })
    await reaches(client, 'open')
    await reaches(client, 'retrying')
  })

  it('heartbeats keep it open past the silence', async () => {
    // Beats 30× more often than the silence: a CPU-starved worker (CI beside a busy neighbour)
    // stalled 0.3 s once, and a stall longer than the silence would itself read as silence.
    const silenceMs = 1500
    let beats = 0
    let done: () => void = () => {}
    const fortyBeats = new Promise<void>((resolve) => {
      done = resolve
    })
    // Every attempt beats, so a retry fails the check below at once rather than by a timeout.
    const baseUrl = await listen((res) => {
      const timer = setInterval(() => {
        res.write(': ping\n\n')
        if (++beats === 40) {
          clearInterval(timer)
          done()
        }
      }, 50)
      res.on('close', () => clearInterval(timer))
    })
    client = new RemoteRunClient({ baseUrl, token: 't', runId: 'r1', silenceMs })
    const states: RemoteConnection[] = []
    const run = client
    run.subscribe(() => states.push(run.getSnapshot().connection))
    await fortyBeats
    // Two seconds of beats against a 1.5 s silence, and never retried: each beat was heard.
    expect(states).not.toContain('retrying')
    expect(client.getSnapshot().connection).toBe('open')
  })
})
