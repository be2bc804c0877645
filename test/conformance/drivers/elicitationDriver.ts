// The MCP gateway face answered in the host: over Streamable HTTP (hosted behind the sign-in
// proxy), each call from its own MCP session whose client declares form elicitation, through the
// MCP SDK's Client. The gateway asks the person with `elicitation/create`; the driver holds that
// question and answers it (accept / decline) as the person does. Whether an answer was taken is
// read where it lands: the card closed after it (the runtime behind the gateway, as the page sees
// it). A card whose asker has gone is answered on the page, the one place the person still is.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  type CallToolResult,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import type { GatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { GatewayFolder } from '../../app/gateway/gatewayHarness.ts'
import type { Answer, Card, FaceDriver, FaceInstance, FaceSetup, Outcome, Who } from '../face.ts'
import {
  askerGone,
  connectAs,
  gatedCall,
  gatesBySetup,
  hostClient,
  hostedGateway,
  newFolder,
  rewriteTarget,
  sigkillOverStdio,
  toldBy,
  upstreamCall,
  upstreamEffects,
} from './gatewayFace.ts'

/** A running gateway for one setup; it outlives the scenarios that share the setup. */
interface Gate {
  folder: GatewayFolder
  started(): StartedGateway
  connect(who: Who, onQuestion: Questioned): Promise<Client>
  restart(): Promise<void>
  /** Resolves with the code of the next answer the gateway says did not decide its card. */
  nextRefusal(): Promise<string>
  endScenario(): Promise<void>
  close(): Promise<void>
}

type Questioned = (id: string | number, reply: (result: ElicitResult) => void) => void

interface Held {
  client: Client
  call: Promise<CallToolResult | Error>
  runId: string
  /** The question's JSON-RPC id, and how to answer it (once, as the SDK does). */
  questionId: string | number
  reply: (result: ElicitResult) => void
  replied: boolean
  path?: string
  allowed?: boolean
}
const held = (card: Card) => card.handle as Held | undefined

