import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, expect, test } from 'vitest'
import { serveGatewayHttp } from '../../app/gateway/serveGatewayHttp.ts'
import { startGateway } from '../../app/gateway/startGateway.ts'
import { startIn } from '../app/appHarness.ts'
import { gatewayFolder, plainClient } from '../app/gateway/gatewayHarness.ts'
import { runAxe } from '../helpers/runAxe.ts'
import { pageInChromium, readmePictures } from './pageInChromium.ts'

// The gateway's card on StudyPulse's own page, in real Chromium: an MCP client that cannot ask
// its person writes a file through the gateway; the page on the same workspace shows the card
// (the file's lines before and after) and Allow once there runs the call, once.
const chromium = pageInChromium()
const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
})

test('a gateway card on the page: drawn with its diff, axe clean, and Allow once writes the file once', {
  timeout: 120_000,
}, async () => {
  const folder = await gatewayFolder()
  cleanups.push(() => folder.dispose())
  const path = join(folder.files, 'exam-plan.md')
  await writeFile(path, '# Exam plan\nWeek 1: revise cells\nSleep early\n')
  const app = await startIn(folder.dir, { distDir: chromium.distDir })
  cleanups.push(() => app.dispose())
  const started = await startGateway({
    configPath: folder.config,
    workspace: folder.workspace,
    askTimeoutMs: 600_000,
    progressEveryMs: 100,
    env: {},
    log: () => {},
  })
  cleanups.push(() => started.stop())
  const http = await serveGatewayHttp(started.gateway, 0)
  cleanups.push(() => http.close())
  const client = plainClient()
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  cleanups.push(() => client.close())

  let waiting: () => void = () => {}
  const carded = new Promise<void>((resolve) => {
    waiting = resolve
  })
  const call = client.callTool(
    {
      name: 'files__write_file',
      arguments: {
        path,
        content: '# Exam plan\nWeek 1: revise cells and membranes\nSleep before 11\n',
      },
    },
    undefined,
    { onprogress: () => waiting() },
  ) as Promise<CallToolResult>
  await carded
  const [runId] = started.gateway.runIds()
  await started.runtime.flush()

  const page = await chromium.browser.newPage({ viewport: { width: 1100, height: 800 } })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(`${app.server.url}/?run=${encodeURIComponent(runId as string)}`)
  const card = page.locator('.sp-card[data-state="pending"]')
  await card.waitFor()
  expect(await card.locator('.sp-card__preview').textContent()).toContain(`Replace ${path}`)
  const diff = card.locator('.sp-diff')
  expect(await diff.locator('.sp-diff__line--removed del').allTextContents()).toEqual([
    'Week 1: revise cells',
    'Sleep early',
  ])
  expect(await diff.locator('.sp-diff__line--added ins').allTextContents()).toEqual([
    'Week 1: revise cells and membranes',
    'Sleep before 11',
  ])
  expect(await runAxe(page)).toEqual([])
  await page.screenshot({ path: join(readmePictures, 'gateway-card.png') })
  expect(await readFile(path, 'utf8')).toBe('# Exam plan\nWeek 1: revise cells\nSleep early\n')

  await card.getByRole('button', { name: 'Allow once' }).click()
  const result = await call
  expect(result.isError, JSON.stringify(result)).toBeFalsy()
  expect(await readFile(path, 'utf8')).toBe(
    '# Exam plan\nWeek 1: revise cells and membranes\nSleep before 11\n',
  )
})
