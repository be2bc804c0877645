import { ratio, type Target, target } from '../lib/targets.ts'
import type { NodesOptions, NodesResult, NodesRun } from './measureNodes.ts'

/**
 * The targets of issue 28 ("Durable by default and close to the disk", the PostgreSQL part) and
 * the SIGKILL checks of issue 21, checked against one run.
 */
export function nodesTargets(run: NodesRun): Target[] {
  const postgres = (nodes: number, capped: boolean) =>
    run.results.find(
      (r) => r.label === 'PostgreSQL' && r.nodes === nodes && (r.capCores !== undefined) === capped,
    )
  const one = postgres(1, false)
  const cpuOne = one?.nodeCpuMsPerRun
  const cpuFour = ratio(postgres(4, false)?.nodeCpuMsPerRun, cpuOne)
  const cappedOne = postgres(1, true)?.runsPerSecond
  const cappedFour = ratio(postgres(4, true)?.runsPerSecond, cappedOne)
  const p99 = postgres(4, false)?.p99Ms
  const floors = ratio(one?.serialWallMs, run.floorMs)
  const cap = run.results.find((r) => r.capCores !== undefined)?.capCores
  return [
    target(
      `PostgreSQL (store and workspace), one confirmed run at a time: wall time vs the disk's floor (two fsynced appends, ${run.floorMs ?? '–'} ms here; ${one?.serialWallMs ?? '–'} ms per run)`,
      '≤ 4×',
      floors,
      (floors ?? Infinity) <= 4,
    ),
    target('node CPU per confirmed run, 1 node (ms)', '≤ 1.5', cpuOne, (cpuOne ?? Infinity) <= 1.5),
    target(
      'node CPU per confirmed run, 4 nodes vs 1 node',
      '≤ 1.25×',
      cpuFour,
      (cpuFour ?? Infinity) <= 1.25,
    ),
    target(
      `capped nodes (${cap ?? '–'} core each): runs/s of 4 nodes vs 1 node`,
      '≥ 3.4×',
      cappedFour,
      (cappedFour ?? 0) >= 3.4,
    ),
    target(
      'decision → execution p99 at the fixed rate, 4 nodes (ms)',
      '≤ 23',
      p99,
      (p99 ?? Infinity) <= 23,
    ),
    target(
      'commits per confirmed run, one at a time at 1 node (pg_stat_database xact_commit; the counting queries and background ones included)',
      '≤ 2',
      one?.serialCommitsPerRun,
      (one?.serialCommitsPerRun ?? Infinity) <= 2,
    ),
    target(
      'statements per confirmed run, one at a time at 1 node (pg_stat_statements, background ones included)',
      '≤ 4',
      one?.serialStatementsPerRun,
      (one?.serialStatementsPerRun ?? Infinity) <= 4,
    ),
    target(
      // Server-wide: the WAL writer's background flushes of relaxed commits count here too (the
      // waiting commits alone are counted statement by statement in test/store/postgres/runPath).
      'WAL flushes per confirmed run, one at a time at 1 node (waiting commits and the WAL writer’s background flushes; none shared)',
      '≤ 2',
      one?.serialWalFlushesPerRun,
      (one?.serialWalFlushesPerRun ?? Infinity) <= 2,
    ),
    ...killTargets(run),
  ]
}

function killTargets(run: NodesRun): Target[] {
  const { kill } = run
  return [
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
  const serial = r.serialWallMs === undefined ? '–' : `${r.serialWallMs} ms`
  return `| ${r.label} | ${r.nodes} | ${r.capCores === undefined ? 'none' : `${r.capCores} core`} | ${serial} | ${r.runsPerSecond} | ${r.nodeCpuMsPerRun} ms | ${r.nodesCpuPercent}% | ${cpu(r.postgresCpuPercent, r.postgresCpuMsPerRun)} | ${r.machineCpuPercent}% | ${r.saturatedP50Ms} / ${r.saturatedP99Ms} ms | ${r.p50Ms} ms | ${r.p99Ms} ms |`
}

/** The scenario's table and targets (PASS / FAIL), as markdown. */
export function nodesMarkdown(options: NodesOptions, run: NodesRun): string {
  const out = [
    `**Several nodes** (${options.runs} runs per phase; throughput: ${options.users} users, each starting a run, allowing its card at a random node and waiting for it; latency: ${options.ratePerSecond} decisions/s at the node that showed the card; capped rows: each node in its own CPU cgroup of ${options.capCores} core, PostgreSQL and the driver uncapped; CPU in % of one core, 2 cores = 200%)`,
    '',
    '| store | nodes | cap per node | one run alone | confirmed runs/s | node CPU per run | nodes CPU | PostgreSQL CPU | machine CPU | p50 / p99 at saturation | p50 at fixed rate | p99 at fixed rate |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
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
