// The signed-in web page face: the hosted app's own page in real Chromium, each person signed in
// by the proxy with a virtual authenticator of their own (CDP: a real P-256 key, user verified)
// and a passkey added in the page's Passkeys section. A signed answer is the page's Allow or Deny
// button on the card (the page runs the WebAuthn ceremony over the card the server holds); a plain
// answer is the page's own POST …/confirmations without a signature. What only a page can do
// (sign) is this face's; the page's plain answers are the HTTP API face's routes.
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { repoRoot } from '../../../app/server/ensureBuild.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { type AppHarness, startHarness } from '../../app/appHarness.ts'
import { freePort } from '../../helpers/freePort.ts'
import { launchChromium } from '../../helpers/launchChromium.ts'
import { addPasskey, signedInPage } from '../../helpers/passkeyPage.ts'
import type { Answer, Card, FaceDriver, FaceInstance, FaceSetup, Outcome, Who } from '../face.ts'
import { type ScenarioId, scenarioIds } from '../scenarioIds.ts'
import {
  appendedFor,
  callingModel,
  callText,
  conformanceTools,
  settle,
  toldByRun,
} from './studyTools.ts'

interface Held {
  runId: string
  digest: string
}
const held = (card: Card) => card.handle as Held

// The page the app serves: the repository's build, brought up to date by the tests' global setup.
const distDir = join(repoRoot, 'dist-page')

const plainPage =
  'the page’s plain answers are the HTTP API’s routes (that face runs this scenario); this face is what only a page does: sign'

/** Every scenario but the signed ones: the HTTP API face runs them through the same routes. */
const coveredByHttp: Partial<Record<ScenarioId, string>> = Object.fromEntries(
  scenarioIds
    .filter((id) => id !== 'signed' && id !== 'signed-required')
    .map((id) => [id, plainPage]),
)

/** The hosted app's page, signing with passkeys. */
export function signedPageDriver(): FaceDriver {
  let browser: Promise<Browser> | undefined
  return {
    face: 'web page (signed in)',
    notApplicable: coveredByHttp,
    async start(setup) {
      browser ??= launchChromium()
      return instance(await openApp(setup), await browser)
    },
    async dispose() {
      await (await browser)?.close()
      browser = undefined
    },
  }
}

async function openApp(setup: FaceSetup): Promise<{ h: AppHarness; origin: string }> {
  // The public origin is localhost: a secure context and a valid RP id.
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const h = await startHarness({
    port,
    distDir,
    model: callingModel(),
    tools: conformanceTools(),
    hosted: { publicOrigin: origin, auth: { kind: 'proxy' }, trustedProxies: ['127.0.0.1'] },
    ...(setup.rules !== undefined && { approvalRules: setup.rules }),
  })
  return { h, origin }
}

function instance(app: { h: AppHarness; origin: string }, browser: Browser): FaceInstance {
  const { h, origin } = app
  const pages = new Map<string, Promise<Page>>()
  // The person's page: signed in by the proxy's header, their authenticator, a passkey added.
  const pageOf = (who: Who) => {
    let page = pages.get(who.id)
    if (page === undefined) {
      page = personPage(browser, origin, who)
      pages.set(who.id, page)
    }
    return page
  }
  const answerOne = async (answer: Answer): Promise<Outcome> => {
    const page = await pageOf(answer.by)
    const { runId, digest } = held(answer.card)
    if (answer.signed !== true) return plainAnswer(page, runId, answer, digest)
    await page.goto(`${origin}/?run=${runId}`)
    const shown = page.locator(`article[data-confirmation-id="${answer.card.id}"]`)
    const button = shown.locator(`button[data-decision="${answer.decision}"]`)
    // A card no longer open is not drawn with its buttons: nothing to sign.
    if (!(await button.isVisible({ timeout: 2_000 }).catch(() => false)))
      return { kind: 'refused', code: 'confirmation_not_found' }
    await button.click()
    // Allowed, the call runs and the model answers; denied, the model answers: the turn ends.
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const resolved = h.runtime
      .view(runId)
      .events.find((e) => e.kind === 'confirmationResolved' && e.confirmationId === answer.card.id)
    return resolved?.decision === answer.decision && resolved.decider?.id === answer.by.id
      ? { kind: 'taken' }
      : { kind: 'refused', code: 'not_taken' }
  }
  return {
    signs: true,
    async ask(request) {
      const page = await pageOf(request.asker)
      const started = await page.evaluate(async (text) => {
        const answer = await fetch('/api/runs', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        })
        return (await answer.json()) as { runId: string }
      }, callText(request))
      await waitForRun(h.runtime, started.runId, 'awaitingConfirmation')
      const pending = h.runtime.view(started.runId).pending
      if (pending === undefined) throw new Error('the run waits on no card')
      return {
        request,
        id: pending.confirmationId,
        handle: { runId: started.runId, digest: pending.digest } satisfies Held,
      }
    },
    async answer(answers) {
      const outcomes: Outcome[] = []
      for (const answer of answers) outcomes.push(await answerOne(answer))
      return outcomes
    },
    async effects(card) {
      await settle(h.runtime, held(card).runId)
      return appendedFor(card)
    },
    told: (card) => toldByRun(h.runtime, held(card).runId, card.id),
    async close() {
      for (const page of pages.values()) await (await page).context().close()
      await h.dispose()
    },
  }
}

// The page's own POST of a decision, without a signature.
async function plainAnswer(
  page: Page,
  runId: string,
  answer: Answer,
  digest: string,
): Promise<Outcome> {
  const res = await page.evaluate(
    async ([runId, body]) => {
      const answer = await fetch(`/api/runs/${runId}/confirmations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: answer.status, json: (await answer.json()) as { error?: { code?: string } } }
    },
    [runId, { confirmationId: answer.card.id, decision: answer.decision, digest }] as const,
  )
  return res.status === 200
    ? { kind: 'taken' }
    : { kind: 'refused', code: res.json.error?.code ?? String(res.status) }
}

async function personPage(browser: Browser, origin: string, who: Who): Promise<Page> {
  const page = await signedInPage(browser, origin, who.id)
  await addPasskey(page, `${who.name}’s key`)
  return page
}
