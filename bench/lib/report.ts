import type { ScenarioPlan } from './plan.ts'
import type { RaceCount } from './race.ts'
import { summary } from './stats.ts'
import type { Target } from './targets.ts'

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

// strace's count of fsync + fdatasync calls per timed run (bench/lib/countFsyncs.ts), to 2 digits.
const fsyncsPerRun = (samples: Sample[] | undefined) => {
  const s = samples?.[0]
  return s === undefined || !s.runs ? undefined : Number(((s.fsyncs ?? 0) / s.runs).toFixed(2))
}

// What a confirmed run writes (bench/lib/walWrites.ts), where it was counted.
const writesOf = (s: Record<string, unknown> | undefined) =>
  s === undefined
    ? {}
    : {
        writes: {
          commitsPerRun: s.commitsPerRun as number,
          walFramesPerRun: s.walFramesPerRun as number,
          walBytesPerRun: s.walBytesPerRun as number,
          statementsPerCommit: s.statementsPerCommit as number,
          walFramesByCommit: s.walFramesByCommit as number[],
          statementsByCommit: s.statementsByCommit as number[],
        },
      }

/** Turns raw block outputs into the rows of `results/latest.json`. */
export function buildResults(plans: ScenarioPlan[], samples: Samples) {
  const get = (scenario: string, contender: string) => samples[scenario]?.[contender]
  const plainSingle = pick(get('single', 'plain-loop'), perRun)?.median
  const oursSingle = pick(get('single', 'studypulse'), perRun)?.median
  // The engine's own cost for our chart's shape (issue 24): what StudyPulse is measured against.
  const shapeSingle = pick(get('single', 'xstate-shape'), perRun)?.median
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
        timesShape: ratio(wall?.median, shapeSingle),
        timesStudypulse: ratio(wall?.median, oursSingle),
      }
    })
  const plainCycle = pick(get('steady', 'plain-loop'), perCycle)?.median
  const shapeCycle = pick(get('steady', 'xstate-shape'), perCycle)?.median
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
        timesShape: ratio(wall?.median, shapeCycle),
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
  // The disk's floor: two fsynced appends (the decision, then the effect), measured in the same run.
  const floor = pick(get('durable', 'two-fsynced-appends'), perRun)?.median
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
        timesFloor: ratio(wall?.median, floor),
        fsyncsPerRun: fsyncsPerRun(get('durable-fsyncs', contender)),
        ...writesOf(get('durable-writes', contender)?.[0]),
      }
    })
  const burst = plans
    .find((p) => p.name === 'burst')
    ?.contenders.map((contender) => {
      const got = get('burst', contender)
      const of = (key: string) => pick(got, (s) => s[key] ?? Number.NaN, 2)
      return {
        contender,
        blocks: got?.length ?? 0,
        runs: got?.[0]?.runs,
        p50Ms: of('p50Ms'),
        p99Ms: of('p99Ms'),
        maxMs: of('maxMs'),
        msPerRun: of('msPerRun'),
      }
    })
  const long = plans
    .find((p) => p.name === 'long')
    ?.contenders.map((contender) => {
      const got = get('long', contender)
      const kb = (key: string) => pick(got, (s) => (s[key] ?? Number.NaN) / 1024, 1)
      const of = (key: string, digits = 2) => pick(got, (s) => s[key] ?? Number.NaN, digits)
      const per = (a: string, b: string) => pick(got, (s) => (s[a] ?? Number.NaN) / (s[b] ?? 1), 2)
      return {
        contender,
        blocks: got?.length ?? 0,
        turns: got?.[0]?.turns,
        deltas: got?.[0]?.deltas,
        firstSaveMs: of('firstSaveMs'),
        lastSaveMs: of('lastSaveMs'),
        // Per block, then the median: each block's turn 50 against its own turn 1.
        saveRatio: per('lastSaveMs', 'firstSaveMs'),
        earlyLateSaveRatio: per('lateSaveMs', 'earlySaveMs'),
        firstKB: kb('firstBytes'),
        lastKB: kb('lastBytes'),
        bytesRatio: per('lastBytes', 'firstBytes'),
        firstFlushWaitMs: of('firstFlushWaitMs'),
        lastFlushWaitMs: of('lastFlushWaitMs'),
        firstSnapshotKB: kb('firstSnapshotBytes'),
        lastSnapshotKB: kb('lastSnapshotBytes'),
        lastMessagesKB: kb('lastMessagesBytes'),
        // What the snapshot holds beyond the messages themselves (the bound is 64 KB). A snapshot
        // smaller than the messages cannot hold them (they live in the message log): all of it.
        lastSnapshotOverheadKB: pick(
          got,
          (s) => {
            const snapshot = s.lastSnapshotBytes ?? Number.NaN
            const messages = s.lastMessagesBytes ?? 0
            return (snapshot >= messages ? snapshot - messages : snapshot) / 1024
          },
          1,
        ),
        eventsLogKB: kb('eventsLogBytes'),
      }
    })
  const race = plans
    .find((p) => p.name === 'race')
    ?.contenders.map((contender) => ({
      contender,
      ...(get('race', contender)?.at(-1) as Partial<RaceCount> | undefined),
    }))
  return { single, steady, waiting, durable, burst, long, race }
}

/** The rows of every table. */
export type Results = ReturnType<typeof buildResults>

const range = (s: { median: number; min: number; max: number } | undefined, unit = '') =>
  s === undefined ? '–' : `${fmt(s.median)}${unit} (${fmt(s.min)}–${fmt(s.max)})`
const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : String(x))
const x = (r: number | undefined) => (r === undefined ? '–' : `${r}×`)

