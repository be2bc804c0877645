import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { readAuditLog } from '../../../app/auditLog.ts'
import { askerGone } from '../../../app/gateway/Gateway.ts'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { verifyAuditChain } from '../../../store/auditChain.ts'
import { filesystemServer } from '../../tools/mcp/mcpTestServers.ts'
import { folderGateway, type GatewayFolder, gatewayFolder, plainClient } from './gatewayHarness.ts'

// A gateway call whose asker is gone without a word (its process killed, its connection closed,
// a client that gave up and went away) closes its card as `asker_gone` at once, and the call
// never runs later, whoever answers the card. (Issue 45, reproduction 5: the card stayed open
// for the whole ask timeout, and an Allow on the page wrote the file after the agent had been
// told the call failed.)
let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
const logged: string[] = []

beforeEach(async () => {
  folder = await gatewayFolder((files) => ({
    version: 1,
    servers: { files: filesystemServer(files, { trusted: true }) },
  }))
  await writeFile(join(folder.files, 'notes.txt'), 'photosynthesis makes sugar\n')
  started = await folderGateway(folder, {
    progressEveryMs: 50,
    log: (line) => logged.push(line),
  })
  http = await serveGatewayHttp(started.gateway, 0)
})
afterEach(async () => {
  await http?.close()
  await started?.stop()
  await folder?.dispose()
})

/** Starts a write from a client that cannot ask; resolves with its run and card once it waits. */
async function waitingWrite() {
  const client = plainClient()
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  let waiting: () => void = () => {}
  const carded = new Promise<void>((resolve) => {
    waiting = resolve
  })
  const path = join(folder.files, 'notes.txt')
  const call = client
    .callTool({ name: 'files__write_file', arguments: { path, content: 'never\n' } }, undefined, {
      onprogress: () => waiting(),
    })
    .catch((error: unknown) => error)
  await carded
  const [runId] = started.gateway.runIds()
  const card = started.runtime.view(runId as string).pending
  expect(card).toBeDefined()
  return { client, call, runId: runId as string, card: card as NonNullable<typeof card>, path }
}

test('a client gone mid-call without a cancel (its connection closed): the card closes as asker_gone and never runs', async () => {
  const { client, call, runId, card, path } = await waitingWrite()
  // Gone as a killed process goes: the connection drops, no notifications/cancelled, no DELETE.
  await client.close()
  await call
  // Closed now, not at the ask timeout (ten minutes here).
  await expect.poll(() => started.gateway.runIds(), { timeout: 20_000 }).toEqual([])
  // Said in the run's log, as saved.
  const ended = async () =>
    (await started.runtime.store?.readEvents(runId))?.find((e) => e.kind === 'runCancelled')?.text
  await expect.poll(ended).toMatch(new RegExp(`^${askerGone}: `))
  expect(logged.some((line) => line.includes(askerGone))).toBe(true)
  // Audited: the call's line says its card closed unanswered because the asker is gone, and the
  // chain still holds with it (what `npm run audit -- --verify` checks).
  const audited = async () =>
    (await started.runtime.store?.readAudit())?.find((r) => r.toolCallId === card.callId)
  await expect.poll(audited).toMatchObject({
    runId,
    toolName: 'files__write_file',
    confirmationId: card.confirmationId,
    digest: card.digest,
    outcome: 'cancelled',
    code: askerGone,
  })
  expect((await audited())?.decision).toBeUndefined()
  const { lines } = await readAuditLog(folder.workspace, undefined)
  expect(lines).toHaveLength(1)
  expect(verifyAuditChain(lines).broken).toBeUndefined()
  // An Allow arriving later (the page, another process) finds no card to run.
  await started.runtime.open(runId).catch(() => undefined)
  await expect(
    started.runtime.submitConfirmation(runId, card.confirmationId, 'allow', {
      digest: card.digest,
    }),
  ).rejects.toMatchObject({ code: expect.any(String) })
  expect(await readFile(path, 'utf8')).toBe('photosynthesis makes sugar\n')
})
