import type { ScenarioPlan } from './plan.ts'
import { summary } from './stats.ts'

type Sample = Record<string, number>
/** Every block's output, by scenario and contender. */
export type Samples = Record<string, Record<string, Sample[]>>

const pick = (samples: Sample[] | undefined, f: (s: Sample) => number, digits = 1) =>
  samples && samples.length > 0 ? summary(samples.map(f), digits) : undefined
const perRun = (s: Sample) => (s.wallUs ?? 0) / (s.runs ?? 1)
const cpuPerRun = (s: Sample) => (s.cpuUs ?? 0) / (s.runs ?? 1)
const perCycle = (s: Sample) => perRun(s) / (s.cycles ?? 1)
const cpuPerCycle = (s: Sample) => cpuPerRun(s) / (s.cycles ?? 1)
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b === 0 ? undefined : Number((a / b).toPrecision(3))

/** Turns raw block outputs into the rows of `results/latest.json`. */
export function buildResults(plans: ScenarioPlan[], samples: Samples) {
  const get = (scenario: string, contender: string) => samples[scenario]?.[contender]
  const plainSingle = pick(get('single', 'plain-loop'), perRun)?.median
  const oursSingle = pick(get('single', 'studypulse'), perRun)?.median
  const single = plans
    .find((p) => p.name === 'single')
    ?.contenders.map((contender) => {
      const wall = pick(get('single', contender), perRun)
      const alloc = pick(get('alloc', contender), (s) => (s.bytesPerRun ?? Number.NaN) / 1024)
      return {
        contender,
        blocks: get('single', contender)?.length ?? 0,
        wallUsPerRun: wall,
        cpuUsPerRun: pick(get('single', contender), cpuPerRun),
        runsPerSecond: wall ? Math.round(1e6 / wall.median) : undefined,
        allocatedKBPerRun: alloc,
        timesPlainLoop: ratio(wall?.median, plainSingle),
        timesStudypulse: ratio(wall?.median, oursSingle),
      }
    })
  const plainCycle = pick(get('steady', 'plain-loop'), perCycle)?.median
  const steady = plans
    .find((p) => p.name === 'steady')
    ?.contenders.map((contender) => {
      const wall = pick(get('steady', contender), perCycle)
      return {
        contender,
        blocks: get('steady', contender)?.length ?? 0,
        cycles: get('steady', contender)?.[0]?.cycles,
        wallUsPerCycle: wall,
        cpuUsPerCycle: pick(get('steady', contender), cpuPerCycle),
        timesPlainLoop: ratio(wall?.median, plainCycle),
      }
    })
  const waiting = plans
    .find((p) => p.name === 'waiting')
    ?.contenders.map((contender) => ({
      contender,
      blocks: get('waiting', contender)?.length ?? 0,
      waitingRuns: get('waiting', contender)?.[0]?.count,
      retainedKBPerWaitingRun: pick(
        get('waiting', contender),
        (s) => (s.waitingBytesPerRun ?? 0) / 1024,
        2,
      ),
      retainedKBPerFinishedRun: pick(
        get('waiting', contender),
        (s) => (s.finishedBytesPerRun ?? 0) / 1024,
        2,
      ),
    }))
  const atomic = pick(get('durable', 'atomic-write'), perRun)?.median
  const durable = plans
    .find((p) => p.name === 'durable')
    ?.contenders.map((contender) => {
      const wall = pick(get('durable', contender), perRun)
      return {
        contender,
        blocks: get('durable', contender)?.length ?? 0,
        wallUsPerRun: wall,
        cpuUsPerRun: pick(get('durable', contender), cpuPerRun),
        timesAtomicWrite: ratio(wall?.median, atomic),
      }
    })
  return { single, steady, waiting, durable }
}

type Results = ReturnType<typeof buildResults>

