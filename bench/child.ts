/**
 * One benchmark block in its own process: `child.ts <scenario> <contender> <options JSON>`.
 * Prints one JSON line with what it measured; any workload mismatch exits non-zero.
 */
import { accessSync } from 'node:fs'
import { contenders } from './lib/contenders.ts'
import { profileWindow } from './lib/profileWindow.ts'
import { allocPerRun, cyclesRun, singleRun, timeLoop, waitingRuns } from './lib/scenarios.ts'
import { TaskStore } from './lib/TaskStore.ts'

const [scenario = '', name = '', optionsJson = '{}'] = process.argv.slice(2)
const options = JSON.parse(optionsJson) as Record<string, unknown>
const num = (key: string, fallback: number) => {
  const value = options[key]
  return typeof value === 'number' ? value : fallback
}
// A look-up of a path that does not exist, seen by `strace` (run.ts) as the edge of a timed run.
const markForStrace = (edge: 'begin' | 'end') => {
  try {
    accessSync(`/studypulse-fsync-mark-${edge}`)
  } catch {}
}
const hooks =
  typeof options.profile === 'string' ? profileWindow(options.profile, options.heap === true) : {}

async function measure(): Promise<unknown> {
  if (scenario === 'long') {
    if (name !== 'studypulse') throw new Error(`unknown long-conversation contender ${name}`)
    const { longConversation } = await import('./lib/longConversation.ts')
    return await longConversation({ turns: num('turns', 50), deltas: num('deltas', 2000) })
  }
  if (scenario === 'race') {
    if (name !== 'studypulse') throw new Error(`unknown race contender ${name}`)
    const { race } = await import('./lib/race.ts')
    return await race({ cards: num('cards', 1000), timeoutMs: num('timeoutMs', 240_000) })
  }
  if (scenario === 'burst') {
    if (name !== 'studypulse-durable') throw new Error(`unknown burst contender ${name}`)
    const { durableBurst } = await import('./lib/durableBurst.ts')
    return await durableBurst({ runs: num('runs', 50), bursts: num('bursts', 5) })
  }
  if (scenario === 'durable') {
    const { atomicWriteOnly, oursDurable, twoFsyncedAppends } = await import(
      './contenders/durable.ts'
    )
    const { durableRuns } = await import('./lib/durableRuns.ts')
    const factories: Record<string, typeof oursDurable> = {
      'studypulse-durable': oursDurable,
      'atomic-write': atomicWriteOnly,
      'two-fsynced-appends': twoFsyncedAppends,
    }
    const factory = factories[name]
    if (factory === undefined) throw new Error(`unknown durable contender ${name}`)
    const { countWalWrites, summarizeWrites } = await import('./lib/walWrites.ts')
    let file: string | undefined
    const writes = options.countWrites ? countWalWrites(() => file) : undefined
    const contender = await factory()
    file = contender.databaseFile
    try {
      const timing = await durableRuns(contender, {
        warmupRuns: num('warmupRuns', 20),
        measureMs: num('measureMs', 1500),
        minRuns: num('minRuns', 30),
        ...(options.markFsyncs === true && { mark: markForStrace }),
        ...(writes !== undefined && { writes }),
      })
      const { perRun, ...rest } = timing
      return perRun === undefined || writes === undefined
        ? rest
        : { ...rest, ...summarizeWrites(perRun, writes.frameBytes()) }
    } finally {
      await contender.dispose?.()
    }
  }
  const load = contenders[name]
  if (load === undefined) throw new Error(`unknown contender ${name}`)
  const store = new TaskStore()
  const contender = await (await load())(store)
  const timing = {
    warmupMs: num('warmupMs', 500),
    measureMs: num('measureMs', 1500),
    minRuns: num('minRuns', 20),
  }
  try {
    switch (scenario) {
      case 'single':
        return await timeLoop(() => singleRun(contender, store), timing, hooks)
      case 'alloc':
        return await allocPerRun(() => singleRun(contender, store), timing.warmupMs)
      case 'steady': {
        const cycles = num('cycles', 100)
        return {
          cycles,
          ...(await timeLoop(() => cyclesRun(contender, store, cycles), timing, hooks)),
        }
      }
      case 'waiting':
        return await waitingRuns(contender, store, num('count', 10_000))
      default:
        throw new Error(`unknown scenario ${scenario}`)
    }
  } finally {
    await contender.dispose?.()
  }
}

const result = await measure()
process.stdout.write(`${JSON.stringify(result)}\n`)
