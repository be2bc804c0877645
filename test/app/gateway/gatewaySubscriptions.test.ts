import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { conditionWaiters } from '../../helpers/conditionWaiters.ts'
import { type WatchedGatewayHttp, watchedGatewayHttp } from './gatewayHarness.ts'

// resources/subscribe through the gateway: two client sessions over Streamable HTTP (SDK 1.x) in
// front of one server (fixtures/watchedServer.mjs, which answers each subscribe with an update).
// The gateway subscribes upstream once for both, passes an update only to the sessions that
// subscribed, and unsubscribes upstream when the last one leaves.
let gateway: WatchedGatewayHttp
const sessions: { client: Client; updates: string[] }[] = []
const { until, wake } = conditionWaiters()

async function session(): Promise<{ client: Client; updates: string[] }> {
  const client = new Client({ name: 'watching-host', version: '1.0.0' })
  const updates: string[] = []
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => {
    updates.push(params.uri)
    wake()
  })
  await client.connect(new StreamableHTTPClientTransport(new URL(gateway.http.url)))
  return { client, updates }
}

async function counts(client: Client, uri: string) {
  const { contents } = await client.readResource({ uri })
  return JSON.parse(String((contents[0] as { text: string }).text))
}

beforeAll(async () => {
  gateway = await watchedGatewayHttp()
  sessions.push(await session(), await session())
})

afterAll(async () => {
  for (const { client } of sessions) await client.close().catch(() => {})
  await gateway?.close()
})

test('an update reaches only the sessions that subscribed; upstream hears one subscribe', async () => {
  const [a, b] = sessions as [(typeof sessions)[0], (typeof sessions)[0]]
  const { resources } = await a.client.listResources()
  const note = resources.find((r) => r.name.endsWith('note'))?.uri ?? ''
  const countsUri = resources.find((r) => r.name.endsWith('counts'))?.uri ?? ''
  expect(note).not.toBe('watch://note') // offered under the gateway's name for the server
  await a.client.subscribeResource({ uri: note })
  await until(() => a.updates.length === 1)
  expect(a.updates).toEqual([note])
  await b.client.subscribeResource({ uri: note })
  expect(await counts(b.client, countsUri)).toEqual({ subscribes: 1, unsubscribes: 0 })
  // B subscribed after the only update the server sent, and is told nothing it did not ask for.
  expect(b.updates).toEqual([])
  await b.client.unsubscribeResource({ uri: note })
  expect(await counts(a.client, countsUri)).toEqual({ subscribes: 1, unsubscribes: 0 })
  await a.client.unsubscribeResource({ uri: note })
  expect(await counts(a.client, countsUri)).toEqual({ subscribes: 1, unsubscribes: 1 })
})

test('a URI no server offers is refused, not subscribed to', async () => {
  const [a] = sessions as [(typeof sessions)[0]]
  await expect(a.client.subscribeResource({ uri: 'watch://note' })).rejects.toThrow(/no resource/)
})
