// The HTTP API face: the web app's own routes, as its page calls them. A run is started with
// POST /api/runs, its card read with GET /api/runs/:id/card, answered with
// POST /api/runs/:id/confirmations (the card's id and digest), each request signed in as its person.
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { type AppHarness, rawRequest } from '../../app/appHarness.ts'
import type { Answer, Card, FaceDriver, FaceInstance, Outcome, Who } from '../face.ts'
import { type AppFace, headersOf, startAppFace } from './appFace.ts'
import {
  appendedFor,
  callText,
  decisionSeen,
  settle,
  toldByRun,
  variantArgs,
} from './studyTools.ts'

interface Held {
  runId: string
  args: Record<string, unknown>
  digest: string
}
const held = (card: Card) => card.handle as Held

async function post(h: AppHarness, who: Who, path: string, body: unknown) {
  return rawRequest(h.server.port, {
    method: 'POST',
    path,
    headers: headersOf(who),
    body: JSON.stringify(body),
  })
}

/** Starts `who`'s run asking for `text` and waits for its card, read as the page reads it. */
async function runToCard(h: AppHarness, who: Who, text: string) {
  const started = await post(h, who, '/api/runs', { text })
  if (started.status !== 201)
    throw new Error(`could not start a run: ${started.status} ${started.body}`)
  const runId = started.json().runId as string
  await waitForRun(h.runtime, runId, 'awaitingConfirmation')
  const card = await rawRequest(h.server.port, {
    path: `/api/runs/${runId}/card`,
    headers: headersOf(who),
  })
  if (card.status !== 200) throw new Error(`no card: ${card.body}`)
  // The page has the digest from the card's event (the same log the runtime keeps).
  const digest = h.runtime.view(runId).pending?.digest as string
  return { runId, confirmationId: card.json().confirmationId as string, digest }
}

/** The HTTP face. */
export function httpDriver(): FaceDriver {
  const targets =
    'the route sends the card’s digest only: the target’s binding is the runtime’s (the runtime face)'
  return {
    face: 'HTTP API',
    notApplicable: {
      signed:
        'the route carries a signature only a page’s WebAuthn ceremony makes; a client of the route has no authenticator (the signed-in web page face signs through this route)',
      duplicate: 'the route takes one decision per request (its body’s schema); twice is replay',
      conflicting: 'the route takes one decision per request (its body’s schema)',
      'unknown-beside-valid': 'the route takes one decision per request (its body’s schema)',
      'asker-gone':
        'a page’s card outlives its requests by design: the page reloads and finds it (GET /api/runs/:id/card)',
      sigkill: 'in-process server in this suite; restart covers a dying process',
      'new-target': targets,
      'target-changed': targets,
    },
    start: async (setup) => instance(await startAppFace(setup)),
  }
}

function instance(app: AppFace, node: () => AppHarness = app.current): FaceInstance {
  const answerOne = async (answer: Answer): Promise<Outcome> => {
    const h = node()
    const { runId, args, digest } = held(answer.card)
    let sent = digest
    if (answer.input !== undefined && answer.input !== 'same') {
      try {
        sent = h.runtime.tools.prepare('d', 'append_line', variantArgs(args, answer.input)).digest
      } catch {
        return { kind: 'refused', code: 'invalid_arguments' }
      }
    }
    let path = runId
    if (answer.otherSession) {
      // Another of the same person's runs, waiting on its own card: this card's id sent there.
      path = (await runToCard(h, answer.by, `call append_line {"line":"elsewhere"}`)).runId
    }
    const res = await post(h, answer.by, `/api/runs/${path}/confirmations`, {
      confirmationId: answer.card.id,
      decision: answer.decision,
      digest: sent,
    })
    if (res.status !== 200)
      return { kind: 'refused', code: res.json().error?.code ?? String(res.status) }
    await settle(h.runtime, runId)
    // 200 says the decision was applied; the view says whether it took the card or was counted.
    await decisionSeen(h.runtime, runId, answer.card.id, answer.by.id)
    return h.runtime.view(runId).pending?.confirmationId === answer.card.id
      ? { kind: 'waiting' }
      : { kind: 'taken' }
  }
  return {
    async ask(request) {
      const { runId, confirmationId, digest } = await runToCard(
        node(),
        request.asker,
        callText(request),
      )
      return {
        request,
        id: confirmationId,
        handle: { runId, args: { line: request.text }, digest } satisfies Held,
      }
    },
    async answer(answers) {
      const outcomes: Outcome[] = []
      for (const answer of answers)
        outcomes.push(
          answer.card.handle === undefined
            ? { kind: 'refused', code: 'confirmation_not_found' }
            : await answerOne(answer),
        )
      return outcomes
    },
    async effects(card) {
      await settle(node().runtime, held(card).runId)
      return appendedFor(card)
    },
    async told(card) {
      const h = node()
      await h.runtime.open(held(card).runId).catch(() => undefined)
      return toldByRun(h.runtime, held(card).runId, card.id)
    },
    restart: () => app.restart(),
    async secondNode() {
      const other = await app.second()
      return { ...instance(app, () => other), close: async () => {} }
    },
    expired: (card) => app.expired(held(card).runId),
    close: () => app.close(),
  }
}
