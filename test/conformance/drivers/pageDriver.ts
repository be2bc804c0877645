// The MCP gateway face answered on the web page, in real Chromium: the gateway over Streamable
// HTTP and the StudyPulse app on the same folder (as a person runs both), a client that can
// neither elicit nor draw MCP Apps, so its gated call waits for the page. The driver opens the
// page on the run's link and clicks the card's buttons as the person does; what the face said of
// an answer is what the card then shows (allowed, denied, or not taken). One Chromium for the
// driver, one gateway and app per setup. Reached by URL-mode elicitation, the client declares it
// opens URLs and the gateway knows the page: the host is sent the card's page, which the driver
// opens (accepting the question) and answers there.
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  type CallToolResult,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import type { Browser, Page } from 'playwright-core'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import { type StartedGateway, startGateway } from '../../../app/gateway/startGateway.ts'
import { repoRoot } from '../../../app/server/ensureBuild.ts'
import { type AppHarness, startIn } from '../../app/appHarness.ts'
import { type GatewayFolder, plainClient } from '../../app/gateway/gatewayHarness.ts'
import { launchChromium } from '../../helpers/launchChromium.ts'
import type { Card, FaceDriver, FaceInstance, FaceSetup, Outcome } from '../face.ts'
import {
  askerGone,
  gatedCall,
  hostClient,
  newFolder,
  rewriteTarget,
  sigkillOverStdio,
  toldBy,
  upstreamCall,
  upstreamEffects,
} from './gatewayFace.ts'

/** The gateway and the app on one folder, for one setup. */
interface Gate {
  folder: GatewayFolder
  started: StartedGateway
  http: GatewayHttp
  app: AppHarness
  clients: Client[]
  pages: Page[]
}

interface Held {
  client: Client
  call: Promise<CallToolResult | Error>
  runId: string
  page: Page
  path?: string
  allowed?: boolean
}
const held = (card: Card) => card.handle as Held | undefined

/** A change to the page or its card's answers, for a planted hole (none: the page as it is). */
export interface PagePatch {
  /** Called with each page before it opens the run's link. */
  page?(page: Page): Promise<unknown>
}

/** How the person reaches the card's page: its link, or the host's URL-mode elicitation. */
export type PageReach = 'link' | 'url-elicitation'

// The page the app serves: the repository's build, brought up to date by the tests' global setup.
const distDir = join(repoRoot, 'dist-page')

async function openGate(setup: FaceSetup, reach: PageReach): Promise<Gate> {
  const folder = await newFolder()
  const app = await startIn(folder.dir, { distDir })
  const started = await startGateway({
    ...(reach === 'url-elicitation' && { pageUrl: app.server.url }),
    configPath: folder.config,
    workspace: folder.workspace,
    askTimeoutMs: setup.expiresInMs ?? 600_000,
    progressEveryMs: 100,
    env: {},
    log: () => {},
  })
  const http = await serveGatewayHttp(started.gateway, 0)
  return { folder, started, http, app, clients: [], pages: [] }
}

async function endScenario(gate: Gate) {
  for (const page of gate.pages.splice(0)) await page.close().catch(() => undefined)
  for (const client of gate.clients.splice(0)) await client.close().catch(() => undefined)
}

async function closeGate(gate: Gate) {
  await endScenario(gate)
  await gate.http.close()
  await gate.started.stop()
  await gate.app.dispose()
  await gate.folder.dispose()
}

/** The gateway answered on the web page; `patch` plants a hole in the page (the mutants). */
export function pageDriver(
  patch: PagePatch = {},
  face = 'MCP gateway (web page)',
  reach: PageReach = 'link',
): FaceDriver {
  const gates = new Map<string, Promise<Gate>>()
  let browser: Promise<Browser> | undefined
  const oneClick =
    'the page sends one decision per click, for the one card it shows; a request of several answers does not exist here'
  const noInput =
    'the page sends the card’s own id and digest back, never the call’s input (Edit makes a new card, not a changed answer)'
  const noPeople =
    'the page beside a local gateway has no sign-in: one person; its Allow is the HTTP API’s POST …/confirmations, whose face covers people and rules'
  return {
    face,
    notApplicable: {
      signed:
        'the page beside a local gateway has no sign-in, so no passkeys (a gateway without sign-in refuses approval rules); the signed-in web page face signs',
      duplicate: oneClick,
      conflicting: oneClick,
      'unknown-beside-valid': oneClick,
      concurrent:
        'one page disables its buttons on the first click (the app’s HTTP API covers concurrent Allows)',
      'changed-input': noInput,
      'extra-key': noInput,
      unicode: noInput,
      'other-person': noPeople,
      'other-session': noPeople,
      'unnamed-approver': noPeople,
      quorum: noPeople,
      'four-eyes': noPeople,
      'signed-required': `${noPeople} (a signed approval is a signed-in person’s passkey; a gateway without sign-in refuses approval rules)`,
      restart:
        'the page reloads what the store holds; a restart of the gateway is the gateway faces’ scenario',
      sigkill: sigkillOverStdio,
      expiry:
        'a card of 300 ms closes before Chromium has drawn it; the gateway faces cover expiry (the page then shows it closed, as asker-gone does)',
      'stale-node':
        'the page’s app is already a second process beside the gateway on the folder: every Allow here is one',
    },
    async start(setup) {
      browser ??= launchChromium()
      const key = JSON.stringify(setup)
      let gate = gates.get(key)
      if (gate === undefined) {
        gate = openGate(setup, reach)
        gates.set(key, gate)
      }
      return instance(await gate, await browser, patch, reach)
    },
    async dispose() {
      for (const gate of gates.values()) await closeGate(await gate).catch(() => undefined)
      gates.clear()
      await (await browser)?.close()
      browser = undefined
    },
  }
}

