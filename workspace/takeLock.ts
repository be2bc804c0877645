import lockfile from 'proper-lockfile'
import { errnoCode } from './errnoCode.ts'

/** The options of a `proper-lockfile` lock. */
export type LockOptions = NonNullable<Parameters<typeof lockfile.lock>[1]>

/**
 * Takes a `proper-lockfile` lock on `file`: synchronously when it is free (the common case, with
 * none of the asynchronous version's thread-pool round trips), else by waiting with the
 * options' retries. Resolves with the function that releases it.
 */
export async function takeLock(file: string, options: LockOptions): Promise<() => Promise<void>> {
  try {
    const release = lockfile.lockSync(file, { ...options, retries: 0 })
    return async () => release()
  } catch (error) {
    if (errnoCode(error) !== 'ELOCKED') throw error
  }
  return lockfile.lock(file, options)
}
