import { join } from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import { type AppHarness, startHarness } from '../app/appHarness.ts'
import { freePort } from '../helpers/freePort.ts'
import { launchChromium } from '../helpers/launchChromium.ts'
import { readmePictures } from './pageInChromium.ts'

// The pictures of two people deciding one card: docs/ under `npm run screenshot` (the README's
// team section), else screenshots/, so `npm test` leaves tracked files as they are.
const docs = readmePictures
const rules: ApprovalRules = {
  version: 1,
  rules: [{ levels: ['destructive'], approvers: { groups: ['reviewers'] }, fourEyes: true }],
}

let browser: Browser
let distDir: string
let h: AppHarness
const contexts: BrowserContext[] = []

beforeAll(async () => {
  distDir = inject('pageDir')
  browser = await launchChromium()
  const port = await freePort()
  // The test's browser stands behind the signing-in proxy: it connects from 127.0.0.1.
  h = await startHarness({
    distDir,
    port,
    approvalRules: rules,
    hosted: {
      publicOrigin: `http://127.0.0.1:${port}`,
      auth: { kind: 'proxy' },
      trustedProxies: ['127.0.0.1'],
    },
  })
}, 120_000)
afterAll(async () => {
  for (const context of contexts) await context.close()
  await browser?.close()
  await h?.dispose()
})

// A browser context signed in as one person: the proxy's headers on every request.
async function signedIn(id: string, name: string, groups: string) {
  const context = await browser.newContext({
    viewport: { width: 1100, height: 760 },
    extraHTTPHeaders: {
      'x-forwarded-user': id,
      'x-forwarded-preferred-username': name,
      'x-forwarded-groups': groups,
    },
  })
  contexts.push(context)
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  return page
}

test('two signed-in people: Alice cannot approve her own destructive card, Rita can, and both pages say so', {
  timeout: 120_000,
}, async () => {
  const alice = await signedIn('alice', 'Alice', 'students')
  await alice.goto(h.server.url)
  await alice.getByTestId('signed-in').getByText('Signed in as Alice').waitFor()
  await alice.getByLabel('Message').fill('delete the task review lecture 1 notes')
  await alice.getByLabel('Message').press('Enter')
  const aliceCard = alice.locator('.sp-card[data-state="pending"]')
  await aliceCard.waitFor()
  const runId = (await alice
    .locator('.sp-runs__item--current')
    .getAttribute('data-run-id')) as string
  // The rules do not let her approve it: the card says who may, and its Allow is off.
  await aliceCard
    .getByTestId('card-unavailable')
    .getByText(/needs group reviewers/)
    .waitFor()
  expect(await aliceCard.getByRole('button', { name: 'Allow once' }).isDisabled()).toBe(true)
  expect(await aliceCard.getByRole('button', { name: 'Deny' }).isDisabled()).toBe(false)
  expect(h.runtime.view(runId).value).toBe('awaitingConfirmation')
  await alice.screenshot({ path: join(docs, 'team-alice-refused.png') })

  // Rita, a reviewer, opens Alice's run and allows it.
  const rita = await signedIn('rita', 'Rita', 'reviewers')
  await rita.goto(`${h.server.url}/?run=${encodeURIComponent(runId)}`)
  await rita.getByTestId('signed-in').getByText('Signed in as Rita').waitFor()
  await rita
    .getByTestId('approvals')
    .getByText(/You may approve cards of .*delete_task/)
    .waitFor()
  const ritaCard = rita.locator('.sp-card[data-state="pending"]')
  await ritaCard.getByRole('button', { name: 'Allow once' }).click()
  await rita.getByText(/^Allowed by Rita at \d\d:\d\d\.$/).waitFor()
  // Alice's page shows who decided, and the task is gone from her workspace.
  await alice.getByText(/^Allowed by Rita at \d\d:\d\d\.$/).waitFor()
  await alice.getByText(/\(allowed by Rita\)/).waitFor()
  await alice.screenshot({ path: join(docs, 'team-alice-allowed-by-rita.png') })
  const tasks = await (await h.workspaces.of({ id: 'alice' })).workspace.readTasks()
  expect(tasks.some((t) => /lecture 1/i.test(t.title))).toBe(false)
  // Bob, signed in too, does not even learn the run exists.
  const bob = await signedIn('bob', 'Bob', 'students')
  const answer = await bob.request.get(`${h.server.url}/api/runs/${runId}/events`)
  expect(answer.status()).toBe(404)
})
