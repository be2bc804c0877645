/**
 * Runs the benchmark: every contender in its own child process, blocks interleaved and rotated,
 * then writes `results/latest.json` and prints the tables.
 *
 *   tsx run.ts [--blocks 5] [--only single,alloc,steady,waiting,durable,long,race,postgres,gateway]
 *              [--contenders a,b]
 *              [--out results/latest.json]
 *   tsx run.ts gateway        (the MCP gateway's overhead alone: results/gateway.json)
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { buildChildren } from './buildChildren.ts'
import { benchGateway } from './gateway/benchGateway.ts'
import { countFsyncs, straceWorks } from './lib/countFsyncs.ts'
import { plan, type ScenarioPlan } from './lib/plan.ts'
import { buildResults, markdown, type Samples } from './lib/report.ts'
import { rotate } from './lib/stats.ts'
import { checkTargets } from './lib/targets.ts'
import { defaultNodesOptions, measureNodes, type NodesOptions } from './multiNode/measureNodes.ts'
import { nodesMarkdown, nodesTargets } from './multiNode/nodesReport.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    blocks: { type: 'string', default: '5' },
    only: { type: 'string' },
    // A quick look at a few contenders while working; the published tables run them all.
    contenders: { type: 'string' },
    out: { type: 'string', default: 'results/latest.json' },
  },
})
const here = import.meta.dirname
const blocks = Math.max(1, Number(values.blocks))
const only = positionals.length > 0 ? positionals : values.only?.split(',')
// The gateway's overhead (issue 46) is its own table and file, measured in minutes, alone if asked.
if (only?.length === 1 && only[0] === 'gateway') {
  await benchGateway(here)
  process.exit(0)
}
const picked = values.contenders?.split(',')
const plans = plan(blocks)
  .filter((p) => only === undefined || only.includes(p.name))
  .map((p) =>
    picked === undefined ? p : { ...p, contenders: p.contenders.filter((c) => picked.includes(c)) },
  )
const ownCount = new Set([
  'plain-loop',
  'studypulse',
  'xstate-floor',
  'xstate-floor-no-children',
  'xstate-shape',
])

function childOptions(p: ScenarioPlan, contender: string): Record<string, number> {
  if (p.name !== 'waiting') return p.options
  const { count, peerCount, ...rest } = p.options
  return { ...rest, count: (ownCount.has(contender) ? count : peerCount) ?? 1000 }
}

const { child: childEntry, node: nodeEntry } = await buildChildren(here)

function runChild(p: ScenarioPlan, contender: string): Record<string, number> {
  const args = [...p.nodeFlags, childEntry, p.name, contender]
  args.push(JSON.stringify(childOptions(p, contender)))
  const child = spawnSync(process.execPath, args, {
    cwd: here,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
  })
  if (child.status !== 0) {
    process.stderr.write(child.stderr)
    throw new Error(`${p.name}/${contender} failed with exit code ${child.status}`)
  }
  return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>
}

// The `postgres` scenario (issue 11) runs last, in one go: its rows are compared within one run.
const nodesOptions: NodesOptions = defaultNodesOptions
const withNodes = only === undefined || only.includes('postgres')

const samples: Samples = {}
const started = performance.now()
const maxBlocks = Math.max(...plans.map((p) => p.blocks))
for (let block = 0; block < maxBlocks; block++) {
  for (const p of plans) {
    if (block >= p.blocks) continue
    for (const contender of rotate(p.contenders, block)) {
      const sample = runChild(p, contender)
      samples[p.name] ??= {}
      const list = (samples[p.name] as Record<string, Record<string, number>[]>)[contender] ?? []
      list.push(sample)
      ;(samples[p.name] as Record<string, Record<string, number>[]>)[contender] = list
      const seconds = ((performance.now() - started) / 1000).toFixed(0)
      process.stderr.write(
        `[${seconds}s] block ${block + 1} ${p.name} ${contender} ${JSON.stringify(sample)}\n`,
      )
    }
  }
}

// fsyncs per confirmed run, counted once per durable contender by `strace` in a child of its own
// (tracing slows every call, so those runs are not timed); absent where strace cannot run.
const durablePlan = plans.find((p) => p.name === 'durable')
if (durablePlan !== undefined && straceWorks()) {
  for (const contender of durablePlan.contenders) {
    const options = { warmupRuns: 3, measureMs: 0, minRuns: 20, markFsyncs: true }
    const count = countFsyncs([childEntry, 'durable', contender, JSON.stringify(options)], here)
    samples['durable-fsyncs'] ??= {}
    ;(samples['durable-fsyncs'] as Record<string, Record<string, number>[]>)[contender] = [
      { fsyncs: count.fsyncs, runs: count.runs },
    ]
    process.stderr.write(`[strace] durable ${contender} ${JSON.stringify(count)}\n`)
  }
}

// What each confirmed run writes on the folder default (commits, WAL frames, statements, bytes),
// counted in an untimed child of its own (the counting wraps every statement).
if (durablePlan?.contenders.includes('studypulse-durable') === true) {
  const options = { warmupRuns: 3, measureMs: 0, minRuns: 30, countWrites: 1 }
  const counted = runChild({ ...durablePlan, options }, 'studypulse-durable')
  samples['durable-writes'] = { 'studypulse-durable': [counted] }
  process.stderr.write(`[writes] durable studypulse-durable ${JSON.stringify(counted)}\n`)
}

const version = (pkg: string, from = here) => {
  try {
    const path = join(from, 'node_modules', pkg, 'package.json')
    return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version
  } catch {
    return undefined
  }
}
// A failure there must not lose the scenarios measured before it: it is reported, and the rest written.
const nodes = withNodes
  ? await measureNodes(nodesOptions, {
      nodeScript: nodeEntry,
      log: (line) => process.stderr.write(`[postgres] ${line}\n`),
    }).catch((error: unknown) => {
      process.stderr.write(`[postgres] failed: ${String(error)}\n`)
      process.exitCode = 1
      return undefined
    })
  : undefined
const results = buildResults(plans, samples)
const targets = checkTargets(results)
const cpu = cpus()[0]
const report = {
  machine: {
    cpus: cpus().length,
    cpuModel: cpu?.model.trim(),
    memoryGB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  },
  versions: {
    xstate: version('xstate', join(here, '..')),
    immer: version('immer', join(here, '..')),
    zod: version('zod'),
    ai: version('ai'),
    '@openai/agents': version('@openai/agents'),
    '@langchain/langgraph': version('@langchain/langgraph'),
    '@langchain/core': version('@langchain/core'),
  },
  method: {
    blocks:
      'each contender in its own child process per block; blocks interleaved, order rotated each block; median of blocks, min–max kept',
    time: 'wall time (performance.now) and CPU time (process.cpuUsage user+system, all threads) over sequential runs after a warm-up',
    allocated:
      'used_heap_size growth over a window with no GC (child run with --expose-gc and a 128 MB young generation; Node 20 has no total_allocated_bytes), divided by the runs in it',
    retained:
      'used_heap_size after two forced GCs (--expose-gc), before and while N runs wait for approval, and after they finished; divided by N',
    checks:
      'every run: the tool has not run before the approval, exactly one task with the expected title after it, the expected final text',
    writes:
      "folder default only: each write transaction of the bench child's connection counted between its BEGIN and COMMIT (libsql's exec and statements wrapped, in an untimed child of its own): WAL frames from the WAL index's mxFrame (offset 16 of studypulse.db-shm) before and after, statements run inside; per confirmed run from its start to its approval's flush; the checkpoint thread's copying is not counted",
    long: 'one conversation in a real workspace folder over sqliteRunStore (the folder default) wrapped to time and size each commit (bytes = snapshot JSON + log lines); a turn is from sending the input until flush() resolved; every delta must reach the listener and none the stored log',
    race: 'two child processes, each a runtime with the default store (studypulse.db) over one folder; each starts half the runs, both restore() and try to allow every card at once, then A closes and B restores again; counted afterwards from the stored tasks and every run journal',
    postgres:
      'node processes (compiled once with esbuild) on one embedded PostgreSQL (fresh database per row); throughput: closed loop of users starting a run, showing it at a random node and allowing it there, waiting for the execution; latency: cards opened and shown first, then allowed at a fixed rate, from decide() at that node to toolCompleted at the owner; capped rows: each node process in its own cgroup v1 CPU group (cpu.cfs_quota_us over a 10 ms period), PostgreSQL and the driver uncapped; node CPU from process.cpuUsage, PostgreSQL CPU from the postmaster and its children in /proc, machine CPU from /proc/stat; SIGKILL check: 4 nodes, one holding the open cards is SIGKILLed and every card allowed at once at the others',
  },
  scenarios: Object.fromEntries(
    plans.map((p) => [p.name, { title: p.title, blocks: p.blocks, options: p.options }]),
  ),
  results,
  targets,
  ...(nodes !== undefined && {
    postgres: { options: nodesOptions, ...nodes, targets: nodesTargets(nodes) },
  }),
}
const out = resolve(here, values.out ?? 'results/latest.json')
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`)
console.log(markdown(results, targets))
if (nodes !== undefined) console.log(`\n${nodesMarkdown(nodesOptions, nodes)}`)
console.log(`\nWrote ${out} in ${((performance.now() - started) / 1000).toFixed(0)} s.`)
if (only === undefined || only.includes('gateway')) await benchGateway(here)