async function httpGate(setup: FaceSetup): Promise<Gate> {
  const folder = await newFolder()
  const clients: Client[] = []
  let started: StartedGateway
  let http: GatewayHttp
  // The gateway's own word on an answer given in the host that it refused (its log).
  const refusals = new Set<(code: string) => void>()
  const log = (line: string) => {
    const code = /did not decide the card \(([a-z_]+):/.exec(line)?.[1]
    if (code !== undefined) for (const heard of [...refusals]) heard(code)
  }
  const open = async () => {
    ;({ started, http } = await hostedGateway(folder, setup, log))
  }
  const endSessions = async () => {
    for (const client of clients.splice(0)) await client.close().catch(() => undefined)
  }
  await open()
  return {
    folder,
    started: () => started,
    nextRefusal: () =>
      new Promise<string>((resolve) => {
        const heard = (code: string) => {
          refusals.delete(heard)
          resolve(code)
        }
        refusals.add(heard)
      }),
    async connect(who, onQuestion) {
      const client = hostClient({ elicitation: { form: {} } })
      client.setRequestHandler(
        ElicitRequestSchema,
        (_request, extra) =>
          new Promise<ElicitResult>((resolve) => onQuestion(extra.requestId, resolve)),
      )
      await connectAs(client, http.url, who)
      clients.push(client)
      return client
    },
    async restart() {
      await endSessions()
      await http.close()
      await started.stop()
      await open()
    },
    endScenario: endSessions,
    async close() {
      await endSessions()
      await http.close()
      await started.stop()
      await folder.dispose()
    },
  }
}

/** The gateway answered through form-mode elicitation in the asker's host. */
export function elicitationDriver(): FaceDriver {
  const gates = gatesBySetup(httpGate)
  const oneQuestion =
    'the host answers its one elicitation once, with one choice; a request of several answers does not exist here'
  const askerOnly =
    'the elicitation goes only to the asking session’s host: another person or session is never asked (they decide on the page)'
  const noInput =
    'a form answer carries only the choice (allow once, for the session, deny): the call’s input never travels back'
  return {
    face: 'MCP gateway (elicitation form)',
    notApplicable: {
      signed:
        'a form in the host cannot sign: the question names the page, where the person signs (signed-required)',
      duplicate: oneQuestion,
      conflicting: oneQuestion,
      'unknown-beside-valid': oneQuestion,
      concurrent: oneQuestion,
      'changed-input': noInput,
      'extra-key': noInput,
      unicode: noInput,
      'other-person': askerOnly,
      'other-session': askerOnly,
      'unnamed-approver': askerOnly,
      quorum: askerOnly,
      'four-eyes': askerOnly,
      sigkill: sigkillOverStdio,
      'stale-node':
        'a gateway holds its calls in its own process: another node has no call to answer',
    },
    async start(setup) {
      return instance(await gates.of(setup))
    },
    async dispose() {
      await gates.closeAll((gate) => gate.close())
    },
  }
}

/** The run of the gateway's open card whose call carries `text`. */
function openCardOf(started: StartedGateway, text: string) {
  for (const runId of started.gateway.runIds()) {
    const view = started.runtime.view(runId)
    const pending = view.pending
    if (pending === undefined) continue
    const asked = view.events.some(
      (e) => e.confirmationId === pending.confirmationId && e.payloadJson?.includes(text),
    )
    if (asked) return { runId, confirmationId: pending.confirmationId, digest: pending.digest }
  }
  return undefined
}

const isOpen = (started: StartedGateway, runId: string, confirmationId: string) => {
  try {
    return started.runtime.view(runId).pending?.confirmationId === confirmationId
  } catch {
    // A restarted gateway does not hold the run at all.
    return false
  }
}

function instance(gate: Gate): FaceInstance {
  const gone = new Set<Card>()
  // The asker has gone: the person answers on the page, which decides through the runtime.
  const decideOnPage = async (answer: Answer, h: Held): Promise<Outcome> => {
    const started = gate.started()
    if (!isOpen(started, h.runId, answer.card.id))
      return { kind: 'refused', code: 'confirmation_not_found' }
    try {
      await started.runtime.command(h.runId, {
        kind: 'decide',
        confirmationId: answer.card.id,
        decision: answer.decision,
        by: answer.by,
      })
    } catch (error) {
      return { kind: 'refused', code: String((error as { code?: unknown }).code ?? 'refused') }
    }
    if (answer.decision === 'allow') h.allowed = true
    return { kind: 'taken' }
  }
  const inHost = async (answer: Answer, h: Held): Promise<Outcome> => {
    const started = gate.started()
    const open = isOpen(started, h.runId, answer.card.id)
    const result: ElicitResult =
      answer.decision === 'allow'
        ? { action: 'accept', content: { answer: 'allow_once' } }
        : { action: 'decline' }
    let refusal: Promise<string | undefined> = new Promise(() => {})
    if (h.replied) {
      // The host sends its answer again, as a replaying client would: the same response, raw.
      await h.client.transport
        ?.send({ jsonrpc: '2.0', id: h.questionId, result })
        .catch(() => undefined)
      // The question was answered once: a second answer is never read (the card waits as it was).
      if (open) return { kind: 'refused', code: 'question_answered' }
    } else {
      h.replied = true
      refusal = gate.nextRefusal()
      h.reply(result)
    }
    if (!open) return { kind: 'refused', code: 'confirmation_not_found' }
    // The answer lands once the card closes (the call runs, or is denied), unless the gateway
    // says it did not decide the card (one that must be signed, say).
    const closed = waitForRun(started.runtime, h.runId, ['awaitingInput'], { timeoutMs: 30_000 })
      .catch(() => undefined)
      .then(() => undefined)
    const code = await Promise.race([closed, refusal])
    if (code !== undefined) return { kind: 'refused', code }
    if (isOpen(started, h.runId, answer.card.id)) return { kind: 'refused', code: 'still_open' }
    if (answer.decision === 'allow') h.allowed = true
    return { kind: 'taken' }
  }
  return {
    async ask(request) {
      const { tool, args, path } = await upstreamCall(gate.folder, request)
      let question: (value: { id: string | number; reply: Held['reply'] }) => void = () => {}
      const asked = new Promise<{ id: string | number; reply: Held['reply'] }>((resolve) => {
        question = resolve
      })
      const client = await gate.connect(request.asker, (id, reply) => question({ id, reply }))
      const call = gatedCall(client, tool, args)
      const first = await Promise.race([
        asked,
        call.then((result) => {
          throw new Error(`no question: ${JSON.stringify(result)}`)
        }),
      ])
      const card = openCardOf(gate.started(), request.text)
      if (card === undefined) throw new Error('the gateway asked, but holds no open card')
      const handle: Held = {
        client,
        call,
        runId: card.runId,
        questionId: first.id,
        reply: first.reply,
        replied: false,
        ...(path !== undefined && { path }),
      }
      return { request, id: card.confirmationId, handle }
    },
    async answer(answers) {
      const outcomes: Outcome[] = []
      for (const answer of answers) {
        const h = held(answer.card)
        if (h === undefined) outcomes.push({ kind: 'refused', code: 'confirmation_not_found' })
        else if (gone.has(answer.card)) outcomes.push(await decideOnPage(answer, h))
        else outcomes.push(await inHost(answer, h))
      }
      return outcomes
    },
    async effects(card) {
      const h = held(card)
      if (h?.allowed) await h.call
      return upstreamEffects(gate.folder, card.request.text, h?.path)
    },
    told: async (card) => toldBy(await (held(card) as Held).call),
    restart: () => gate.restart(),
    async leave(card) {
      gone.add(card)
      const h = held(card) as Held
      await h.client.close()
      await askerGone(gate.started().runtime, h.runId)
    },
    changeTarget: async (card) => rewriteTarget(held(card)?.path),
    async expired(card) {
      await held(card)?.call
    },
    close: () => gate.endScenario(),
  }
}