/** The results as markdown tables, for the console and the README section. */
export function markdown(results: Results, targets: readonly Target[]): string {
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
      '× xstate-shape',
      '× studypulse',
    ],
    (results.single ?? []).map((r) => [
      r.contender,
      range(r.wallUsPerRun),
      range(r.cpuUsPerRun),
      r.runsPerSecond?.toLocaleString('en-US') ?? '–',
      range(r.allocatedKBPerRun),
      x(r.timesPlainLoop),
      x(r.timesShape),
      x(r.timesStudypulse),
    ]),
  )
  out.push(
    `**Steady state** (${results.steady?.[0]?.cycles ?? 100} approved tool calls in one run; µs per cycle)`,
    '',
  )
  table(
    ['contender', 'wall µs/cycle', 'CPU µs/cycle', '× plain loop', '× xstate-shape'],
    (results.steady ?? []).map((r) => [
      r.contender,
      range(r.wallUsPerCycle),
      range(r.cpuUsPerCycle),
      x(r.timesPlainLoop),
      x(r.timesShape),
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
    ['contender', 'wall µs/run', 'CPU µs/run', '× floor', '× atomic write', 'fsyncs/run'],
    (results.durable ?? []).map((r) => [
      r.contender,
      range(r.wallUsPerRun),
      range(r.cpuUsPerRun),
      x(r.timesFloor),
      x(r.timesAtomicWrite),
      r.fsyncsPerRun === undefined ? '–' : String(r.fsyncsPerRun),
    ]),
  )
  const written = (results.durable ?? []).flatMap((r) =>
    'writes' in r && r.writes !== undefined ? [{ contender: r.contender, ...r.writes }] : [],
  )
  if (written.length > 0) {
    out.push('**What a confirmed run writes** (folder default; WAL frames are pages)', '')
    table(
      [
        'contender',
        'commits/run',
        'WAL frames/run',
        'KB/run',
        'statements/commit',
        'frames by commit',
      ],
      written.map((w) => [
        w.contender,
        String(w.commitsPerRun),
        String(w.walFramesPerRun),
        (w.walBytesPerRun / 1024).toFixed(0),
        String(w.statementsPerCommit),
        w.walFramesByCommit.join(' + '),
      ]),
    )
  }
  out.push(
    '**Event loop during a burst** (50 runs allowed at once on the folder default, real disk; `monitorEventLoopDelay`, ms)',
    '',
  )
  table(
    ['contender', 'delay p50', 'delay p99', 'delay max', 'wall ms per run in the burst'],
    (results.burst ?? []).map((r) => [
      r.contender,
      range(r.p50Ms),
      range(r.p99Ms),
      range(r.maxMs),
      range(r.msPerRun),
    ]),
  )
  const longRows = results.long ?? []
  out.push(
    `**Long conversation** (${longRows[0]?.turns ?? 50} turns, ${longRows[0]?.deltas ?? 2000} streamed deltas per answer, \`sqliteRunStore\`; saves timed and sized by a wrapped store)`,
    '',
  )
  table(
    ['measure', 'turn 1', 'turn 50', 'turn 50 ÷ turn 1'],
    longRows.flatMap((r) => [
      [
        'save time, ms (all commits of the turn)',
        range(r.firstSaveMs),
        range(r.lastSaveMs),
        x(r.saveRatio?.median),
      ],
      ['save time, median of turns 1–5 vs 46–50', '', '', x(r.earlyLateSaveRatio?.median)],
      ['bytes written, KB', range(r.firstKB), range(r.lastKB), x(r.bytesRatio?.median)],
      [
        'wait for flush after awaitingInput, ms',
        range(r.firstFlushWaitMs),
        range(r.lastFlushWaitMs),
        '',
      ],
      ['snapshot.json, KB', range(r.firstSnapshotKB), range(r.lastSnapshotKB), ''],
      [
        'messages at turn 50 / snapshot beyond them, KB',
        '',
        `${range(r.lastMessagesKB)} / ${range(r.lastSnapshotOverheadKB)}`,
        '',
      ],
      ['events.jsonl after 50 turns (no deltas), KB', '', range(r.eventsLogKB), ''],
    ]),
  )
  out.push('**Two processes racing on one workspace** (counted from the folder afterwards)', '')
  table(
    ['measure', 'value'],
    (results.race ?? []).flatMap((r) =>
      (
        [
          ['cards', r.cards],
          ['journal intents (executions)', r.intents],
          ['successful outcomes in the journals', r.okOutcomes],
          ['tasks stored', r.tasks],
          [
            'cards with no task / with several',
            `${r.missingTasks ?? '–'} / ${r.duplicateTasks ?? '–'}`,
          ],
          ['runs with more than one intent', r.runsWithSeveralIntents],
          ['allowed by process A / B', `${r.allowedA ?? '–'} / ${r.allowedB ?? '–'}`],
          ['refused: run_owned_elsewhere', r.ownedElsewhere],
          [
            'refused: already decided / no card left',
            `${r.alreadyDecided ?? '–'} / ${r.noCard ?? '–'}`,
          ],
          ['other refusals', r.otherRefusals],
          [
            'runs taken over after A closed / cards found there',
            `${r.takenOver ?? '–'} / ${r.allowedAfterTakeover ?? '–'}`,
          ],
          ['save errors reported', r.persistErrors],
          [
            'start / race / handover, s',
            [r.startMs, r.raceMs, r.handoverMs]
              .map((ms) => (ms === undefined ? '–' : (ms / 1000).toFixed(1)))
              .join(' / '),
          ],
        ] as [string, unknown][]
      ).map(([k, v]) => [k, v === undefined ? '–' : String(v)]),
    ),
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
