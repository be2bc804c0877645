// The MCP gateway face, over stdio (its own process, as a host starts it) and over Streamable
// HTTP (hosted behind the sign-in proxy, one MCP session per person), through the MCP SDK's
// Client. The client draws MCP Apps and elicits nothing, so a gated call waits for its card, read
// with `studypulse_card` and answered with `studypulse_decide` as the card app does. The upstream
// is the counting server: one line per call that really ran. File writes go to the reference
// filesystem server, for the card bound to the text it showed.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { GatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { callDigest } from '../../../tools/digest.ts'
import { type GatewayFolder, gatewayStdio } from '../../app/gateway/gatewayHarness.ts'
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
import { variantArgs } from './studyTools.ts'

const appsCapability = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
} as never

/** An MCP session: its client, and (stdio) its process. */
interface Session {
  client: Client
  transport?: StdioClientTransport
}

/** A running gateway for one setup, and how sessions reach it. */
interface Gate {
  folder: GatewayFolder
  connect(who: Who): Promise<Session>
  /** The gateway stops as a dying process does and a new one opens the folder. */
  restart(): Promise<void>
  /** SIGKILLs the process of `session` (stdio). */
  kill?(session: Session): Promise<void>
  /** Decides as the web page on the same folder would (an asker gone from the gateway). */
  page?: StartedGateway
  /** Closes the sessions a scenario opened (the gateway itself stays for the next scenario). */
  endScenario(): Promise<void>
  close(): Promise<void>
}

interface Held {
  session: Session
  tool: string
  args: Record<string, unknown>
  digest: string
  call: Promise<CallToolResult | Error>
  path?: string
  /** An Allow of this card was taken: its call's answer is due. */
  allowed?: boolean
}
const held = (card: Card) => card.handle as Held

async function httpGate(setup: FaceSetup): Promise<Gate> {
  const folder = await newFolder()
  const sessions: Client[] = []
  let started: StartedGateway
  let http: GatewayHttp
  const open = async () => {
    ;({ started, http } = await hostedGateway(folder, setup))
  }
  const shut = async () => {
    for (const client of sessions.splice(0)) await client.close().catch(() => undefined)
    await http.close()
    await started.stop()
  }
  await open()
  const gate: Gate = {
    folder,
    async connect(who) {
      const client = hostClient(appsCapability)
      await connectAs(client, http.url, who)
      sessions.push(client)
      return { client }
    },
    async restart() {
      await shut()
      await open()
    },
    async endScenario() {
      for (const client of sessions.splice(0)) await client.close().catch(() => undefined)
    },
    async close() {
      await shut()
      await folder.dispose()
    },
  }
  Object.defineProperty(gate, 'page', { get: () => started })
  return gate
}

async function stdioGate(setup: FaceSetup): Promise<Gate> {
  const folder = await newFolder()
  const sessions: Session[] = []
  const timeout = setup.expiresInMs === undefined ? [] : ['--ask-timeout', `${setup.expiresInMs}ms`]
  // One gateway process serves the scenarios in turn (a host keeps its one process too); a
  // restart or a kill ends it, and the next call starts another.
  let main: Session | undefined
  const end = async (session: Session) => {
    if (main === session) main = undefined
    await session.client.close().catch(() => undefined)
  }
  return {
    folder,
    async connect() {
      if (main !== undefined) return main
      const client = hostClient(appsCapability)
      const transport = gatewayStdio(folder, timeout)
      await client.connect(transport)
      main = { client, transport }
      sessions.push(main)
      return main
    },
    async restart() {
      for (const session of sessions.splice(0)) await end(session)
    },
    async kill(session) {
      process.kill(session.transport?.pid as number, 'SIGKILL')
      await end(session)
    },
    async endScenario() {},
    async close() {
      for (const session of sessions.splice(0)) await end(session)
      await folder.dispose()
    },
  }
}

/** The gateway face over `mode`. */
export function gatewayDriver(mode: 'stdio' | 'http'): FaceDriver {
  const onePerson = 'over stdio the gateway has no sign-in: one person, the host’s'
  const onePerDecision = 'studypulse_decide carries one decision per call; twice is replay'
  const gates = gatesBySetup((setup) => (mode === 'http' ? httpGate(setup) : stdioGate(setup)))
  const elsewhere =
    'another person decides a gateway call on the web page, never in another MCP session (the page face)'
  return {
    face: `MCP gateway (${mode})`,
    notApplicable: {
      signed:
        'an MCP host cannot run a WebAuthn ceremony for the app’s origin: the refusal names the page, where the person signs (signed-required)',
      duplicate: onePerDecision,
      conflicting: onePerDecision,
      'unknown-beside-valid': onePerDecision,
      'unnamed-approver': mode === 'stdio' ? onePerson : elsewhere,
      quorum: mode === 'stdio' ? onePerson : elsewhere,
      'four-eyes': mode === 'stdio' ? onePerson : elsewhere,
      ...(mode === 'stdio' && {
        'signed-required': `${onePerson}: approval rules, and so signed approvals, need --http with sign-in (the stdio gateway refuses to start with them)`,
      }),
      'stale-node':
        'a gateway holds its calls in its own process: another node has no call to answer (restart and SIGKILL cover the process going)',
      ...(mode === 'stdio' && {
        'other-person': onePerson,
        'other-session':
          'one stdio process is one session: another process holds no card of this one',
        'asker-gone':
          'over stdio the asker is the process’s one client: it going ends the gateway (the sigkill scenario)',
      }),
      ...(mode === 'http' && {
        sigkill: sigkillOverStdio,
      }),
    },
    async start(setup) {
      return instance(await gates.of(setup))
    },
    async dispose() {
      await gates.closeAll((gate) => gate.close())
    },
  }
}

