import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { type AppHarness, rawRequest, runToCard, startIn } from '../app/appHarness.ts'
import { freshDatabase } from '../helpers/postgres.ts'
import { pageInChromium, shots } from './pageInChromium.ts'

const chromium = pageInChromium()
const servers: AppHarness[] = []
afterAll(async () => {
  for (const h of servers.splice(0)) await h.dispose()
})

test('a card denied on another node says so on the page that lost, not that it no longer waits', {
  timeout: 120_000,
}, async () => {
  const { url } = await freshDatabase()
  const env = { STUDYPULSE_DATABASE_URL: url }
  const [a, b] = [
    await startIn(await mkdtemp(join(tmpdir(), 'studypulse-node-a-')), {
      env,
      distDir: chromium.distDir,
    }),
    await startIn(await mkdtemp(join(tmpdir(), 'studypulse-node-b-')), {
      env,
      distDir: chromium.distDir,
    }),
  ]
  servers.push(a, b)
  const { runId, confirmationId } = await runToCard(
    a,
    'add a task to review chapter 3 by Friday, importance 4',
  )
  await a.runtime.flush()

  // The page is served by node B and shows node A's card.
  const page = await chromium.browser.newPage({ viewport: { width: 1100, height: 760 } })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(`${b.server.url}/?run=${encodeURIComponent(runId)}`)
  const card = page.locator('.sp-card[data-state="pending"]')
  await card.waitFor()
  // The page's Allow reaches node B only once someone at node A has denied the card.
  await page.route(`**/api/runs/${runId}/confirmations`, async (route) => {
    const denied = await rawRequest(a.server.port, {
      method: 'POST',
      path: `/api/runs/${runId}/confirmations`,
      headers: a.pageHeaders(),
      body: JSON.stringify({ confirmationId, decision: 'deny' }),
    })
    expect(denied.status).toBe(200)
    await route.continue()
  })
  await card.getByRole('button', { name: 'Allow once' }).click()
  await page.getByText('Denied on another page or node. Nothing was changed.').waitFor()
  expect(await page.getByText(/No longer waiting for a decision/).count()).toBe(0)
  await page.screenshot({ path: join(shots, 'card-denied-on-another-node.png') })
  await waitForRun(a.runtime, runId, 'awaitingInput')
  expect(a.runtime.view(runId).events.find((e) => e.kind === 'confirmationResolved')).toMatchObject(
    { decision: 'deny', decidedBy: 'user' },
  )
  await page.close()
})
