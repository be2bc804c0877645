import { basename } from 'node:path'
import { setTimeout as wait } from 'node:timers/promises'
import { damagedDatabaseMessage } from '../../workspace/sqlite/folderDatabase.ts'
import { RunStoreError } from '../RunStoreError.ts'

/** How long one try blocks the main thread waiting for another program's write lock (libsql is synchronous). */
export const sqliteBusyTryMs = 100

/** The pause between two tries: the event loop serves everyone else meanwhile. */
const retryEveryMs = 50

/**
 * SQLite's answer that the file cannot take this write now (another program's lock: `store_busy`;
 * a full disk: `store_full`), as a `RunStoreError` naming the file and what to do; undefined for
 * any other error (a damaged file, a bug), which passes as it is.
 */
export function sqliteFault(error: unknown, file: string): RunStoreError | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new RunStoreError(
      'store_busy',
      `${basename(file)} is locked by another program writing to it; nothing was saved: try again once it has finished (the app keeps serving meanwhile)`,
      file,
    )
  }
  if (code === 'SQLITE_FULL') {
    return new RunStoreError(
      'store_full',
      `${basename(file)} cannot grow: the disk is full; nothing was saved: free some space (the app keeps serving, and saves again once there is room)`,
      file,
    )
  }
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return sqliteDamaged(file, (error as Error).message)
  }
  return undefined
}

/**
 * The refusal of a damaged database file (`store_corrupt`): it names the file and what to do, and
 * says nothing was written to it (the store opens nothing for writing once it has seen damage).
 */
export function sqliteDamaged(file: string, reason: string): RunStoreError {
  return new RunStoreError('store_corrupt', damagedDatabaseMessage(file, reason), file)
}

/**
 * Runs `work` (one SQLite write or read of the store) until it is not refused for another
 * program's lock, for at most `patienceMs`: each try blocks at most `sqliteBusyTryMs`, and the
 * pauses between tries leave the event loop free, so a held lock never stalls the server. A
 * refusal that outlasts the patience, or a fault of another kind, is the `RunStoreError` of
 * `sqliteFault` (a full disk at once: waiting would not free space). A busy refusal comes at
 * `BEGIN IMMEDIATE`, before anything was written, so a try again is safe.
 */
export async function withSqliteFaults<T>(
  file: string,
  patienceMs: number,
  work: () => T | Promise<T>,
): Promise<T> {
  const until = Date.now() + patienceMs
  for (;;) {
    try {
      return await work()
    } catch (error) {
      const fault = sqliteFault(error, file)
      if (fault === undefined) throw error
      if (fault.code !== 'store_busy' || Date.now() >= until) throw fault
    }
    await wait(retryEveryMs)
  }
}

/** `target` with each of its methods run through `withSqliteFaults`. */
export function guardedBySqliteFaults<T extends object>(
  target: T,
  file: string,
  patienceMs: number,
): T {
  const guarded = { ...target } as Record<string, unknown>
  for (const [key, value] of Object.entries(target)) {
    if (typeof value !== 'function') continue
    guarded[key] = (...args: unknown[]) =>
      withSqliteFaults(file, patienceMs, () => value.apply(target, args))
  }
  return guarded as T
}