/** The targets of the brief, measured. */
export function checkTargets(results: Results) {
  const row = <T extends { contender: string }>(rows: T[] | undefined, name: string) =>
    rows?.find((r) => r.contender === name)
  const ours = row(results.single, 'studypulse')
  const peers = (results.single ?? []).filter(
    (r) =>
      !r.contender.startsWith('xstate-floor') &&
      !['studypulse', 'plain-loop'].includes(r.contender) &&
      r.wallUsPerRun,
  )
  const fastestPeer = peers.sort(
    (a, b) => (a.wallUsPerRun?.median ?? Infinity) - (b.wallUsPerRun?.median ?? Infinity),
  )[0]
  const speedup = ratio(fastestPeer?.wallUsPerRun?.median, ours?.wallUsPerRun?.median)
  const steady = row(results.steady, 'studypulse')?.timesPlainLoop
  const waiting = row(results.waiting, 'studypulse')?.retainedKBPerWaitingRun?.median
  const target = (name: string, goal: string, measured: number | undefined, met: boolean) => ({
    target: name,
    goal,
    measured,
    met: measured === undefined ? null : met,
  })
  return [
    target(
      `single run: throughput vs the fastest peer (${fastestPeer?.contender ?? 'none'})`,
      '≥ 5×',
      speedup,
      (speedup ?? 0) >= 5,
    ),
    target(
      'single run: time vs the plain loop',
      '≤ 25×',
      ours?.timesPlainLoop,
      (ours?.timesPlainLoop ?? Infinity) <= 25,
    ),
    target(
      'steady state: tool-call cycle vs the plain loop',
      '≤ 10×',
      steady,
      (steady ?? Infinity) <= 10,
    ),
    target(
      '10,000 waiting runs: retained heap per run (KB)',
      '≤ 10',
      waiting,
      (waiting ?? Infinity) <= 10,
    ),
  ]
}

const range = (s: { median: number; min: number; max: number } | undefined, unit = '') =>
  s === undefined ? '–' : `${fmt(s.median)}${unit} (${fmt(s.min)}–${fmt(s.max)})`
const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : String(x))
const x = (r: number | undefined) => (r === undefined ? '–' : `${r}×`)

/** The results as markdown tables, for the console and the README section. */
export function markdown(results: Results, targets: ReturnType<typeof checkTargets>): string {
  const out: string[] = []
  const table = (head: string[], rows: string[][]) => {
    out.push(`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`)
    for (const r of rows) out.push(`| ${r.join(' | ')} |`)
    out.push('')
  }
  out.push('**Single run** (µs per run: median of blocks, min–max in brackets)', '')
  table(
    [
      'contender',
      'wall µs/run',
      'CPU µs/run',
      'runs/s',
      'KB allocated/run',
      '× plain loop',
      '× studypulse',
    ],
    (results.single ?? []).map((r) => [
      r.contender,
      range(r.wallUsPerRun),
      range(r.cpuUsPerRun),
      r.runsPerSecond?.toLocaleString('en-US') ?? '–',
      range(r.allocatedKBPerRun),
      x(r.timesPlainLoop),
      x(r.timesStudypulse),
    ]),
  )
  out.push(
    `**Steady state** (${results.steady?.[0]?.cycles ?? 100} approved tool calls in one run; µs per cycle)`,
    '',
  )
  table(
    ['contender', 'wall µs/cycle', 'CPU µs/cycle', '× plain loop'],
    (results.steady ?? []).map((r) => [
      r.contender,
      range(r.wallUsPerCycle),
      range(r.cpuUsPerCycle),
      x(r.timesPlainLoop),
    ]),
  )
  out.push('**Runs waiting for confirmation at once** (retained heap, KB per run)', '')
  table(
    ['contender', 'runs waiting', 'KB per waiting run', 'KB per finished run (still held)'],
    (results.waiting ?? []).map((r) => [
      r.contender,
      r.waitingRuns?.toLocaleString('en-US') ?? '–',
      range(r.retainedKBPerWaitingRun),
      range(r.retainedKBPerFinishedRun),
    ]),
  )
  out.push('**Durable path** (real workspace folder, fsync; µs per confirmed run)', '')
  table(
    ['contender', 'wall µs/run', 'CPU µs/run', '× atomic write'],
    (results.durable ?? []).map((r) => [
      r.contender,
      range(r.wallUsPerRun),
      range(r.cpuUsPerRun),
      x(r.timesAtomicWrite),
    ]),
  )
  out.push('**Targets**', '')
  table(
    ['target', 'goal', 'measured', 'met'],
    targets.map((t) => [
      t.target,
      t.goal,
      t.measured === undefined ? '–' : String(t.measured),
      t.met === null ? '–' : t.met ? 'yes' : 'no',
    ]),
  )
  return out.join('\n')
}
