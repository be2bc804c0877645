import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult, ElicitRequest } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { filesystemServer } from '../../tools/mcp/mcpTestServers.ts'
import {
  elicitingClient,
  folderGateway,
  type GatewayFolder,
  gatewayFolder,
} from './gatewayHarness.ts'

// A gateway file write is bound to the text its card showed: the card carries that text's
// digest, and at Allow the gateway reads the file again through the server's own read tool, just
// before the call; a file that changed meanwhile is left as it is, and the call answers
// `target_changed`. (Issue 45, reproduction 4: Allow overwrote text the card never showed.)
let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
let client: Client | undefined

beforeEach(async () => {
  folder = await gatewayFolder((files) => ({
    version: 1,
    servers: { files: filesystemServer(files, { trusted: true }) },
  }))
  started = await folderGateway(folder)
  http = await serveGatewayHttp(started.gateway, 0)
})
afterEach(async () => {
  await client?.close().catch(() => {})
  client = undefined
  await http?.close()
  await started?.stop()
  await folder?.dispose()
})

/** A host whose person, shown the card, first lets `meanwhile` happen, then allows it once. */
async function allowingAfter(meanwhile: () => Promise<void>) {
  const host = elicitingClient(async () => {
    await meanwhile()
    return { action: 'accept', content: { answer: 'allow_once' } }
  })
  client = host.client
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  return host
}

const write = (c: Client, path: string, content: string) =>
  c.callTool({ name: 'files__write_file', arguments: { path, content } }) as Promise<CallToolResult>

const question = (asked: ElicitRequest[]) => String(asked[0]?.params.message)

test('the file changed after its card was shown: Allow writes nothing, and the call answers target_changed', async () => {
  const path = join(folder.files, 'plan.md')
  await writeFile(path, 'line one\nline two\n')
  const host = await allowingAfter(() => writeFile(path, 'someone else’s text\n'))
  const result = await write(host.client, path, 'replaced\n')
  // The card showed the text as it was.
  expect(question(host.asked)).toContain('line two')
  expect(question(host.asked)).not.toContain('someone else')
  expect(result.structuredContent).toMatchObject({ ok: false, error: { code: 'target_changed' } })
  expect(await readFile(path, 'utf8')).toBe('someone else’s text\n')
})

test('unchanged since its card: Allow writes it, once', async () => {
  const path = join(folder.files, 'plan.md')
  await writeFile(path, 'line one\nline two\n')
  const host = await allowingAfter(async () => {})
  const result = await write(host.client, path, 'replaced\n')
  expect(result.isError, JSON.stringify(result)).toBeFalsy()
  expect(await readFile(path, 'utf8')).toBe('replaced\n')
})

test('a new file: the card says Create, and a file made meanwhile by someone else is not overwritten', async () => {
  const made = join(folder.files, 'new.md')
  const host = await allowingAfter(() => writeFile(made, 'theirs\n'))
  const result = await write(host.client, made, 'mine\n')
  expect(question(host.asked)).toContain(`Create ${made}`)
  expect(result.structuredContent).toMatchObject({ ok: false, error: { code: 'target_changed' } })
  expect(await readFile(made, 'utf8')).toBe('theirs\n')
  // Asked again with nothing in between, the new file is created.
  await rm(made)
  await client?.close()
  const again = await allowingAfter(async () => {})
  const created = await write(again.client, made, 'mine\n')
  expect(created.isError, JSON.stringify(created)).toBeFalsy()
  expect(await readFile(made, 'utf8')).toBe('mine\n')
})

test('a file deleted after its card was shown is not made again', async () => {
  const path = join(folder.files, 'plan.md')
  await writeFile(path, 'line one\n')
  const host = await allowingAfter(() => rm(path))
  const result = await write(host.client, path, 'replaced\n')
  expect(result.structuredContent).toMatchObject({ ok: false, error: { code: 'target_changed' } })
  await expect(readFile(path, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' })
})
