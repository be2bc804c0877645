import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Workspace } from '../../workspace/Workspace.ts'

type Tracked = { flush(): Promise<void>; store?: { close(): Promise<void> } | undefined }
const pendingSaves = new Set<Tracked>()

/** Makes `dispose()` of temporary workspaces wait until this runtime has saved what it saw. */
export function trackRuntime(runtime: Tracked): void {
  pendingSaves.add(runtime)
}

/**
 * Ends the "process" of every runtime tracked so far, as a crash would: its store stops beating
 * and gives up its runs, so a runtime made next (a restarted process) can take them over.
 */
export async function endEarlierProcesses(): Promise<void> {
  await Promise.all([...pendingSaves].map((runtime) => runtime.store?.close()))
}

/** A fresh workspace in a temporary folder, and a function that removes it. */
export async function tempWorkspace(): Promise<{
  ws: Workspace
  dir: string
  dispose: () => Promise<void>
}> {
  const dir = await mkdtemp(join(tmpdir(), 'studypulse-test-'))
  const ws = await Workspace.create(dir)
  const dispose = async () => {
    await Promise.all([...pendingSaves].map((runtime) => runtime.flush()))
    await endEarlierProcesses()
    pendingSaves.clear()
    await rm(dir, { recursive: true, force: true, maxRetries: 3 })
  }
  return { ws, dir, dispose }
}

/** A clock that starts at a fixed time and moves one second per reading. */
export function steppingClock(start = '2026-11-30T09:00:00.000Z'): () => Date {
  let t = Date.parse(start)
  return () => {
    const now = new Date(t)
    t += 1000
    return now
  }
}

/** Ids `prefix-1`, `prefix-2`, … */
export function sequentialIds(prefix = 'id'): () => string {
  let n = 0
  return () => `${prefix}-${++n}`
}
