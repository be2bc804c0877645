import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type GatewayHttp, serveGatewayHttp } from '../../app/gateway/serveGatewayHttp.ts'
import { type StartedGateway, startGateway } from '../../app/gateway/startGateway.ts'
import { type AppHarness, startIn } from '../app/appHarness.ts'
import { type GatewayFolder, gatewayFolder, plainClient } from '../app/gateway/gatewayHarness.ts'
import { filesystemServer } from '../tools/mcp/mcpTestServers.ts'
import { pageInChromium } from './pageInChromium.ts'

// The gateway and the StudyPulse page on one workspace folder, in real Chromium: a call of a
// client that cannot ask its person waits on the page, and what the page shows of it follows the
// gateway's run to its end. (Issue 45, reproductions 7 and 8: after Allow the card stayed
// "Sending your decision…" and the list said "Card waiting" although the file was written; a
// card creating a file offered only Dismiss.)
const chromium = pageInChromium()
let folder: GatewayFolder
let app: AppHarness
let started: StartedGateway
let http: GatewayHttp
const clients: Client[] = []

beforeAll(async () => {
  folder = await gatewayFolder((files) => ({
    version: 1,
    servers: { files: filesystemServer(files, { trusted: true }) },
  }))
  app = await startIn(folder.dir, { distDir: chromium.distDir })
  started = await startGateway({
    configPath: folder.config,
    workspace: folder.workspace,
    askTimeoutMs: 600_000,
    progressEveryMs: 100,
    env: {},
    log: () => {},
  })
  http = await serveGatewayHttp(started.gateway, 0)
}, 120_000)
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {})
  await http?.close()
  await started?.stop()
  await app?.dispose()
  await folder?.dispose()
})

/** A write from a client that cannot ask its person; resolves once its card waits, saved. */
async function waitingWrite(path: string, content: string) {
  const client = plainClient()
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  clients.push(client)
  let waiting: () => void = () => {}
  const carded = new Promise<void>((resolve) => {
    waiting = resolve
  })
  const call = client.callTool(
    { name: 'files__write_file', arguments: { path, content } },
    undefined,
    {
      onprogress: () => waiting(),
    },
  ) as Promise<CallToolResult>
  await carded
  const runId = started.gateway.runIds().at(-1) as string
  await started.runtime.flush()
  return { client, call, runId }
}

/** The page on the run's link, its card waiting. */
async function pageOf(runId: string): Promise<Page> {
  const page = await chromium.browser.newPage({ viewport: { width: 1100, height: 800 } })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(`${app.server.url}/?run=${encodeURIComponent(runId)}`)
  await page.locator('.sp-card[data-state="pending"]').waitFor()
  return page
}

const listed = (page: Page, runId: string) => page.locator(`.sp-runs__item[data-run-id="${runId}"]`)

test('a call allowed on the page finishes on the page: the card, the conversation list and Activity say what the server did', {
  timeout: 120_000,
}, async () => {
  const path = join(folder.files, 'exam-plan.md')
  await writeFile(path, 'Week 1: cells\n')
  const { call, runId } = await waitingWrite(path, 'Week 1: cells and membranes\n')
  const page = await pageOf(runId)
  await expect.poll(() => listed(page, runId).textContent()).toContain('Card waiting')

  await page.getByRole('button', { name: 'Allow once' }).click()
  const result = await call
  expect(result.isError, JSON.stringify(result)).toBeFalsy()
  expect(await readFile(path, 'utf8')).toBe('Week 1: cells and membranes\n')
  // The card says it was allowed (not "Sending your decision…" forever), with no buttons left.
  const card = page.locator('.sp-card').first()
  await expect.poll(() => card.getAttribute('data-state'), { timeout: 15_000 }).toBe('allowed')
  expect(await card.locator('.sp-card__status').textContent()).toBe('Allowed once.')
  expect(await card.getByRole('button', { name: 'Allow once' }).count()).toBe(0)
  // The list no longer offers a card that is gone.
  // The list hears of the run's end after the card's own answer: it reads the run's status as it
  // changes, so it is polled, not read once (on CI it still said executing a moment after).
  await expect.poll(() => listed(page, runId).textContent()).not.toContain('Card waiting')
  await expect.poll(() => listed(page, runId).getAttribute('data-status')).toBe('cancelled')
  // Activity says what the server answered.
  await page.getByRole('tab', { name: 'Activity' }).click()
  const activity = page.locator('#panel-activity')
  await expect
    .poll(() => activity.textContent())
    .toContain(`Done: Replace ${path}Successfully wrote to ${path}`)
})

test('a call creating a file can be allowed on the page, and creates it once', {
  timeout: 120_000,
}, async () => {
  const path = join(folder.files, 'new-notes.md')
  const { call, runId } = await waitingWrite(path, 'A new file\n')
  const page = await pageOf(runId)
  const card = page.locator('.sp-card[data-state="pending"]')
  expect(await card.locator('.sp-card__preview').textContent()).toContain(`Create ${path}`)
  // A new file is something to do: Allow once is offered, not only Dismiss.
  await card.getByRole('button', { name: 'Allow once' }).click()
  const result = await call
  expect(result.isError, JSON.stringify(result)).toBeFalsy()
  expect(await readFile(path, 'utf8')).toBe('A new file\n')
  await expect
    .poll(() => page.locator('.sp-card').first().getAttribute('data-state'), { timeout: 15_000 })
    .toBe('allowed')
})

test('a call whose asker is gone shows on the page as closed, and nothing is written', {
  timeout: 120_000,
}, async () => {
  const path = join(folder.files, 'left.md')
  await writeFile(path, 'as it was\n')
  const { client, call, runId } = await waitingWrite(path, 'never\n')
  const page = await pageOf(runId)
  // The client goes away without a word (as a killed process does).
  await client.close()
  await call.catch(() => undefined)
  const card = page.locator('.sp-card').first()
  await expect.poll(() => card.getAttribute('data-state'), { timeout: 15_000 }).toBe('stale')
  expect(await card.getByRole('button', { name: 'Allow once' }).count()).toBe(0)
  await expect.poll(() => listed(page, runId).textContent()).not.toContain('Card waiting')
  await page.getByRole('tab', { name: 'Activity' }).click()
  await expect.poll(() => page.locator('#panel-activity').textContent()).toContain('asker_gone')
  expect(await readFile(path, 'utf8')).toBe('as it was\n')
})
