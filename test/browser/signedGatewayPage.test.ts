// A gateway call answered on the page, signed: the hosted MCP gateway and the hosted app on one
// folder (as a team runs both), a rule that every call to the `counting` server is signed, and a
// host that can neither elicit nor draw MCP Apps, so the call waits for the page. Alice signs her
// Allow with Chromium's virtual authenticator on the app's page; the decision reaches the gateway
// that holds the run, the call runs once, and its audit line keeps her signature.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import type { GatewayHttp } from '../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../app/gateway/startGateway.ts'
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import { type AppHarness, startIn } from '../app/appHarness.ts'
import type { GatewayFolder } from '../app/gateway/gatewayHarness.ts'
import {
  connectAs,
  gatedCall,
  hostClient,
  hostedGateway,
  newFolder,
  toldBy,
  upstreamEffects,
} from '../conformance/drivers/gatewayFace.ts'
import { alice } from '../conformance/face.ts'
import { freePort } from '../helpers/freePort.ts'
import { launchChromium } from '../helpers/launchChromium.ts'
import { addPasskey, signedInPage } from '../helpers/passkeyPage.ts'

const rules: ApprovalRules = {
  version: 1,
  rules: [{ name: 'the counting server is signed', servers: ['counting'], signed: true }],
}

let folder: GatewayFolder
let app: AppHarness
let gate: { started: StartedGateway; http: GatewayHttp }
let browser: Browser
let client: Client
let origin: string

beforeAll(async () => {
  folder = await newFolder()
  // The public origin is localhost: a secure context and a valid RP id.
  const port = await freePort()
  origin = `http://localhost:${port}`
  app = await startIn(folder.dir, {
    port,
    distDir: inject('pageDir'),
    approvalRules: rules,
    hosted: { publicOrigin: origin, auth: { kind: 'proxy' }, trustedProxies: ['127.0.0.1'] },
  })
  gate = await hostedGateway(folder, { rules })
  browser = await launchChromium()
  client = hostClient({})
  await connectAs(client, gate.http.url, alice)
}, 120_000)
afterAll(async () => {
  await client?.close().catch(() => undefined)
  await browser?.close()
  await gate?.http.close()
  await gate?.started.stop()
  await app?.dispose()
  await folder?.dispose()
})

// Alice's page on the app, with her own virtual authenticator and a passkey added.
async function alicesPage(): Promise<Page> {
  const page = await signedInPage(browser, origin, alice.id)
  await addPasskey(page, 'Alice’s laptop')
  return page
}

test('a gateway call is allowed on the page with a passkey signature, runs once, and its line keeps it', async () => {
  const page = await alicesPage()
  const text = 'signed on the page'
  const { runtime } = gate.started
  // The gateway's run logs its card (waited on as an event, not on the gateway's progress beat).
  const carded = new Promise<string>((resolve) => {
    const stop = runtime.subscribe((event) => {
      if (event.kind !== 'confirmationRequired') return
      stop()
      resolve(event.runId)
    })
  })
  const call = gatedCall(client, 'counting__append', { line: text })
  const runId = await carded
  const card = runtime.view(runId).pending
  // The app's plain Allow is refused: this server's cards are signed or not decided.
  const plain = await page.evaluate(
    async ([runId, confirmationId]) => {
      const answer = await fetch(`/api/runs/${runId}/confirmations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ confirmationId, decision: 'allow' }),
      })
      return (await answer.json()) as { error?: { code?: string } }
    },
    [runId, card?.confirmationId] as const,
  )
  expect(plain.error?.code).toBe('signature_required')
  expect(await upstreamEffects(folder, text, undefined)).toEqual([])

  await page.goto(`${origin}/?run=${runId}`)
  const shown = page.locator(`article[data-confirmation-id="${card?.confirmationId}"]`)
  await shown.locator('button[data-decision="allow"]').click()
  expect(toldBy(await call)).toEqual({ kind: 'ran' })
  expect(await upstreamEffects(folder, text, undefined)).toEqual([text])
  await runtime.flush()
  const line = (await runtime.store?.readAudit())?.find((r) => r.runId === runId)
  expect(line).toMatchObject({ toolName: 'counting__append', decision: 'allow' })
  expect(line?.receipts?.map((r) => [r.receipt.signer.id, r.receipt.binding.decision])).toEqual([
    ['alice', 'allow'],
  ])
})
