import { join, resolve } from 'node:path'
import { takeLock } from './takeLock.ts'

const queues = new Map<string, Promise<void>>()

// Long enough for any one read-modify-write; a killed process's lock goes stale after this.
const staleMs = 10_000

/**
 * Runs `fn` after every earlier call for the same root has settled, so read-modify-writes never
 * interleave: within this process by a queue, and across processes (the web app and the terminal
 * chat on one folder) by a lock file, `.studypulse.lock`, held while `fn` runs.
 */
export function withWorkspaceLock<T>(root: string, fn: () => Promise<T>): Promise<T> {
  const key = resolve(root)
  // `.studypulse.lock` is a folder `proper-lockfile` makes (and removes) while `fn` runs.
  const lockfilePath = join(key, '.studypulse.lock')
  const previous = queues.get(key) ?? Promise.resolve()
  const result = previous.then(() => withProcessLock(key, lockfilePath, fn))
  const tail = result.then(
    () => undefined,
    () => undefined,
  )
  queues.set(key, tail)
  // Drop the entry once idle so the map does not grow with every folder ever opened.
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key)
  })
  return result
}

async function withProcessLock<T>(
  file: string,
  lockfilePath: string,
  fn: () => Promise<T>,
): Promise<T> {
  const release = await takeLock(file, {
    lockfilePath,
    realpath: false,
    stale: staleMs,
    retries: { retries: 400, minTimeout: 2, maxTimeout: 50, factor: 1.5 },
    // A lock lost mid-write only means another process may write next; this write still completes.
    onCompromised: () => {},
  })
  try {
    return await fn()
  } finally {
    await release().catch(() => undefined)
  }
}
