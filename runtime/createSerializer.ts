/** Runs tasks that share a key one after another; tasks with other keys run alongside. */
export function createSerializer(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const result = (tails.get(key) ?? Promise.resolve()).then(task)
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    tails.set(key, tail)
    // Dropped once idle, so keys of tools no longer used do not stay.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return result
  }
}
