import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join, resolve } from 'node:path'
import { buildGateway } from './buildGateway.ts'
import {
  type ClientPair,
  type GatewayBenchOptions,
  type GatewayRound,
  measureGatewayRound,
} from './measureGateway.ts'

/** The targets of issue 46 point 6. */
export const gatewayTargets = {
  readRatio: 1.3,
  decisionToUpstreamMs: 5,
  rssMB: 80,
}

/** What `npm run bench -- gateway` measures by default. */
export const defaultGatewayOptions: GatewayBenchOptions & { rounds: number } = {
  rounds: 3,
  calls: 200,
  warmup: 50,
  gated: 43,
}

const spread = (values: number[]) => ({ min: Math.min(...values), max: Math.max(...values) })

/** Each target against the worst of the rounds. */
function targetsMet(rounds: GatewayRound[]) {
  return {
    stdioRatio: Math.max(...rounds.map((r) => r.stdio.ratio)) <= gatewayTargets.readRatio,
    httpRatio: Math.max(...rounds.map((r) => r.http.ratio)) <= gatewayTargets.readRatio,
    decisionToUpstream:
      Math.max(...rounds.map((r) => r.decisionToUpstream.p50)) <=
      gatewayTargets.decisionToUpstreamMs,
    rss: Math.max(...rounds.map((r) => r.rss.startedMB)) <= gatewayTargets.rssMB,
  }
}

/** The Python client's reads, where they were measured: a second table beside the first. */
function pythonTable(rounds: GatewayRound[]): string {
  const q = (x: { p50: number; p95: number }) => `${x.p50} / ${x.p95}`
  const measured = rounds.filter((r) => r.python !== undefined)
  if (measured.length === 0)
    return 'Python client: not measured (no venv; see pythonReads in measureGateway.ts)'
  const pair = (p: ClientPair) => `${q(p.direct)} | ${q(p.gateway)} | **${p.ratio}×**`
  return [
    '| round | Python stdio direct p50 / p95 ms | gateway | ratio | Python HTTP direct | gateway | ratio |',
    '|---|---|---|---|---|---|---|',
    ...rounds.map((r, i) =>
      r.python === undefined
        ? `| ${i + 1} | — |`
        : `| ${i + 1} | ${pair(r.python.stdio)} | ${pair(r.python.http)} |`,
    ),
  ].join('\n')
}

function table(rounds: GatewayRound[]): string {
  const q = (x: { p50: number; p95: number }) => `${x.p50} / ${x.p95}`
  const pair = (p: GatewayRound['stdio']) =>
    `${q(p.direct)} | ${q(p.relay)} (${p.relayRatio}×) | ${q(p.gateway)} | **${p.ratio}×**`
  const row = (r: GatewayRound, i: number) =>
    `| ${i + 1} | ${pair(r.stdio)} | ${pair(r.http)} | ${q(r.decisionToUpstream)} | ${r.rss.noUpstreamMB} / ${r.rss.startedMB} / ${r.rss.afterMB} |`
  return [
    '| round | stdio direct p50 / p95 ms | relay | gateway | ratio | HTTP direct | relay | gateway | ratio | decision→upstream p50 / p95 ms | gateway RSS MB: bare / started / after |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rounds.map(row),
  ].join('\n')
}

/**
 * The gateway bench (`npm run bench -- gateway`): builds the gateway as the package ships it,
 * measures `rounds` rounds of fresh processes, writes `out` and prints the table.
 */
export async function benchGateway(
  here: string,
  out = 'results/gateway.json',
  options = defaultGatewayOptions,
): Promise<void> {
  const started = performance.now()
  const script = await buildGateway(join(here, '..'))
  const rounds: GatewayRound[] = []
  for (let i = 0; i < options.rounds; i++) {
    const round = await measureGatewayRound(script, options)
    process.stderr.write(`[gateway] round ${i + 1} ${JSON.stringify(round)}\n`)
    rounds.push(round)
  }
  const report = {
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim(), node: process.version },
    options,
    method:
      "the gateway compiled as published (esbuild, split at dynamic imports, packages from node_modules) in its own process; a tiny SDK 1.x upstream (bench/gateway/upstream.mjs) with a read `look` and a write `note`, trusted; the MCP SDK 1.x client calls `look` directly and through the gateway, over stdio (each spawns its upstream) and over Streamable HTTP (one upstream HTTP server; the gateway with --http 0 fronting it by URL), in alternating blocks of ten after a warm-up, fresh processes each round; gated: `note` through the gateway over stdio, the client answering the card's elicitation at once, decision→upstream from the client's answer to the upstream receiving the call on the shared monotonic clock (process.hrtime), the first 3 not counted; relay: bench/gateway/relay.mjs, a process that only moves bytes (stdio pipes; HTTP requests forwarded on a kept-alive agent), the floor any proxy pays; RSS is VmRSS from /proc of the gateway process (its upstreams are other processes): bare = started with an empty mcp.json, started = one upstream listed, after = after the round; python (when node_modules/.cache/studypulse-python-mcp holds the venv the Python client test makes): the same reads from the official Python SDK's client (mcp 2.3.0, bench/gateway/pythonReads.py, mode legacy = 2025-11-25 like the TypeScript client), direct and through the gateway, in turns of ten after the same warm-up, over stdio (its own upstream and its own gateway process) and over HTTP (the same upstream and gateway URLs as the TypeScript reads), after those reads",
    targets: gatewayTargets,
    rounds,
    spread: {
      stdioRatio: spread(rounds.map((r) => r.stdio.ratio)),
      stdioRelayRatio: spread(rounds.map((r) => r.stdio.relayRatio)),
      httpRatio: spread(rounds.map((r) => r.http.ratio)),
      httpRelayRatio: spread(rounds.map((r) => r.http.relayRatio)),
      decisionToUpstreamP50: spread(rounds.map((r) => r.decisionToUpstream.p50)),
      rssStartedMB: spread(rounds.map((r) => r.rss.startedMB)),
      ...(rounds.every((r) => r.python !== undefined) && {
        pythonStdioRatio: spread(rounds.map((r) => r.python?.stdio.ratio ?? 0)),
        pythonHttpRatio: spread(rounds.map((r) => r.python?.http.ratio ?? 0)),
      }),
    },
    met: targetsMet(rounds),
  }
  const path = resolve(here, out)
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`)
  console.log(table(rounds))
  console.log(`\n${pythonTable(rounds)}`)
  console.log(`\nTargets met: ${JSON.stringify(report.met)}`)
  console.log(`Wrote ${path} in ${((performance.now() - started) / 1000).toFixed(0)} s.`)
}
