import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'

/**
 * Hooks that profile exactly the measured part of a block (no warm-up, no start-up) into `path`:
 * CPU samples every 100 µs (`.cpuprofile`), or with `heap` an allocation sample every 512 bytes
 * (`.heapprofile`, objects collected meanwhile included).
 */
export function profileWindow(path: string, heap = false) {
  const session = new Session()
  return {
    async onStart() {
      session.connect()
      if (heap) {
        await session.post('HeapProfiler.enable')
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: 512,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        })
        return
      }
      await session.post('Profiler.enable')
      await session.post('Profiler.setSamplingInterval', { interval: 100 })
      await session.post('Profiler.start')
    },
    async onEnd() {
      const { profile } = heap
        ? await session.post('HeapProfiler.stopSampling')
        : await session.post('Profiler.stop')
      session.disconnect()
      await writeFile(path, JSON.stringify(profile))
    },
  }
}
