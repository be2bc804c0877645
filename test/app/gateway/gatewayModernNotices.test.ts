import { Client, LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { conditionWaiters } from '../../helpers/conditionWaiters.ts'
import { type WatchedGatewayHttp, watchedGatewayHttp } from './gatewayHarness.ts'
import { pinned, statelessHttp, statelessStdio } from './statelessClients.ts'

// What a server says on its own, to the MCP SDK v2 client pinned to 2026-07-28 (no sessions, no
// `logging/setLevel`, no `resources/subscribe`), over Streamable HTTP and over stdio, through the
// gateway in front of fixtures/watchedServer.mjs: a resource's updates on a `subscriptions/listen`
// stream naming it (the server subscribed once, and let go when the last stream closes), and the
// server's log lines on the response of a request whose `_meta` asks for them, at that level.
let gateway: WatchedGatewayHttp
const clients: Client[] = []

beforeAll(async () => {
  gateway = await watchedGatewayHttp()
})
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {})
  await gateway?.close()
})

/** A v2 client pinned to 2026-07-28, recording the updates and log lines it is sent. */
function watchingClient() {
  const client = new Client(
    { name: 'modern-host', version: '2.0.0' },
    { versionNegotiation: pinned },
  )
  const heard = { updates: [] as string[], lines: [] as { level: string; logger?: string }[] }
  const { until, wake } = conditionWaiters()
  client.setNotificationHandler('notifications/resources/updated', ({ params }) => {
    heard.updates.push(params.uri)
    wake()
  })
  client.setNotificationHandler('notifications/message', ({ params }) => {
    heard.lines.push({ level: params.level, ...(params.logger && { logger: params.logger }) })
  })
  clients.push(client)
  return { client, heard, until }
}

async function offered(client: Client) {
  const { resources } = await client.listResources()
  const uri = (name: string) => resources.find((r) => r.name.endsWith(name))?.uri ?? ''
  return { note: uri('note'), counts: uri('counts'), logged: uri('logged') }
}

async function counts(client: Client, uri: string) {
  const { contents } = await client.readResource({ uri })
  return JSON.parse(String((contents[0] as { text: string }).text))
}

const transports = {
  HTTP: () => statelessHttp(gateway.http.url),
  // Each connection is a gateway process of its own, with its own upstream server.
  stdio: () => statelessStdio(gateway.folder),
}

describe.each(Object.entries(transports))('over %s, pinned to 2026-07-28', (_name, transport) => {
  // One connection per transport (over stdio, one gateway process), for every case below.
  let a: ReturnType<typeof watchingClient>
  beforeAll(async () => {
    a = watchingClient()
    await a.client.connect(transport())
  })

  test('a listen naming a resource gets its updates; the server is subscribed once and let go', async () => {
    const uris = await offered(a.client)
    const before = await counts(a.client, uris.counts)
    const listening = await a.client.listen({ resourceSubscriptions: [uris.note] })
    expect(listening.honoredFilter.resourceSubscriptions).toEqual([uris.note])
    // The server answers a subscribe with an update: it reaches the stream that named it.
    await a.until(() => a.heard.updates.length === 1)
    expect(a.heard.updates).toEqual([uris.note])
    // A second stream on the same connection: the server is not subscribed again.
    const again = await a.client.listen({ resourceSubscriptions: [uris.note] })
    expect(await counts(a.client, uris.counts)).toEqual({
      subscribes: before.subscribes + 1,
      unsubscribes: before.unsubscribes,
    })
    await again.close()
    await listening.close()
    // Once the last stream closed, the server is told (the gateway reads its count until then).
    await expect
      .poll(() => counts(a.client, uris.counts), { timeout: 30_000, interval: 50 })
      .toEqual({ subscribes: before.subscribes + 1, unsubscribes: before.unsubscribes + 1 })
  })

  test('a listen naming a resource no server offers is refused', async () => {
    await expect(a.client.listen({ resourceSubscriptions: ['watch://note'] })).rejects.toThrow(
      /no resource watch:\/\/note is offered/,
    )
  })

  test('log lines reach a request that asks for them, at its level, and no other', async () => {
    const { logged } = await offered(a.client)
    await a.client.readResource({ uri: logged, _meta: { [LOG_LEVEL_META_KEY]: 'warning' } })
    // Sent before the answer, on its stream: heard by the time it is read.
    expect(a.heard.lines).toEqual([
      { level: 'warning', logger: 'watched/reader' },
      { level: 'error', logger: 'watched/reader' },
    ])
    await a.client.readResource({ uri: logged })
    expect(a.heard.lines).toHaveLength(2)
  })
})
