// Signed approvals on the page, with real browser passkeys: Chromium's virtual authenticators
// (CDP, real P-256 keys, real signatures). A person adds a passkey in the page's Passkeys section;
// Allow and Deny on a card whose rule requires a signature run the WebAuthn ceremony from the card
// itself; two people sign a four-eyes card; a key revoked on the page between signing and deciding
// is refused and the card stays open.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import { type AppHarness, startHarness } from '../app/appHarness.ts'
import { freePort } from '../helpers/freePort.ts'
import { launchChromium } from '../helpers/launchChromium.ts'
import { addPasskey, signedInPage } from '../helpers/passkeyPage.ts'
import { runAxe } from '../helpers/runAxe.ts'

const rules: ApprovalRules = {
  version: 1,
  rules: [
    { name: 'writes are signed', levels: ['write'], signed: true },
    { name: 'undoing is signed', tools: ['undo_change'], signed: true },
    {
      name: 'deleting needs two signed approvers',
      tools: ['delete_task'],
      approvers: { users: ['alice', 'sam'] },
      quorum: 2,
      signed: true,
    },
  ],
}

let browser: Browser
let h: AppHarness
let page: Page
let sams: Page
let origin: string

beforeAll(async () => {
  const port = await freePort()
  origin = `http://localhost:${port}`
  browser = await launchChromium()
  h = await startHarness({
    port,
    distDir: inject('pageDir'),
    approvalRules: rules,
    hosted: { publicOrigin: origin, auth: { kind: 'proxy' }, trustedProxies: ['127.0.0.1'] },
  })
  // The public origin is localhost: a secure context and a valid RP id.
  page = await signedInPage(browser, origin, 'alice')
  sams = await signedInPage(browser, origin, 'sam')
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await h?.dispose()
})

