import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { type AppHarness, runToCard, startIn } from '../app/appHarness.ts'
import { runAxe } from '../helpers/runAxe.ts'
import { pageInChromium, shots } from './pageInChromium.ts'

const chromium = pageInChromium()
let running: AppHarness | undefined
afterAll(async () => {
  await running?.dispose()
})

// Issue #40 (5): the server stopped under a page with a card open; the page kept "Waiting for
// your decision" and Allow answered "Failed to fetch". Stopped as a dying process is (runs
// saved, not cancelled), started again on the same port as `npm start` would (a new token).
test('a card says the server is gone, bars Allow until it is back, then works by itself', {
  timeout: 180_000,
}, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'studypulse-lost-'))
  const first = await startIn(dir, { distDir: chromium.distDir })
  running = first
  const { runId } = await runToCard(first, 'add a task to review chapter 3 by Friday, importance 4')
  const port = first.server.port

  const page = await chromium.browser.newPage({ viewport: { width: 1100, height: 760 } })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(`${first.server.url}/?run=${encodeURIComponent(runId)}`)
  const card = page.locator('.sp-card[data-state="pending"]')
  const allow = card.getByRole('button', { name: 'Allow once' })
  await allow.waitFor()
  expect(await allow.isEnabled()).toBe(true)

  await first.server.close()
  await first.runtime.close()
  running = undefined
  // The dropped event stream is the signal: the card says so, and no decision can be sent.
  const lost = card.getByTestId('card-unavailable')
  await lost.getByText(/cannot reach StudyPulse/).waitFor({ timeout: 30_000 })
  expect(await allow.isDisabled()).toBe(true)
  expect(await card.getByRole('button', { name: 'Deny' }).isDisabled()).toBe(true)
  expect(await page.locator('[data-run-status]').textContent()).toMatch(/Connection lost/)
  expect(await runAxe(page)).toEqual([])
  await page.screenshot({ path: join(shots, 'card-server-lost.png') })

  const second = await startIn(dir, { distDir: chromium.distDir, port })
  running = second
  // Back by itself: the same card, answerable again, with no reload pressed by anyone.
  const again = page.locator('.sp-card[data-state="pending"] button[data-decision="allow"]:enabled')
  await again.waitFor({ timeout: 60_000 })
  expect(await page.getByText(/cannot reach StudyPulse/).count()).toBe(0)
  await again.click()
  await waitForRun(second.runtime, runId, 'awaitingInput')
  expect((await second.workspace.readTasks()).map((t) => t.title)).toContain('Review chapter 3')
  await page.close()
})
