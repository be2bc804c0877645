import { PerformanceObserver } from 'node:perf_hooks'
import { getHeapStatistics } from 'node:v8'

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 20))

/** Runs a full GC (needs `--expose-gc`) twice and lets the event loop deliver pending GC entries. */
export async function fullGc(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error('run with --expose-gc')
  gc()
  await settle()
  gc()
  await settle()
}

/** Bytes of live objects on the V8 heap. */
export function heapUsed(): number {
  return getHeapStatistics().used_heap_size
}

/** Counts garbage collections from now on; `count()` after letting the loop deliver them. */
export function watchGc(): { count(): Promise<number>; stop(): void } {
  let seen = 0
  const observer = new PerformanceObserver((list) => {
    seen += list.getEntries().length
  })
  observer.observe({ entryTypes: ['gc'] })
  return {
    async count() {
      await settle()
      return seen
    },
    stop: () => observer.disconnect(),
  }
}
