import { cpuUsage } from 'node:process'
import type { DurableContender } from '../contenders/durable.ts'
import { check } from './check.ts'
import type { TimingSample } from './scenarios.ts'
import type { CommitWrites, WalWrites } from './walWrites.ts'
import { workload } from './workload.ts'

/** Times confirmed runs one by one against a real workspace; checks and resets are untimed. */
export async function durableRuns(
  contender: DurableContender,
  {
    warmupRuns,
    measureMs,
    minRuns,
    mark,
    writes,
  }: {
    warmupRuns: number
    measureMs: number
    minRuns: number
    /** Called at the start and the end of each timed part (to count its fsyncs from outside). */
    mark?: (edge: 'begin' | 'end') => void
    /** Counts each run's commits and WAL frames (from its start to its approval's flush). */
    writes?: WalWrites
  },
): Promise<TimingSample & { perRun?: CommitWrites[][] }> {
  const perRun: CommitWrites[][] = []
  let wallMs = 0
  let cpuUs = 0
  let runs = 0
  for (let i = 0; ; i++) {
    const measured = i >= warmupRuns
    if (measured && runs >= minRuns && wallMs >= measureMs) break
    writes?.take()
    mark?.('begin')
    const cpu0 = cpuUsage()
    const t0 = performance.now()
    const waiting = await contender.start()
    let spent = performance.now() - t0
    mark?.('end')
    let cpu = cpuUsage(cpu0)
    check((await contender.titles()).length === 0, `${contender.name}: wrote before the approval`)
    mark?.('begin')
    const cpu1 = cpuUsage()
    const t1 = performance.now()
    const text = await waiting.approve()
    spent += performance.now() - t1
    const cpu2 = cpuUsage(cpu1)
    mark?.('end')
    const commits = writes?.take()
    cpu = { user: cpu.user + cpu2.user, system: cpu.system + cpu2.system }
    check(text === workload.finalText, `${contender.name}: final text was ${JSON.stringify(text)}`)
    const titles = await contender.titles()
    check(titles.length === 1 && titles[0] === workload.taskTitle, `${contender.name}: wrong tasks`)
    await contender.reset()
    if (measured) {
      wallMs += spent
      cpuUs += cpu.user + cpu.system
      runs++
      if (commits !== undefined) perRun.push(commits)
    }
  }
  return { runs, wallUs: wallMs * 1000, cpuUs, ...(writes !== undefined && { perRun }) }
}
