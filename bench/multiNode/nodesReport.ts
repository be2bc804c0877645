import { ratio, type Target, target } from '../lib/targets.ts'
import type { NodesOptions, NodesResult, NodesRun } from './measureNodes.ts'

/** The targets of issue 21 ("Running on several nodes"), checked against one run. */
export function nodesTargets(run: NodesRun): Target[] {
  const postgres = (nodes: number, capped: boolean) =>
    run.results.find(
      (r) => r.label === 'PostgreSQL' && r.nodes === nodes && (r.capCores !== undefined) === capped,
    )
  const cpuOne = postgres(1, false)?.nodeCpuMsPerRun
  const cpuFour = ratio(postgres(4, false)?.nodeCpuMsPerRun, cpuOne)
  const cappedOne = postgres(1, true)?.runsPerSecond
  const cappedTwo = ratio(postgres(2, true)?.runsPerSecond, cappedOne)
  const cappedFour = ratio(postgres(4, true)?.runsPerSecond, cappedOne)
  const p99 = postgres(4, false)?.p99Ms
  const { kill } = run
  const cap = run.results.find((r) => r.capCores !== undefined)?.capCores
  return [
    target('node CPU per confirmed run, 1 node (ms)', '≤ 3', cpuOne, (cpuOne ?? Infinity) <= 3),
    target(
      'node CPU per confirmed run, 4 nodes vs 1 node',
      '≤ 1.25×',
      cpuFour,
      (cpuFour ?? Infinity) <= 1.25,
    ),
    target(
      `capped nodes (${cap ?? '–'} core each): runs/s of 2 nodes vs 1 node`,
      '≥ 1.7×',
      cappedTwo,
      (cappedTwo ?? 0) >= 1.7,
    ),
    target(
      `capped nodes (${cap ?? '–'} core each): runs/s of 4 nodes vs 1 node`,
      '≥ 3.2×',
      cappedFour,
      (cappedFour ?? 0) >= 3.2,
    ),
    target(
      'decision → execution p99 at the fixed rate, 4 nodes (ms)',
      '< 50',
      p99,
      (p99 ?? Infinity) < 50,
    ),
    target(
      `node SIGKILLed with ${kill?.cards ?? 1000} open cards: all answered at another node (ms from the kill to the last decision taken; lease ${kill?.leaseMs ?? '–'} ms)`,
      `≤ lease + 2000`,
      kill === undefined
        ? undefined
        : `${kill.decidedMs} (${kill.refused} refused; executed from ${kill.firstExecutedMs} to ${kill.answeredMs} ms, ${kill.executed} of ${kill.cards})`,
      kill !== undefined &&
        kill.executed === kill.cards &&
        kill.refused === 0 &&
        kill.decidedMs <= kill.leaseMs + 2000,
    ),
    target(
      `node SIGKILLed with ${kill?.cards ?? 1000} open cards: each executed once`,
      `${kill?.cards ?? 1000} tasks, none twice`,
      kill === undefined
        ? undefined
        : `${kill.tasks} tasks (${kill.missingTasks} missing, ${kill.duplicateTasks} twice; ${kill.executedTwice} runs executed twice)`,
      kill !== undefined &&
        kill.tasks === kill.cards &&
        kill.missingTasks === 0 &&
        kill.duplicateTasks === 0 &&
        kill.executedTwice === 0,
    ),
  ]
}

const cpu = (percent: number | undefined, perRun: number | undefined) =>
  percent === undefined ? '–' : `${percent}% (${perRun} ms/run)`

/** One row of the table, as markdown. */
function tableRow(r: NodesResult): string {
  return `| ${r.label} | ${r.nodes} | ${r.capCores === undefined ? 'none' : `${r.capCores} core`} | ${r.runsPerSecond} | ${r.nodeCpuMsPerRun} ms | ${r.nodesCpuPercent}% | ${cpu(r.postgresCpuPercent, r.postgresCpuMsPerRun)} | ${r.machineCpuPercent}% | ${r.saturatedP50Ms} / ${r.saturatedP99Ms} ms | ${r.p50Ms} ms | ${r.p99Ms} ms |`
}

/** The scenario's table and targets (PASS / FAIL), as markdown. */
export function nodesMarkdown(options: NodesOptions, run: NodesRun): string {
  const out = [
    `**Several nodes** (${options.runs} runs per phase; throughput: ${options.users} users, each starting a run, allowing its card at a random node and waiting for it; latency: ${options.ratePerSecond} decisions/s at the node that showed the card; capped rows: each node in its own CPU cgroup of ${options.capCores} core, PostgreSQL and the driver uncapped; CPU in % of one core, 2 cores = 200%)`,
    '',
    '| store | nodes | cap per node | confirmed runs/s | node CPU per run | nodes CPU | PostgreSQL CPU | machine CPU | p50 / p99 at saturation | p50 at fixed rate | p99 at fixed rate |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...run.results.map(tableRow),
  ]
  if (run.cappedNote !== undefined) out.push('', `Capped rows not run: ${run.cappedNote}.`)
  out.push('', '| target | goal | measured | result |', '| --- | --- | ---: | --- |')
  for (const t of nodesTargets(run)) {
    const result = t.met === null ? 'not run' : t.met ? 'PASS' : 'FAIL'
    out.push(`| ${t.target} | ${t.goal} | ${t.measured ?? '–'} | ${result} |`)
  }
  return out.join('\n')
}
