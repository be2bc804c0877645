import { readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { gatewayHosting } from '../../../app/gateway/gatewayHosting.ts'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { filesystemServer } from '../../tools/mcp/mcpTestServers.ts'
import { folderGateway, type GatewayFolder, gatewayFolder } from './gatewayHarness.ts'

// Hosted mode without approval rules (a sign-in proxy names the person): a gateway card is seen
// and decided through the card app (`studypulse_card`, `studypulse_decide`) only in the MCP
// session whose call it holds. Bob, in his own session, asking for Alice's call by its tool and
// arguments, finds nothing; her card's id and digest decide nothing from his session, nor from
// another session of hers. (Issue 45, reproduction 3: Bob's Allow ran Alice's call.)
let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
let target: string
const clients: Client[] = []

beforeAll(async () => {
  folder = await gatewayFolder((files) => ({
    version: 1,
    servers: { files: filesystemServer(files, { trusted: true }) },
  }))
  target = join(folder.files, 'alice.txt')
  await writeFile(target, 'Alice’s notes\n')
  started = await folderGateway(folder, {
    progressEveryMs: 50,
    // A card not shown in this long is none of the asker's (it was shown before they asked).
    cardWaitMs: 300,
  })
  // This test's connections come from 127.0.0.1: the sign-in proxy's address here.
  const port = await freePort()
  const hosting = await gatewayHosting(
    { httpPort: port, publicOrigin: `http://127.0.0.1:${port}` },
    { STUDYPULSE_AUTH_MODE: 'proxy', STUDYPULSE_TRUSTED_PROXIES: '127.0.0.1' },
  )
  expect(hosting.approvalRules).toBeUndefined()
  http = await serveGatewayHttp(started.gateway, port, {
    host: hosting.host,
    ...(hosting.hosted !== undefined && { hosted: hosting.hosted }),
  })
})
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {})
  await http?.close()
  await started?.stop()
  await folder?.dispose()
})

/** A host that draws MCP Apps, signed in (by the proxy's header) as `user`. */
async function appsHost(user: string): Promise<Client> {
  const client = new Client(
    { name: `${user}-host`, version: '1.0.0' },
    {
      capabilities: {
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      } as never,
    },
  )
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { 'x-forwarded-user': user } },
    }),
  )
  clients.push(client)
  return client
}

const structured = (result: unknown) => (result as CallToolResult).structuredContent

test('Bob, in his own session, neither sees nor decides Alice’s gateway card; she does, in hers', async () => {
  const alice = await appsHost('alice')
  const bob = await appsHost('bob')
  const alicesOther = await appsHost('alice')
  const args = { path: target, content: 'Bob was here\n' }
  let waiting: () => void = () => {}
  const carded = new Promise<void>((resolve) => {
    waiting = resolve
  })
  const call = alice.callTool({ name: 'files__write_file', arguments: args }, undefined, {
    onprogress: () => waiting(),
  }) as Promise<CallToolResult>
  await carded
  // Her card, as her own session's card app reads it.
  const hers = structured(
    await alice.callTool({
      name: 'studypulse_card',
      arguments: { tool: 'files__write_file', arguments: args },
    }),
  ) as { confirmationId: string; digest: string }
  expect(hers.confirmationId).toEqual(expect.any(String))

  // Bob asks for her call by its tool and arguments: no card waits for him.
  const bobsLook = await bob.callTool({
    name: 'studypulse_card',
    arguments: { tool: 'files__write_file', arguments: args },
  })
  expect(structured(bobsLook)).toMatchObject({ error: { code: 'confirmation_not_found' } })
  // With her card's id and digest (leaked, guessed), his Allow decides nothing.
  const decision = { confirmationId: hers.confirmationId, digest: hers.digest, decision: 'allow' }
  const bobsAllow = await bob.callTool({ name: 'studypulse_decide', arguments: decision })
  expect(structured(bobsAllow)).toMatchObject({ error: { code: 'confirmation_not_found' } })
  // Nor from another session of hers: the card is the session's that asked.
  const otherAllow = await alicesOther.callTool({ name: 'studypulse_decide', arguments: decision })
  expect(structured(otherAllow)).toMatchObject({ error: { code: 'confirmation_not_found' } })
  expect(started.gateway.runIds()).toHaveLength(1)
  expect(await readFile(target, 'utf8')).toBe('Alice’s notes\n')

  // In her own session, her Allow runs her call, once.
  const allowed = await alice.callTool({ name: 'studypulse_decide', arguments: decision })
  expect(structured(allowed)).toEqual({ ok: true })
  expect((await call).isError).toBeFalsy()
  expect(await readFile(target, 'utf8')).toBe('Bob was here\n')
})

test('the card app refuses arguments nested past any call’s depth with a reason, not an internal error', async () => {
  const alice = await appsHost('alice')
  // 3,000 nested arrays (as deep as the client can send): finding the card canonicalises them,
  // which recurses once per level.
  let deep: unknown = []
  for (let i = 0; i < 3_000; i++) deep = [deep]
  const look = await alice.callTool({
    name: 'studypulse_card',
    arguments: { tool: 'files__write_file', arguments: { path: target, content: deep } },
  })
  expect(structured(look)).toMatchObject({ ok: false, error: { code: 'arguments_too_deep' } })
  // The gateway still answers: a card lookup right after it finds nothing waiting, as it should.
  const after = await alice.callTool({
    name: 'studypulse_card',
    arguments: { tool: 'files__write_file', arguments: { path: target } },
  })
  expect(structured(after)).toMatchObject({ error: { code: 'confirmation_not_found' } })
})