function instance(gate: Gate): FaceInstance {
  const cardOf = async (session: Session, tool: string, args: object) => {
    const shown = (await session.client.callTool({
      name: 'studypulse_card',
      arguments: { tool, arguments: args },
    })) as CallToolResult
    const card = shown.structuredContent as { confirmationId?: string; digest?: string }
    if (card?.confirmationId === undefined) throw new Error(`no card: ${JSON.stringify(shown)}`)
    return card as { confirmationId: string; digest: string }
  }
  const decide = async (answer: Answer, session: Session): Promise<Outcome> => {
    const { tool, args, digest } = held(answer.card)
    const sent =
      answer.input === undefined || answer.input === 'same'
        ? digest
        : callDigest(tool, variantArgs(args, answer.input))
    const result = (await session.client.callTool({
      name: 'studypulse_decide',
      arguments: { confirmationId: answer.card.id, digest: sent, decision: answer.decision },
    })) as CallToolResult
    const body = result.structuredContent as { ok?: boolean; error?: { code?: string } }
    if (body?.ok !== true) return { kind: 'refused', code: body?.error?.code ?? 'refused' }
    if (answer.decision === 'allow') held(answer.card).allowed = true
    return { kind: 'taken' }
  }
  // The asker has gone: the card is answered where the person still is, the web page on the
  // same runtime (its decision goes through the runtime's one decision path, as the page's does).
  const decideOnPage = async (answer: Answer): Promise<Outcome> => {
    const started = gate.page
    if (started === undefined) return { kind: 'refused', code: 'no_page' }
    const runId = started.gateway
      .runIds()
      .find((id) => started.runtime.view(id).pending?.confirmationId === answer.card.id)
    if (runId === undefined) return { kind: 'refused', code: 'confirmation_not_found' }
    try {
      await started.runtime.command(runId, {
        kind: 'decide',
        confirmationId: answer.card.id,
        decision: answer.decision,
        digest: held(answer.card).digest,
        by: answer.by,
      })
    } catch (error) {
      return { kind: 'refused', code: String((error as { code?: unknown }).code ?? 'refused') }
    }
    if (answer.decision === 'allow') held(answer.card).allowed = true
    return { kind: 'taken' }
  }
  let gone = new Set<Card>()
  // After a restart every session of the old gateway is gone: answers come from new ones.
  let restarted = false
  const face: FaceInstance = {
    async ask(request) {
      const session = await gate.connect(request.asker)
      const { tool, args, path } = await upstreamCall(gate.folder, request)
      const call = gatedCall(session.client, tool, args)
      const { confirmationId, digest } = await cardOf(session, tool, args)
      return {
        request,
        id: confirmationId,
        handle: { session, tool, args, digest, call, ...(path && { path }) } satisfies Held,
      }
    },
    async answer(answers) {
      const outcomes: Outcome[] = []
      for (const answer of answers) {
        if (gone.has(answer.card) && !restarted && gate.page !== undefined) {
          outcomes.push(await decideOnPage(answer))
          continue
        }
        const own = held(answer.card).session
        const session =
          answer.otherSession ||
          answer.by.id !== answer.card.request.asker.id ||
          gone.has(answer.card) ||
          restarted
            ? await gate.connect(answer.by)
            : own
        outcomes.push(await decide(answer, session))
      }
      return outcomes
    },
    async effects(card) {
      const { path, call, allowed } = held(card)
      // The call's answer comes once the upstream ran: wait for it once an Allow was taken.
      if (allowed) await call
      return upstreamEffects(gate.folder, card.request.text, path)
    },
    told: async (card) => toldBy(await held(card).call),
    async restart() {
      restarted = true
      await gate.restart()
    },
    async leave(card) {
      gone = new Set([...gone, card])
      const started = gate.page
      const runId = started?.gateway
        .runIds()
        .find((id) => started.runtime.view(id).pending?.confirmationId === card.id)
      await held(card).session.client.close()
      if (started !== undefined && runId !== undefined) await askerGone(started.runtime, runId)
    },
    changeTarget: async (card) => rewriteTarget(held(card).path),
    async expired(card) {
      await held(card).call
    },
    close: () => gate.endScenario(),
  }
  if (gate.kill !== undefined) {
    const kill = gate.kill
    face.kill = async () => {
      // The latest card's session: its process is killed, the card is answered from a new one.
      if (lastCard === undefined) return
      gone = new Set([...gone, lastCard])
      await kill(held(lastCard).session)
    }
  }
  let lastCard: Card | undefined
  const ask = face.ask
  face.ask = async (request) => {
    lastCard = await ask(request)
    return lastCard
  }
  return face
}
