import { rm } from 'node:fs/promises'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createNodeAgentRuntime } from '../../runtime/createNodeAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { diskFolder, durableScript } from '../contenders/durable.ts'
import { approvePending, endRun } from '../contenders/ours.ts'
import { workload } from './workload.ts'

/**
 * The folder default under a burst: `runs` runs wait at their cards at once, then all are allowed
 * together; the event loop's delay (`perf_hooks.monitorEventLoopDelay`, 1 ms resolution) is
 * measured from the first Allow until every run has answered and been saved, `bursts` times.
 * Synced commits run on the main thread (libsql is synchronous): this says how long they stall
 * the other runs.
 */
export async function durableBurst({ runs, bursts }: { runs: number; bursts: number }) {
  const dir = await diskFolder('studypulse-bench-burst-')
  const runtime = createNodeAgentRuntime({
    model: new ScriptedModel(durableScript),
    tools: createToolRegistry(),
    workspace: await Workspace.create(dir),
  })
  // One monitor per burst (one enabled again would count the gap since it was disabled): the
  // worst burst's p99 and max, the median burst's p50.
  const bursted: { p50: number; p99: number; max: number }[] = []
  let wallMs = 0
  try {
    for (let burst = 0; burst < bursts; burst++) {
      const ids = Array.from({ length: runs }, () =>
        runtime.startRun({ input: workload.userInput }),
      )
      await Promise.all(ids.map((id) => waitForRun(runtime, id, 'awaitingConfirmation')))
      await runtime.flush()
      const monitor = monitorEventLoopDelay({ resolution: 1 })
      monitor.enable()
      const t0 = performance.now()
      // The 50 Allows arrive as 50 requests would, one callback each, back to back.
      const allowed: Promise<unknown>[] = []
      for (const id of ids) {
        allowed.push(
          approvePending(runtime, id).then(() => waitForRun(runtime, id, 'awaitingInput')),
        )
        await new Promise((resolve) => setImmediate(resolve))
      }
      await Promise.all(allowed)
      await runtime.flush()
      wallMs += performance.now() - t0
      monitor.disable()
      bursted.push({ p50: monitor.percentile(50), p99: monitor.percentile(99), max: monitor.max })
      for (const id of ids) await endRun(runtime, id)
      await runtime.flush()
    }
    const ms = (ns: number) => Number((ns / 1e6).toFixed(2))
    return {
      runs,
      bursts,
      p50Ms: ms(bursted.map((b) => b.p50).sort((a, b) => a - b)[Math.floor(bursts / 2)] ?? 0),
      p99Ms: ms(Math.max(...bursted.map((b) => b.p99))),
      maxMs: ms(Math.max(...bursted.map((b) => b.max))),
      msPerRun: Number((wallMs / (runs * bursts)).toFixed(3)),
    }
  } finally {
    await runtime.close()
    await rm(dir, { recursive: true, force: true })
  }
}
