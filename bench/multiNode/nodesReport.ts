import type { NodesOptions, NodesResult } from './measureNodes.ts'

/** One aim of issue 11 with what one run of the `postgres` scenario measured. */
export interface NodesTarget {
  target: string
  goal: string
  measured: number | undefined
  met: boolean | null
}

/** The bench aims of issue 11 ("Running on several nodes"), checked against one run's rows. */
export function nodesTargets(results: readonly NodesResult[]): NodesTarget[] {
  const postgres = results.filter((r) => r.label === 'PostgreSQL')
  const one = postgres.find((r) => r.nodes === 1)?.runsPerSecond
  const four = postgres.find((r) => r.nodes === 4)?.runsPerSecond
  const scale =
    one === undefined || four === undefined || one === 0
      ? undefined
      : Number((four / one).toPrecision(3))
  const worstP99 = postgres.length === 0 ? undefined : Math.max(...postgres.map((r) => r.p99Ms))
  return [
    {
      target: 'PostgreSQL: confirmed runs/s of 4 nodes vs 1 node',
      goal: '≥ 2×',
      measured: scale,
      met: scale === undefined ? null : scale >= 2,
    },
    {
      target: 'PostgreSQL: decision → execution p99 at the fixed rate, worst of 1, 2 and 4 nodes',
      goal: '< 50 ms',
      measured: worstP99,
      met: worstP99 === undefined ? null : worstP99 < 50,
    },
  ]
}

/** The scenario's table and aims, as markdown. */
export function nodesMarkdown(options: NodesOptions, results: readonly NodesResult[]): string {
  const out = [
    `**Several nodes** (${options.runs} runs per phase; throughput: ${options.users} users, each starting a run, allowing its card at a random node and waiting for it; latency: ${options.ratePerSecond} decisions/s at the node that showed the card; CPU in % of one core, 2 cores = 200%)`,
    '',
    '| store | nodes | confirmed runs/s | nodes CPU | machine CPU | p50 / p99 at saturation | p50 at fixed rate | p99 at fixed rate |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const r of results) {
    out.push(
      `| ${r.label} | ${r.nodes} | ${r.runsPerSecond} | ${r.nodesCpuPercent}% | ${r.machineCpuPercent}% | ${r.saturatedP50Ms} / ${r.saturatedP99Ms} ms | ${r.p50Ms} ms | ${r.p99Ms} ms |`,
    )
  }
  out.push('', '| aim | goal | measured | met |', '| --- | --- | ---: | --- |')
  for (const t of nodesTargets(results)) {
    out.push(
      `| ${t.target} | ${t.goal} | ${t.measured ?? '–'} | ${t.met === null ? '–' : t.met ? 'yes' : 'no'} |`,
    )
  }
  return out.join('\n')
}
