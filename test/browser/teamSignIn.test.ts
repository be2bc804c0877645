import { mkdtemp, readFile } from 'node:fs/promises'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { parseApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import { type AppHarness, rawRequest, startIn } from '../app/appHarness.ts'
import { startIssuer, type TestIssuer } from '../app/hosted/oidcIssuer.ts'
import { launchChromium } from '../helpers/launchChromium.ts'
import { freshDatabase } from '../helpers/postgres.ts'
import { readmePictures } from './pageInChromium.ts'

// The sign-in pictures of the hosting guide: docs/ under STUDYPULSE_SCREENSHOT=docs, else screenshots/.
const docs = readmePictures
const sessionCookie = 'studypulse-session'

let browser: Browser
let distDir: string
let issuer: TestIssuer
let a: AppHarness
let b: AppHarness
let front: Server
let origin: string
// The load balancer's choice for each new connection, and how many each node got.
let target: AppHarness
const connections = new Map<AppHarness, number>()
const sockets = new Set<Socket>()
const contexts: BrowserContext[] = []

beforeAll(async () => {
  distDir = inject('pageDir')
  browser = await launchChromium()
  // The one address people open, in front of both nodes: it must exist before they start.
  front = createServer((client) => {
    connections.set(target, (connections.get(target) ?? 0) + 1)
    const upstream = createConnection({ host: '127.0.0.1', port: target.server.port })
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('error', () => undefined)
      s.on('close', () => sockets.delete(s))
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(front.address() as { port: number }).port}`
  issuer = await startIssuer({
    appOrigins: [origin],
    people: {
      alice: { name: 'Alice', groups: ['students'] },
      rita: { name: 'Rita', groups: ['reviewers'] },
    },
  })
  const rules = parseApprovalRules(
    JSON.parse(
      await readFile(new URL('../../docs/approval-rules.example.json', import.meta.url), 'utf8'),
    ),
  )
  if (!rules.ok) throw new Error(rules.message)
  const { url } = await freshDatabase()
  const node = async (name: string) =>
    startIn(await mkdtemp(join(tmpdir(), `studypulse-team-${name}-`)), {
      distDir,
      env: { STUDYPULSE_DATABASE_URL: url },
      approvalRules: rules.rules,
      hosted: {
        publicOrigin: origin,
        auth: { kind: 'oidc', issuer: issuer.url, audience: issuer.clientId },
        signIn: {
          clientId: issuer.clientId,
          clientSecret: issuer.clientSecret,
          sessionSecret: 'one-secret-for-every-node-of-the-team',
        },
      },
    })
  a = await node('a')
  b = await node('b')
  target = a
}, 120_000)
afterAll(async () => {
  for (const context of contexts) await context.close()
  await browser?.close()
  for (const s of sockets) s.destroy()
  await new Promise<void>((resolve) => (front ? front.close(() => resolve()) : resolve()))
  await a?.dispose()
  await b?.dispose()
  await issuer?.close()
})

// A person's browser, signed in through the issuer's own login and consent pages.
async function signIn(
  login: string,
  picture?: string,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 } })
  contexts.push(context)
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(origin)
  // No session: the page request went to the issuer's login page.
  expect(page.url().startsWith(`${issuer.url}/interaction/`)).toBe(true)
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  if (picture !== undefined) await page.screenshot({ path: join(docs, picture) })
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByTestId('signed-in').waitFor()
  expect(new URL(page.url()).origin).toBe(origin)
  return { page, context }
}

async function send(page: Page, text: string) {
  await page.getByLabel('Message').fill(text)
  await page.getByLabel('Message').press('Enter')
}

// Whether a session cookie still opens /api/me, asked of one node directly.
const meWith = (node: AppHarness, cookie: string) =>
  rawRequest(node.server.port, {
    path: '/api/me',
    headers: { host: new URL(origin).host, cookie: `${sessionCookie}=${cookie}` },
  })

test('two people sign in at the issuer, see only their own conversations, one approves the other’s card on another node, and sign-out ends both cookies on every node', {
  timeout: 120_000,
}, async () => {
  const alice = await signIn('alice', 'signin-issuer-login.png')
  await alice.page.getByText('Signed in as Alice').waitFor()
  // Her own write card no rule covers is hers to decide; the delete that follows is covered.
  await send(alice.page, 'add a task to review lecture 1 notes by Friday, importance 3')
  const aliceCard = alice.page.locator('.sp-card[data-state="pending"]')
  await aliceCard.getByRole('button', { name: 'Allow once' }).click()
  await alice.page.locator('.sp-card[data-state="pending"]').waitFor({ state: 'detached' })
  await alice.page.getByRole('banner').getByText('Ready').waitFor()
  await send(alice.page, 'delete the task review lecture 1 notes')
  await aliceCard.waitFor()
  const runId = (await alice.page
    .locator('.sp-runs__item--current')
    .getAttribute('data-run-id')) as string
  // Four eyes, and she is no reviewer: the card says who may allow it, and Allow is off.
  await aliceCard
    .getByTestId('card-unavailable')
    .getByText(/needs group reviewers/)
    .waitFor()
  expect(await aliceCard.getByRole('button', { name: 'Allow once' }).isDisabled()).toBe(true)
  await aliceCard.getByTestId('card-unavailable').scrollIntoViewIfNeeded()
  await alice.page.screenshot({ path: join(docs, 'signin-card-who-may.png') })

  // Rita comes in through the other node.
  target = b
  const rita = await signIn('rita')
  await rita.page
    .getByTestId('approvals')
    .getByText(/You may approve cards of .*delete_task/)
    .waitFor()
  await send(rita.page, 'what are my tasks?')
  await rita.page.locator('.sp-runlist__item, [data-run-id]').first().waitFor()
  // Each list is the person's own.
  const listOf = async (page: Page) =>
    page.evaluate(async () => {
      const token = document.querySelector('meta[name="studypulse-token"]')?.getAttribute('content')
      const answer = await fetch('/api/runs', { headers: { 'x-studypulse-token': token ?? '' } })
      return ((await answer.json()) as { runs: { runId: string; owner?: string }[] }).runs
    })
  expect((await listOf(rita.page)).map((r) => r.owner)).toEqual(['rita'])
  expect((await listOf(alice.page)).map((r) => r.runId)).toEqual([runId])

  // Rita opens Alice's run by its link and allows it; Alice's page shows who did.
  await rita.page.goto(`${origin}/?run=${encodeURIComponent(runId)}`)
  const ritaCard = rita.page.locator('.sp-card[data-state="pending"]')
  await ritaCard.getByRole('button', { name: 'Allow once' }).click()
  await rita.page.getByText(/^Allowed by Rita at \d\d:\d\d\.$/).waitFor()
  await alice.page.getByText(/^Allowed by Rita at \d\d:\d\d\.$/).waitFor()
  // Her workspace panel follows: the task is gone there too.
  await alice.page
    .locator('aside')
    .getByText('Review lecture 1 notes')
    .waitFor({ state: 'detached' })
  await alice.page.screenshot({ path: join(docs, 'signin-signed-in.png') })
  expect(connections.get(b) ?? 0).toBeGreaterThan(0)

  // Both sign out; the cookies they had open nothing on either node.
  const cookies: string[] = []
  for (const person of [alice, rita]) {
    const cookie = (await person.context.cookies(origin)).find((c) => c.name === sessionCookie)
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Lax')
    cookies.push(cookie?.value ?? '')
    expect(await person.page.evaluate(() => JSON.stringify(localStorage))).toBe('{}')
    await person.page.getByRole('button', { name: 'Sign out' }).click()
    // The issuer asks whether to end its own session too.
    await person.page.getByRole('button', { name: /Yes, sign me out/ }).click()
    await person.page.getByTestId('sign-in').waitFor()
  }
  await alice.page.screenshot({ path: join(docs, 'signin-signed-out.png') })
  for (const cookie of cookies)
    for (const node of [a, b]) {
      expect(cookie).not.toBe('')
      expect((await meWith(node, cookie)).status).toBe(401)
    }
})