// The page's fetch to the app's API (same origin, the proxy's header added by the context).
const api = (path: string, body?: unknown, on: Page = page) =>
  on.evaluate(
    async ([path, body]) => {
      const answer = await fetch(path as string, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      return { status: answer.status, json: await answer.json() }
    },
    [path, body] as const,
  )

// A card of alice's run that the rules say must be signed, opened on `on` (a link to the run).
async function card(text: string, on: Page = page) {
  const started = await api('/api/runs', { text })
  expect(started.status).toBe(201)
  const runId = started.json.runId as string
  await waitForRun(h.runtime, runId, 'awaitingConfirmation')
  const confirmationId = h.runtime.view(runId).pending?.confirmationId as string
  return { runId, confirmationId, shown: await show(runId, confirmationId, on) }
}

// The card as the page draws it, from a link to its run.
async function show(runId: string, confirmationId: string, on: Page) {
  await on.goto(`${origin}/?run=${runId}`)
  const shown = on.locator(`article[data-confirmation-id="${confirmationId}"]`)
  await shown.locator('button[data-decision="allow"]').waitFor()
  return shown
}

const lastResolved = (runId: string) =>
  h.runtime
    .view(runId)
    .events.filter((e) => e.kind === 'confirmationResolved')
    .at(-1)

describe('signed approvals on the page, in Chromium with a virtual authenticator', () => {
  it('a passkey added on the page signs an Allow and a Deny from the card', async () => {
    await addPasskey(page, 'Alice’s laptop')
    // The section a person meets: no axe finding (labels, contrast, names of its buttons).
    expect(await runAxe(page, 'section.sp-passkeys')).toEqual([])
    // A plain Allow is refused by the server: the page's Allow is signed or nothing.
    const plain = await card('add a task to review chapter 3 by Friday')
    const refused = await api(`/api/runs/${plain.runId}/confirmations`, {
      confirmationId: plain.confirmationId,
      decision: 'allow',
    })
    expect(refused.json.error?.code).toBe('signature_required')
    await plain.shown.locator('button[data-decision="allow"]').click()
    await waitForRun(h.runtime, plain.runId, 'awaitingInput')
    expect(lastResolved(plain.runId)).toMatchObject({ decision: 'allow', decider: { id: 'alice' } })

    const denyCard = await card('add a task to read chapter 4 by Monday')
    await denyCard.shown.locator('button[data-decision="deny"]').click()
    await waitForRun(h.runtime, denyCard.runId, 'awaitingInput')
    expect(lastResolved(denyCard.runId)).toMatchObject({
      decision: 'deny',
      decider: { id: 'alice' },
    })
    // Both lines of the audit log carry the signature, and the call it was made over.
    await expect
      .poll(async () =>
        ((await h.runtime.store?.readAudit()) ?? [])
          .filter((r) => r.runId === plain.runId || r.runId === denyCard.runId)
          .map((r) => [r.decision, r.receipts?.map((k) => k.receipt.signer.id)]),
      )
      .toEqual([
        ['allow', ['alice']],
        ['deny', ['alice']],
      ])
  })

  it('four eyes, both signed on the page: Alice’s signature counts, Sam’s takes the card', async () => {
    await addPasskey(sams, 'Sam’s phone')
    const { runId, confirmationId, shown } = await card('delete the task review lecture 1 notes')
    await shown.locator('button[data-decision="allow"]').click()
    await expect
      .poll(() => h.runtime.view(runId).events.some((e) => e.kind === 'confirmationApproved'))
      .toBe(true)
    expect(h.runtime.view(runId).value).toBe('awaitingConfirmation')
    const samsCard = await show(runId, confirmationId, sams)
    await samsCard.locator('button[data-decision="allow"]').click()
    await waitForRun(h.runtime, runId, 'awaitingInput')
    expect(lastResolved(runId)).toMatchObject({ decision: 'allow', decider: { id: 'sam' } })
  })

  it('an undo card from the Done line’s Undo is signed on the page, and its line keeps the signature', async () => {
    const { runId, shown } = await card('add a task to outline the lab report by Thursday')
    await shown.locator('button[data-decision="allow"]').click()
    await waitForRun(h.runtime, runId, 'awaitingInput')
    await page.locator('.sp-activity__undo').first().click()
    const undo = page.locator('.sp-card[data-state="pending"]')
    await undo.waitFor()
    const undoCard = h.runtime.view(runId).pending
    const asked = h.runtime.view(runId).events.findLast((e) => e.kind === 'confirmationRequired')
    expect(asked?.toolName).toBe('undo_change')
    // A plain Allow on the undo card is refused: undoing is as signed as the change was.
    const refused = await api(`/api/runs/${runId}/confirmations`, {
      confirmationId: undoCard?.confirmationId,
      decision: 'allow',
    })
    expect(refused.json.error?.code).toBe('signature_required')
    await undo.locator('button[data-decision="allow"]').click()
    await page.locator('.sp-activity', { hasText: '(undone since)' }).waitFor()
    await expect
      .poll(async () =>
        ((await h.runtime.store?.readAudit()) ?? [])
          .filter((r) => r.runId === runId)
          .map((r) => [r.toolName, r.receipts?.map((k) => k.receipt.binding.decision)]),
      )
      .toEqual([
        ['create_task', ['allow']],
        ['undo_change', ['allow']],
      ])
  })

  it('a passkey revoked on the page between signing and deciding decides nothing', async () => {
    const { runId, confirmationId, shown } = await card('add a task to plan the essay by Sunday')
    // The signed decision is held on its way until the key is revoked in the Passkeys section.
    let held: (() => void) | undefined
    const revoked = new Promise<void>((resolve) => {
      held = resolve
    })
    await page.route('**/confirmations', async (route) => {
      if (route.request().postDataJSON()?.signature !== undefined) await revoked
      await route.continue()
    })
    await shown.locator('button[data-decision="allow"]').click()
    await page.waitForRequest(
      (r) => r.url().endsWith('/confirmations') && r.postDataJSON()?.signature !== undefined,
    )
    const section = page.locator('section.sp-passkeys')
    await section.getByRole('button', { name: /^Revoke the passkey/ }).click()
    await section.locator('[data-passkey-state="revoked"]').waitFor()
    held?.()
    await expect.poll(() => shown.locator('.sp-card__status').textContent()).toContain('revoked')
    await page.unroute('**/confirmations')
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
    expect(h.runtime.view(runId).events.some((e) => e.kind === 'confirmationResolved')).toBe(false)
  })
})
