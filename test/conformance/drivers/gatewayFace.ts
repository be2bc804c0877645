// What the three MCP gateway faces (the gateway's own card tools, form elicitation in the host,
// the web page) share: the folder with its upstream servers, the upstream call a card request
// makes and what ran of it, a host's MCP client and its gated call, the hosted HTTP gateway,
// one gateway per setup, and the answers a face gives the same way whichever it is.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import { type StartedGateway, startGateway } from '../../../app/gateway/startGateway.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import {
  countedLines,
  countingServer,
  type GatewayFolder,
  gatewayFolder,
} from '../../app/gateway/gatewayHarness.ts'
import { filesystemServer } from '../../tools/mcp/mcpTestServers.ts'
import type { CardRequest, FaceSetup, Told, Who } from '../face.ts'
import { headersOf } from './appFace.ts'
import { keyOf } from './studyTools.ts'

/** Why a SIGKILL scenario is not the HTTP gateway's here. */
export const sigkillOverStdio =
  'the HTTP gateway runs in this process here; stdio covers the SIGKILL'

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

/** Someone else changes the card's target file after it was shown. */
export async function rewriteTarget(path: string | undefined): Promise<void> {
  if (path === undefined) throw new Error('the card has no target')
  await writeFile(path, 'line one\nchanged by someone else\n')
}

/** A host's MCP client declaring `capabilities`. */
export function hostClient(capabilities: object): Client {
  return new Client({ name: 'conformance-host', version: '1.0.0' }, { capabilities })
}

/** Connects `client` to the hosted gateway at `url` as `who`, signed in by the proxy. */
export async function connectAs(client: Client, url: string, who: Who): Promise<void> {
  const { host: _host, 'content-type': _type, ...headers } = headersOf(who)
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  )
}

/** Calls a gated tool; settles with its result, or the error that ended it, once it answers. */
export function gatedCall(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  onprogress?: () => void,
): Promise<CallToolResult | Error> {
  return client
    .callTool({ name: tool, arguments: args }, undefined, {
      timeout: 600_000,
      ...(onprogress !== undefined && { onprogress }),
    })
    .then(
      (r) => r as CallToolResult,
      (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
    )
}

const publicOrigin = 'https://study.example.edu'

/** The gateway on `folder` for `setup`, over Streamable HTTP behind the sign-in proxy; `log` hears its log lines. */
export async function hostedGateway(
  folder: GatewayFolder,
  setup: FaceSetup,
  log: (line: string) => void = () => {},
): Promise<{ started: StartedGateway; http: GatewayHttp }> {
  const started = await startGateway({
    configPath: folder.config,
    workspace: folder.workspace,
    askTimeoutMs: setup.expiresInMs ?? 600_000,
    ...(setup.rules !== undefined && { approvalRules: setup.rules }),
    env: {},
    log,
  })
  const http = await serveGatewayHttp(started.gateway, 0, {
    hosted: { publicOrigin, auth: { kind: 'proxy' }, trustedProxies: ['127.0.0.1/32'] },
  })
  return { started, http }
}

/**
 * Waits for a run's card to close once its asker has gone (the gateway notices the connection
 * closing on its own time), bounded: a gateway that never notices is what the scenario then shows.
 */
export async function askerGone(runtime: AgentRuntime, runId: string): Promise<void> {
  await waitForRun(runtime, runId, ['awaitingInput', 'cancelled', 'failed'], {
    timeoutMs: 10_000,
  }).catch(() => undefined)
}

/** One gateway per setup, shared by the scenarios (each call's marker keeps them apart). */
export function gatesBySetup<Gate>(open: (setup: FaceSetup) => Promise<Gate>) {
  const gates = new Map<string, Promise<Gate>>()
  return {
    /** The gateway for `setup`, opened on first use. */
    of(setup: FaceSetup): Promise<Gate> {
      const key = JSON.stringify(setup)
      let gate = gates.get(key)
      if (gate === undefined) {
        gate = open(setup)
        gates.set(key, gate)
      }
      return gate
    },
    /** Closes every gateway opened (a failing close does not stop the others). */
    async closeAll(close: (gate: Gate) => Promise<unknown>): Promise<void> {
      for (const gate of gates.values()) await close(await gate).catch(() => undefined)
      gates.clear()
    },
  }
}
