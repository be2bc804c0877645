// Signed approvals with real browser passkeys: Chromium's virtual authenticators (CDP, real P-256
// keys, real signatures) register passkeys against the app's routes; two people sign a four-eyes
// card; an Allow and a Deny are signed; a key revoked between signing and deciding is refused. The page's
// own passkey section is not built yet, so the test drives the routes with @simplewebauthn/browser
// inside the page, as that section will.
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import { type AppHarness, startHarness } from '../app/appHarness.ts'
import { launchChromium } from '../helpers/launchChromium.ts'

const rules: ApprovalRules = {
  version: 1,
  rules: [
    { name: 'writes are signed', levels: ['write'], signed: true },
    {
      name: 'deleting needs two signed approvers',
      tools: ['delete_task'],
      approvers: { users: ['alice', 'sam'] },
      quorum: 2,
      signed: true,
    },
  ],
}
// The package exports no path to its browser bundle: found from its entry (`script/index.js`).
const bundle = join(
  dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')),
  '../dist/bundle/index.umd.min.js',
)

let browser: Browser
let h: AppHarness
let page: Page
let sams: Page
let origin: string

// A free port, so the public origin (localhost: a secure context and a valid RP id) can name it.
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  const port = await freePort()
  origin = `http://localhost:${port}`
  browser = await launchChromium()
  h = await startHarness({
    port,
    approvalRules: rules,
    hosted: { publicOrigin: origin, auth: { kind: 'proxy' }, trustedProxies: ['127.0.0.1'] },
  })
  page = await signedInPage('alice')
  sams = await signedInPage('sam')
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await h?.dispose()
})

// A page signed in as `id` (the proxy's header on every request), with its own virtual
// authenticator: a real P-256 key, user verification on.
async function signedInPage(id: string): Promise<Page> {
  // The page's CSP allows only its own scripts: the injected WebAuthn client needs the bypass.
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-user': id },
    bypassCSP: true,
  })
  const opened = await context.newPage()
  const cdp = await context.newCDPSession(opened)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  await opened.goto(origin)
  await opened.addScriptTag({ path: bundle })
  return opened
}

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

// A card of alice's run that the rules say must be signed.
async function card(text = 'add a task to review chapter 3 by Friday') {
  const started = await api('/api/runs', { text })
  expect(started.status).toBe(201)
  const runId = started.json.runId as string
  await waitForRun(h.runtime, runId, 'awaitingConfirmation')
  return { runId, confirmationId: h.runtime.view(runId).pending?.confirmationId as string }
}

// The browser's signature over one decision: the server's options, the authenticator's answer.
async function sign(
  runId: string,
  confirmationId: string,
  decision: 'allow' | 'deny',
  on: Page = page,
) {
  const asked = await api(`/api/runs/${runId}/signing`, { confirmationId, decision }, on)
  expect(asked.status, JSON.stringify(asked.json)).toBe(200)
  const assertion = await on.evaluate(
    (optionsJSON) =>
      (
        globalThis as unknown as {
          SimpleWebAuthnBrowser: { startAuthentication(o: unknown): Promise<unknown> }
        }
      ).SimpleWebAuthnBrowser.startAuthentication({ optionsJSON }),
    asked.json.options,
  )
  return { nonce: asked.json.binding.nonce as string, assertion }
}

// Registers the page's virtual authenticator as a passkey of its person.
async function register(on: Page) {
  const options = await api('/api/passkeys/registration', {}, on)
  const response = await on.evaluate(
    (optionsJSON) =>
      (
        globalThis as unknown as {
          SimpleWebAuthnBrowser: { startRegistration(o: unknown): Promise<unknown> }
        }
      ).SimpleWebAuthnBrowser.startRegistration({ optionsJSON }),
    options.json,
  )
  const registered = await api('/api/passkeys', { response, label: 'Chromium' }, on)
  expect(registered.status, JSON.stringify(registered.json)).toBe(200)
  return registered.json.credentialId as string
}

describe('signed approvals in Chromium with a virtual authenticator', () => {
  it('four eyes, both signed: Alice’s signature counts, Sam’s takes the card', async () => {
    await register(page)
    await register(sams)
    const { runId, confirmationId } = await card('delete the task review lecture 1 notes')
    const first = await api(`/api/runs/${runId}/confirmations`, {
      confirmationId,
      decision: 'allow',
      signature: await sign(runId, confirmationId, 'allow'),
    })
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(h.runtime.view(runId).value).toBe('awaitingConfirmation')
    const second = await api(
      `/api/runs/${runId}/confirmations`,
      {
        confirmationId,
        decision: 'allow',
        signature: await sign(runId, confirmationId, 'allow', sams),
      },
      sams,
    )
    expect(second.status, JSON.stringify(second.json)).toBe(200)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const resolved = h.runtime.view(runId).events.find((e) => e.kind === 'confirmationResolved')
    expect(resolved).toMatchObject({ decision: 'allow', decider: { id: 'sam' } })
  })

  // Alice's passkey is the one the test above registered (one browser, one server per file).
  it('signs an Allow and a Deny, and a revoked key decides nothing', async () => {
    const credentialId = (
      (await api('/api/passkeys')).json.passkeys as { credentialId: string }[]
    )[0]?.credentialId as string

    const allowCard = await card()
    const plain = await api(`/api/runs/${allowCard.runId}/confirmations`, {
      confirmationId: allowCard.confirmationId,
      decision: 'allow',
    })
    expect(plain.json.error?.code).toBe('signature_required')
    const allowed = await api(`/api/runs/${allowCard.runId}/confirmations`, {
      confirmationId: allowCard.confirmationId,
      decision: 'allow',
      signature: await sign(allowCard.runId, allowCard.confirmationId, 'allow'),
    })
    expect(allowed.status, JSON.stringify(allowed.json)).toBe(200)
    await waitForRun(h.runtime, allowCard.runId, 'awaitingInput')

    const denyCard = await card()
    const denied = await api(`/api/runs/${denyCard.runId}/confirmations`, {
      confirmationId: denyCard.confirmationId,
      decision: 'deny',
      signature: await sign(denyCard.runId, denyCard.confirmationId, 'deny'),
    })
    expect(denied.status, JSON.stringify(denied.json)).toBe(200)
    await waitForRun(h.runtime, denyCard.runId, 'awaitingInput')
    const resolved = h.runtime
      .view(denyCard.runId)
      .events.filter((e) => e.kind === 'confirmationResolved')
    expect(resolved.at(-1)).toMatchObject({ decision: 'deny', decider: { id: 'alice' } })

    // Signed while the key was in use, sent after it was revoked: refused, the card stays open.
    const lateCard = await card()
    const signed = await sign(lateCard.runId, lateCard.confirmationId, 'allow')
    expect((await api('/api/passkeys/revoke', { credentialId })).status).toBe(200)
    const refused = await api(`/api/runs/${lateCard.runId}/confirmations`, {
      confirmationId: lateCard.confirmationId,
      decision: 'allow',
      signature: signed,
    })
    expect(refused.json.error?.code).toBe('passkey_revoked')
    expect(h.runtime.view(lateCard.runId).pending?.confirmationId).toBe(lateCard.confirmationId)
  })
})
