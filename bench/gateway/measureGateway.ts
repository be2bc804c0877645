import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'

/** How much the gateway bench measures. */
export interface GatewayBenchOptions {
  /** Timed reads per path (direct and through the gateway), per transport. */
  calls: number
  /** Untimed reads per path first (connections, JIT, caches warm). */
  warmup: number
  /** Gated calls allowed in the host (each a card, a run and its writes). */
  gated: number
  /** Node flags for the gateway's process (`--cpu-prof`, say, to profile it). */
  gatewayFlags?: readonly string[]
}

/** The figures of one round: every path measured in the same round, so ratios hold. */
export interface GatewayRound {
  stdio: PathPair
  http: PathPair
  /** From the client's elicitation answer leaving to the upstream receiving the call (ms). */
  decisionToUpstream: Quantiles
  /** The gateway's resident set (MB): started with no upstream; with one, idle; after the round. */
  rss: { noUpstreamMB: number; startedMB: number; afterMB: number; peakMB: number }
  /** The same reads made by the official Python MCP SDK's client, where its venv is made. */
  python?: { stdio: ClientPair; http: ClientPair }
}

/** Read latency direct and through the gateway, from one client. */
export interface ClientPair {
  direct: Quantiles
  gateway: Quantiles
  /** gateway p50 / direct p50. */
  ratio: number
}

/** Read latency direct, through a byte relay and through the gateway, over one transport. */
export interface PathPair {
  direct: Quantiles
  /** Through `relay.mjs`: one more process that only moves bytes (the floor of any proxy). */
  relay: Quantiles
  gateway: Quantiles
  /** gateway p50 / direct p50. */
  ratio: number
  /** relay p50 / direct p50: what a proxy costs before it does anything. */
  relayRatio: number
}

/** p50 and p95 of one path, in milliseconds. */
export interface Quantiles {
  p50: number
  p95: number
}

const here = import.meta.dirname
const upstreamScript = join(here, 'upstream.mjs')
const relayScript = join(here, 'relay.mjs')
// The venv test/app/gateway/gatewayPythonClient.test.ts makes (mcp 2.3.0 from the machine's index).
const python = join(here, '../../node_modules/.cache/studypulse-python-mcp/bin/python')

/** A Python target: a URL, or the command that starts the server over stdio; and the tool to read. */
type PythonTarget = ({ url: string } | { command: string[] }) & { tool: string }

/**
 * The same reads from the official Python SDK's client (2025-11-25, as the TypeScript client
 * speaks: the upstream speaks nothing newer), direct and through the gateway, in turns of ten;
 * undefined when the venv is not there.
 */
async function pythonReads(
  paths: { direct: PythonTarget; gateway: PythonTarget },
  options: GatewayBenchOptions,
): Promise<ClientPair | undefined> {
  if (!existsSync(python)) return undefined
  const spec = { paths, calls: options.calls, warmup: options.warmup, mode: 'legacy' }
  const child = spawn(python, [join(here, 'pythonReads.py'), JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk) => {
    out += String(chunk)
  })
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`the Python reads failed (exit ${code})`)
  const times = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, number[]>
  const direct = quantiles(times.direct ?? [])
  const gateway = quantiles(times.gateway ?? [])
  return { direct, gateway, ratio: round(gateway.p50 / direct.p50, 2) }
}

function quantiles(samples: readonly number[]): Quantiles {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { p50: round(at(0.5)), p95: round(at(0.95)) }
}

const round = (x: number, digits = 3) => Number(x.toFixed(digits))

/** VmRSS and VmHWM of a process, in MB, from /proc. */
async function rssOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: round(kb('VmRSS') / 1024, 1), peak: round(kb('VmHWM') / 1024, 1) }
}

async function timeReads(client: Client, count: number, into: number[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const result = await client.callTool({ name: readName(client), arguments: { word: `w${i}` } })
    into.push(performance.now() - started)
    if (result.isError === true) throw new Error(`a read failed: ${JSON.stringify(result)}`)
  }
}

// The gateway offers the upstream's tool under its server's prefix; the direct client by its name.
const viaGateway = new WeakSet<Client>()
const readName = (client: Client) => (viaGateway.has(client) ? 'up__look' : 'look')

type PathName = 'direct' | 'relay' | 'gateway'

/**
 * Reads on every path in turns of ten, the order rotated each turn, so a neighbour's burst on the
 * shared machine lands on all alike.
 */
async function compare(clients: Record<PathName, Client>, options: GatewayBenchOptions) {
  const unused: number[] = []
  const names = ['direct', 'relay', 'gateway'] as const
  for (const name of names) await timeReads(clients[name], options.warmup, unused)
  const times: Record<PathName, number[]> = { direct: [], relay: [], gateway: [] }
  for (let turn = 0; turn * 10 < options.calls; turn++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(turn + k) % names.length] as PathName
      await timeReads(clients[name], 10, times[name])
    }
  }
  const direct = quantiles(times.direct)
  const relay = quantiles(times.relay)
  const gateway = quantiles(times.gateway)
  return {
    direct,
    relay,
    gateway,
    ratio: round(gateway.p50 / direct.p50, 2),
    relayRatio: round(relay.p50 / direct.p50, 2),
  }
}

async function connected(
  transport: StdioClientTransport | StreamableHTTPClientTransport,
  gateway: boolean,
  ask?: (c: Client) => void,
) {
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    { capabilities: ask === undefined ? {} : { elicitation: { form: {} } } },
  )
  ask?.(client)
  await client.connect(transport)
  if (gateway) viaGateway.add(client)
  return client
}

