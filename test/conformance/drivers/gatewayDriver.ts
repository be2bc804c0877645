// The MCP gateway face, over stdio (its own process, as a host starts it) and over Streamable
// HTTP (hosted behind the sign-in proxy, one MCP session per person), through the MCP SDK's
// Client. The client draws MCP Apps and elicits nothing, so a gated call waits for its card, read
// with `studypulse_card` and answered with `studypulse_decide` as the card app does. The upstream
// is the counting server: one line per call that really ran. File writes go to the reference
// filesystem server, for the card bound to the text it showed.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import { type StartedGateway, startGateway } from '../../../app/gateway/startGateway.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { callDigest } from '../../../tools/digest.ts'
import {
  countedLines,
  countingServer,
  type GatewayFolder,
  gatewayFolder,
  gatewayStdio,
} from '../../app/gateway/gatewayHarness.ts'
import { filesystemServer } from '../../tools/mcp/mcpTestServers.ts'
import type {
  Answer,
  Card,
  CardRequest,
  FaceDriver,
  FaceInstance,
  FaceSetup,
  Outcome,
  Told,
  Who,
} from '../face.ts'
import { headersOf } from './appFace.ts'
import { keyOf, variantArgs } from './studyTools.ts'

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

const countFile = (folder: GatewayFolder) => join(folder.dir, 'count.txt')

/** A folder with the counting server and the filesystem server (for calls with a target). */
export async function newFolder() {
  return gatewayFolder((files, dir) => ({
    version: 1,
    servers: {
      files: filesystemServer(files, { trusted: true }),
      counting: countingServer(join(dir, 'count.txt'), {
        tools: { change: 'read', die: 'read', append: 'write' },
      }),
    },
  }))
}

const publicOrigin = 'https://study.example.edu'

async function httpGate(setup: FaceSetup): Promise<Gate> {
  const folder = await newFolder()
  const sessions: Client[] = []
  let started: StartedGateway
  let http: GatewayHttp
  const open = async () => {
    started = await startGateway({
      configPath: folder.config,
      workspace: folder.workspace,
      askTimeoutMs: setup.expiresInMs ?? 600_000,
      ...(setup.rules !== undefined && { approvalRules: setup.rules }),
      env: {},
      log: () => {},
    })
    http = await serveGatewayHttp(started.gateway, 0, {
      hosted: { publicOrigin, auth: { kind: 'proxy' }, trustedProxies: ['127.0.0.1/32'] },
    })
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
      const client = new Client(
        { name: 'conformance-host', version: '1.0.0' },
        {
          capabilities: appsCapability,
        },
      )
      const { host: _host, 'content-type': _type, ...headers } = headersOf(who)
      await client.connect(
        new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers } }),
      )
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
      const client = new Client(
        { name: 'conformance-host', version: '1.0.0' },
        {
          capabilities: appsCapability,
        },
      )
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
  const gates = new Map<string, Promise<Gate>>()
  const elsewhere =
    'another person decides a gateway call on the web page, never in another MCP session (the page face)'
  return {
    face: `MCP gateway (${mode})`,
    notApplicable: {
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
        sigkill: 'the HTTP gateway runs in this process here; stdio covers the SIGKILL',
      }),
    },
    async start(setup) {
      // One gateway per setup, shared by the scenarios (each call's marker keeps them apart).
      const key = JSON.stringify(setup)
      let gate = gates.get(key)
      if (gate === undefined) {
        gate = mode === 'http' ? httpGate(setup) : stdioGate(setup)
        gates.set(key, gate)
      }
      return instance(await gate)
    },
    async dispose() {
      for (const gate of gates.values()) await (await gate).close().catch(() => undefined)
      gates.clear()
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
      const call = session.client
        .callTool({ name: tool, arguments: args }, undefined, { timeout: 600_000 })
        .then(
          (r) => r as CallToolResult,
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        )
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
      // The gateway notices the connection closing on its own time: wait for the card to close
      // (bounded: a gateway that never notices is what the scenario then shows).
      if (started !== undefined && runId !== undefined)
        await waitForRun(started.runtime, runId, ['awaitingInput', 'cancelled', 'failed'], {
          timeoutMs: 10_000,
        }).catch(() => undefined)
    },
    async changeTarget(card) {
      const { path } = held(card)
      if (path === undefined) throw new Error('the card has no target')
      await writeFile(path, 'line one\nchanged by someone else\n')
    },
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

/** The upstream call a request makes: a counted line, or a file write on its target. */
export async function upstreamCall(
  folder: GatewayFolder,
  request: CardRequest,
): Promise<{ tool: string; args: Record<string, unknown>; path?: string }> {
  if (!request.target) return { tool: 'counting__append', args: { line: request.text } }
  const path = join(folder.files, `${keyOf(request.text)}.txt`)
  if (request.target === 'existing') await writeFile(path, 'line one\nline two\n')
  return { tool: 'files__write_file', args: { path, content: request.text }, path }
}

/** The texts a call with `text` ran upstream with: its counted lines, or its file's text. */
export async function upstreamEffects(
  folder: GatewayFolder,
  text: string,
  path: string | undefined,
): Promise<string[]> {
  if (path !== undefined) {
    const written = await readFile(path, 'utf8').catch(() => '')
    return written === text ? [written] : []
  }
  return (await countedLines(countFile(folder)))
    .map((line) => (JSON.parse(line) as { line?: string }).line ?? '')
    .filter((line) => keyOf(line) === keyOf(text))
}

/** What a gated call's answer told its asker. */
export function toldBy(result: CallToolResult | Error): Told {
  if (result instanceof Error) return { kind: 'denied', code: 'transport_error' }
  const body = result.structuredContent as { ok?: boolean; error?: { code?: string } }
  if (result.isError) return { kind: 'denied', code: body?.error?.code ?? 'error' }
  return { kind: 'ran' }
}
