import { resolve } from 'node:path'

const queues = new Map<string, Promise<void>>()

/** Runs `fn` after every earlier call for the same root has settled, so read-modify-writes never interleave. */
export function withWorkspaceLock<T>(root: string, fn: () => Promise<T>): Promise<T> {
  const key = resolve(root)
  const previous = queues.get(key) ?? Promise.resolve()
  const result = previous.then(fn)
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