/** Starts a script that prints its URL (the upstream over HTTP, the relay); resolves with both. */
async function printsUrl(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string]
  return { url: line.trim(), child }
}

/** Starts the gateway over HTTP on a free port; resolves with its URL and the child. */
async function httpGateway(args: string[]) {
  const child = spawn(process.execPath, [...args, '--http', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const lines = createInterface({ input: child.stderr })
  for await (const line of lines) {
    const url = /serving MCP at (\S+)/.exec(line)?.[1]
    if (url !== undefined) return { url, child }
    if (/cannot start/.test(line)) throw new Error(line)
  }
  throw new Error('the gateway ended before it served HTTP')
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await once(child, 'exit')
}

/** One round: fresh processes for every path; both transports, the gated calls and RSS. */
export async function measureGatewayRound(
  gatewayScript: string,
  options: GatewayBenchOptions,
): Promise<GatewayRound> {
  const dir = await mkdtemp(join(tmpdir(), 'studypulse-bench-gateway-'))
  const stdioServer = { command: process.execPath, args: [upstreamScript], trusted: true }
  const write = async (name: string, servers: object) => {
    const path = join(dir, name)
    await writeFile(path, JSON.stringify({ version: 1, servers }))
    return path
  }
  const flags = options.gatewayFlags ?? []
  const gatewayArgs = (config: string, ws: string) => [
    ...flags,
    gatewayScript,
    '--config',
    config,
    '--workspace',
    join(dir, ws),
  ]
  try {
    // The gateway alone, no upstream: its own footprint.
    const bare = new StdioClientTransport({
      command: process.execPath,
      args: gatewayArgs(await write('none.json', {}), 'ws-none'),
      stderr: 'ignore',
    })
    const bareClient = await connected(bare, true)
    await bareClient.listTools()
    const noUpstream = await rssOf(bare.pid as number)
    await bareClient.close()

    // stdio: the upstream spawned by the client, or by the gateway the client spawned.
    const stdioConfig = await write('stdio.json', { up: stdioServer })
    const direct = await connected(
      new StdioClientTransport({ command: process.execPath, args: [upstreamScript] }),
      false,
    )
    const relay = await connected(
      new StdioClientTransport({ command: process.execPath, args: [relayScript, upstreamScript] }),
      false,
    )
    let decided = 0n
    const gatewayTransport = new StdioClientTransport({
      command: process.execPath,
      args: gatewayArgs(stdioConfig, 'ws-stdio'),
      stderr: 'ignore',
    })
    const gateway = await connected(gatewayTransport, true, (client) => {
      client.setRequestHandler(ElicitRequestSchema, () => {
        decided = process.hrtime.bigint()
        return { action: 'accept', content: { answer: 'allow_once' } }
      })
    })
    await gateway.listTools()
    const pid = gatewayTransport.pid as number
    const started = await rssOf(pid)
    const stdio = await compare({ direct, relay, gateway }, options)

    // Gated calls: each a card the client allows at once; the upstream says when the call came.
    const decisions: number[] = []
    for (let i = 0; i < options.gated; i++) {
      const result = await gateway.callTool({ name: 'up__note', arguments: { text: `n${i}` } })
      const text = (result.content as { text?: string }[])[0]?.text ?? ''
      const received = /noted at (\d+)/.exec(text)?.[1]
      if (received === undefined) throw new Error(`a gated call was not allowed: ${text}`)
      // The first few warm the card's path; they are not counted.
      if (i >= 3) decisions.push(Number(BigInt(received) - decided) / 1e6)
    }
    const after = await rssOf(pid)
    for (const client of [direct, relay, gateway]) await client.close()
    // The Python client spawns its own upstream, and its own gateway in front of another.
    const pythonStdio = await pythonReads(
      {
        direct: { command: [process.execPath, upstreamScript], tool: 'look' },
        gateway: {
          command: [process.execPath, ...gatewayArgs(stdioConfig, 'ws-py')],
          tool: 'up__look',
        },
      },
      options,
    )

    // HTTP: one upstream served over Streamable HTTP, reached directly or through the gateway's.
    const up = await printsUrl([upstreamScript, '--http'])
    const relayed = await printsUrl([relayScript, '--http', up.url])
    const httpConfig = await write('http.json', { up: { url: up.url, trusted: true } })
    const served = await httpGateway(gatewayArgs(httpConfig, 'ws-http'))
    const directHttp = await connected(new StreamableHTTPClientTransport(new URL(up.url)), false)
    const gatewayHttp = await connected(
      new StreamableHTTPClientTransport(new URL(served.url)),
      true,
    )
    const relayHttp = await connected(
      new StreamableHTTPClientTransport(new URL(relayed.url)),
      false,
    )
    const http = await compare(
      { direct: directHttp, relay: relayHttp, gateway: gatewayHttp },
      options,
    )
    for (const client of [directHttp, relayHttp, gatewayHttp]) await client.close()
    const pythonHttp = await pythonReads(
      { direct: { url: up.url, tool: 'look' }, gateway: { url: served.url, tool: 'up__look' } },
      options,
    )
    await stopChild(relayed.child)
    await stopChild(served.child)
    await stopChild(up.child)
    return {
      stdio,
      http,
      decisionToUpstream: quantiles(decisions),
      rss: {
        noUpstreamMB: noUpstream.rss,
        startedMB: started.rss,
        afterMB: after.rss,
        peakMB: after.peak,
      },
      ...(pythonStdio !== undefined &&
        pythonHttp !== undefined && { python: { stdio: pythonStdio, http: pythonHttp } }),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
