import type { Results } from './report.ts'

/** One target of issue 10, with what one run of the bench measured. */
export interface Target {
  target: string
  goal: string
  measured: number | string | undefined
  /** null when the scenario was not run. */
  met: boolean | null
}

const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b === 0 ? undefined : Number((a / b).toPrecision(3))

const target = (
  name: string,
  goal: string,
  measured: number | string | undefined,
  met: boolean,
): Target => ({ target: name, goal, measured, met: measured === undefined ? null : met })

/** The targets of issue 10 ("Lean runs"), each checked against the results (ratios of one run). */
export function checkTargets(results: Results): Target[] {
  const row = <T extends { contender: string }>(rows: T[] | undefined, name: string) =>
    rows?.find((r) => r.contender === name)
  const ours = row(results.single, 'studypulse')
  const peers = (results.single ?? []).filter(
    (r) =>
      !r.contender.startsWith('xstate-') &&
      !['studypulse', 'plain-loop'].includes(r.contender) &&
      r.wallUsPerRun,
  )
  const fastestPeer = peers.sort(
    (a, b) => (a.wallUsPerRun?.median ?? Infinity) - (b.wallUsPerRun?.median ?? Infinity),
  )[0]
  const speedup = ratio(fastestPeer?.wallUsPerRun?.median, ours?.wallUsPerRun?.median)
  const steady = row(results.steady, 'studypulse')?.timesPlainLoop
  const waiting = row(results.waiting, 'studypulse')?.retainedKBPerWaitingRun?.median
  const durable = row(results.durable, 'studypulse-durable')?.timesAtomicWrite
  const long = row(results.long, 'studypulse')
  const race = row(results.race, 'studypulse')
  const runOnce =
    race?.intents === undefined
      ? undefined
      : `${race.intents} intents, ${race.okOutcomes} ok outcomes, ${race.runsWithSeveralIntents} runs executed twice`
  const executedOnce =
    race !== undefined &&
    race.intents === race.cards &&
    race.okOutcomes === race.cards &&
    race.runsWithSeveralIntents === 0
  const tasksKept =
    race?.tasks === undefined
      ? undefined
      : `${race.tasks} tasks (${race.missingTasks} cards missing, ${race.duplicateTasks} twice)`
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
      '≤ 5',
      waiting,
      (waiting ?? Infinity) <= 5,
    ),
    target(
      'durable confirmed create_task vs a bare atomic write of the task',
      '≤ 3×',
      durable,
      (durable ?? Infinity) <= 3,
    ),
    target(
      'long conversation: save time of turn 50 vs turn 1 (and turns 46–50 vs 1–5, medians)',
      '≤ 1.5×',
      long?.saveRatio === undefined
        ? undefined
        : `${long.saveRatio.median}× (${long.earlyLateSaveRatio?.median ?? '–'}×)`,
      // One turn's fsyncs are noisy: met only if the five-turn medians agree.
      (long?.saveRatio?.median ?? Infinity) <= 1.5 &&
        (long?.earlyLateSaveRatio?.median ?? Infinity) <= 1.5,
    ),
    target(
      'long conversation: bytes written in turn 50 vs turn 1',
      '≤ 1.5×',
      long?.bytesRatio?.median,
      (long?.bytesRatio?.median ?? Infinity) <= 1.5,
    ),
    target(
      'long conversation: snapshot.json beyond the messages at turn 50 (KB)',
      '< 64',
      long?.lastSnapshotOverheadKB?.median,
      (long?.lastSnapshotOverheadKB?.median ?? Infinity) < 64,
    ),
    target(
      `two processes racing on ${race?.cards ?? 1000} cards: executions (journal)`,
      `exactly ${race?.cards ?? 1000}, none twice`,
      runOnce,
      executedOnce,
    ),
    target(
      `two processes racing on ${race?.cards ?? 1000} cards: tasks in tasks.json`,
      `exactly ${race?.cards ?? 1000}, none twice`,
      tasksKept,
      race?.tasks === race?.cards && race?.duplicateTasks === 0,
    ),
  ]
}