/** The run of the gateway's open card whose call carries `text`. */
function openRunOf(started: StartedGateway, text: string): string | undefined {
  return started.gateway.runIds().find((runId) => {
    const view = started.runtime.view(runId)
    return view.pending !== undefined && view.events.some((e) => e.payloadJson?.includes(text))
  })
}

const cardOn = (page: Page) => page.locator('.sp-card').first()

/** A host that opens URLs: each URL question it is sent is handed to `asked`. */
function urlHost(asked: (url: string, reply: (result: ElicitResult) => void) => void): Client {
  const client = hostClient({ elicitation: { url: {} } })
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    const url = request.params.mode === 'url' ? request.params.url : ''
    return new Promise<ElicitResult>((resolve) => asked(url, resolve))
  })
  return client
}

function instance(gate: Gate, browser: Browser, patch: PagePatch, reach: PageReach): FaceInstance {
  const { started, app } = gate
  return {
    async ask(request) {
      const { tool, args, path } = await upstreamCall(gate.folder, request)
      let opened: (url: string) => void = () => {}
      const link = new Promise<string>((resolve) => {
        opened = resolve
      })
      const client =
        reach === 'link'
          ? plainClient()
          : urlHost((url, reply) => {
              // The person agrees to open the page; the answer is the page's to give.
              reply({ action: 'accept' })
              opened(url)
            })
      await client.connect(new StreamableHTTPClientTransport(new URL(gate.http.url)))
      gate.clients.push(client)
      // The gateway's progress notifications say the call waits for its card.
      let waiting: () => void = () => {}
      const carded = new Promise<void>((resolve) => {
        waiting = resolve
      })
      const call = gatedCall(client, tool, args, () => waiting())
      const shown = reach === 'link' ? carded : link.then(() => undefined)
      await Promise.race([shown, call.then((r) => Promise.reject(new Error(JSON.stringify(r))))])
      const runId = openRunOf(started, request.text)
      if (runId === undefined) throw new Error('the gateway holds no open card for the call')
      const confirmationId = started.runtime.view(runId).pending?.confirmationId as string
      await started.runtime.flush()
      const page = await browser.newPage({ viewport: { width: 1100, height: 800 } })
      gate.pages.push(page)
      await patch.page?.(page)
      await page.goto(
        reach === 'link' ? `${app.server.url}/?run=${encodeURIComponent(runId)}` : await link,
      )
      await page.locator('.sp-card[data-state="pending"]').waitFor()
      const handle: Held = { client, call, runId, page, ...(path !== undefined && { path }) }
      return { request, id: confirmationId, handle }
    },
    async answer(answers) {
      const outcomes: Outcome[] = []
      for (const answer of answers) {
        const h = held(answer.card)
        if (h === undefined) {
          outcomes.push({ kind: 'refused', code: 'confirmation_not_found' })
          continue
        }
        const card = cardOn(h.page)
        const button = card.getByRole('button', {
          name: answer.decision === 'allow' ? 'Allow once' : 'Deny',
          exact: true,
        })
        if ((await button.count()) === 0 || !(await button.isEnabled())) {
          outcomes.push({
            kind: 'refused',
            code: `not_offered:${await card.getAttribute('data-state')}`,
          })
          continue
        }
        await button.click()
        // What the card shows once the decision went through (bounded: a card that never says is
        // what the scenario then shows).
        const state = await h.page
          .waitForFunction(
            () => {
              const s = document.querySelector('.sp-card')?.getAttribute('data-state')
              return s !== 'pending' && s !== 'submitting' ? s : undefined
            },
            undefined,
            { timeout: 20_000 },
          )
          .then((handle) => handle.jsonValue() as Promise<string | undefined>)
          .catch(() => card.getAttribute('data-state'))
        const wanted = answer.decision === 'allow' ? 'allowed' : 'denied'
        if (state !== wanted) {
          outcomes.push({ kind: 'refused', code: `card_${state ?? 'missing'}` })
          continue
        }
        if (answer.decision === 'allow') h.allowed = true
        outcomes.push({ kind: 'taken' })
      }
      return outcomes
    },
    async effects(card) {
      const h = held(card)
      if (h?.allowed) await h.call
      return upstreamEffects(gate.folder, card.request.text, h?.path)
    },
    told: async (card) => toldBy(await (held(card) as Held).call),
    async leave(card) {
      const h = held(card) as Held
      await h.client.close()
      await askerGone(started.runtime, h.runId)
      // The page hears the card close on its own: wait until it stops offering it (bounded).
      await h.page
        .locator('.sp-card[data-state="pending"]')
        .waitFor({ state: 'detached', timeout: 15_000 })
        .catch(() => undefined)
    },
    changeTarget: async (card) => rewriteTarget(held(card)?.path),
    async expired(card) {
      await held(card)?.call
    },
    close: () => endScenario(gate),
  }
}
