import { cpuUsage } from 'node:process'
import type { Contender } from './Contender.ts'
import { check } from './check.ts'
import { fullGc, heapUsed, watchGc } from './heap.ts'
import type { TaskStore } from './TaskStore.ts'
import { cycleFinalText, cycleTitle, workload } from './workload.ts'

/** What a timing block measured: runs, and wall and CPU time over all of them. */
export interface TimingSample {
  runs: number
  wallUs: number
  cpuUs: number
}

/** One checked run: the tool must not run before the approval, and exactly once after it. */
export async function singleRun(contender: Contender, store: TaskStore): Promise<void> {
  const waiting = await contender.start()
  check(store.tasks.length === 0, `${contender.name}: the tool ran before the approval`)
  const text = await waiting.approve()
  check(text === workload.finalText, `${contender.name}: final text was ${JSON.stringify(text)}`)
  check(
    store.tasks.length === (1 as number),
    `${contender.name}: ${store.tasks.length} tasks after the run`,
  )
  check(store.tasks[0]?.title === workload.taskTitle, `${contender.name}: wrong task title`)
  store.clear()
}

/** One checked long-lived run with `cycles` approved tool calls. */
export async function cyclesRun(contender: Contender, store: TaskStore, cycles: number) {
  check(contender.cycles !== undefined, `${contender.name} has no steady-state scenario`)
  const text = await contender.cycles(cycles, (k) =>
    check(store.tasks.length === k - 1, `${contender.name}: call ${k} ran before its approval`),
  )
  check(
    text === cycleFinalText(cycles),
    `${contender.name}: final text was ${JSON.stringify(text)}`,
  )
  check(store.tasks.length === cycles, `${contender.name}: ${store.tasks.length} tasks`)
  check(
    store.tasks.every((task, i) => task.title === cycleTitle(i + 1)),
    `${contender.name}: wrong titles`,
  )
  store.clear()
}

/** Repeats `body` for warm-up, then for at least `measureMs` (and `minRuns`), timing it. */
export async function timeLoop(
  body: () => Promise<void>,
  { warmupMs, measureMs, minRuns }: { warmupMs: number; measureMs: number; minRuns: number },
  hooks: { onStart?(): Promise<void>; onEnd?(): Promise<void> } = {},
): Promise<TimingSample> {
  const warmEnd = performance.now() + warmupMs
  for (let i = 0; i < 3 || performance.now() < warmEnd; i++) await body()
  await hooks.onStart?.()
  const cpu0 = cpuUsage()
  const t0 = performance.now()
  let runs = 0
  while (runs < minRuns || performance.now() - t0 < measureMs) {
    await body()
    runs++
  }
  const wallUs = (performance.now() - t0) * 1000
  const cpu = cpuUsage(cpu0)
  await hooks.onEnd?.()
  return { runs, wallUs, cpuUs: cpu.user + cpu.system }
}

/**
 * Bytes allocated per run: the used-heap growth over a window with no GC at all (the child runs
 * with a 128 MB young generation so one exists), divided by the runs in it.
 */
export async function allocPerRun(body: () => Promise<void>, warmupMs: number) {
  const warmEnd = performance.now() + warmupMs
  for (let i = 0; i < 3 || performance.now() < warmEnd; i++) await body()
  let runs = 1
  for (let attempt = 0; attempt < 6; attempt++) {
    await fullGc()
    const gcs = watchGc()
    const before = heapUsed()
    for (let i = 0; i < runs; i++) await body()
    const bytes = heapUsed() - before
    const collected = await gcs.count()
    gcs.stop()
    if (collected === 0 && runs > 1) return { runs, bytesPerRun: bytes / runs }
    // Size the window to about 48 MB, well inside the young generation, and try again.
    runs =
      collected === 0
        ? Math.max(2, Math.min(2000, Math.floor(48e6 / Math.max(bytes, 1))))
        : Math.max(2, Math.floor(runs / 2))
  }
  return { runs: 0, bytesPerRun: Number.NaN }
}

/** Retained heap per run while `count` runs wait for approval, and after they all finished. */
export async function waitingRuns(contender: Contender, store: TaskStore, count: number) {
  for (let i = 0; i < 50; i++) await singleRun(contender, store)
  await fullGc()
  const before = heapUsed()
  const waiting = []
  for (let i = 0; i < count; i++) waiting.push(await contender.start())
  check(store.tasks.length === 0, `${contender.name}: a tool ran before its approval`)
  await fullGc()
  const whileWaiting = heapUsed()
  for (const run of waiting) {
    const text = await run.approve()
    check(text === workload.finalText, `${contender.name}: final text was ${JSON.stringify(text)}`)
  }
  check(store.tasks.length === count, `${contender.name}: ${store.tasks.length} tasks`)
  waiting.length = 0
  store.clear()
  await fullGc()
  const afterFinishing = heapUsed()
  return {
    count,
    waitingBytesPerRun: (whileWaiting - before) / count,
    finishedBytesPerRun: (afterFinishing - before) / count,
  }
}
