import { openSync, renameSync, writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import { atomicTempPath, removeQuietly } from '../workspace/atomicWrite.ts'
import { closeQuietly, flushFile } from '../workspace/flushToDisk.ts'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'

/** One save's writes: text appended to logs, and files replaced whole. */
export interface DurableBatch {
  appends: readonly { path: string; text: string }[]
  replaces: readonly { path: string; text: string }[]
  /** Folders whose new entries must survive a power cut, flushed in the same round. */
  syncDirs?: readonly string[]
}

/**
 * Writes a batch so that it costs one round of flushes, not one per file: every append and every
 * temp file is written first, then all are flushed together, and only then are the temp files
 * renamed into place. A crash at any point leaves each replaced file old or new, and the logs
 * at least as far along as the replaced files (never behind them). The writes go straight to the
 * page cache; only the flushes wait on the disk, off the event loop (see `flushToDisk.ts`).
 */
export async function writeDurableBatch(batch: DurableBatch): Promise<void> {
  const fds: number[] = []
  const renames: { temp: string; path: string }[] = []
  try {
    for (const { path, text } of batch.appends) {
      if (text === '') continue
      const fd = openSync(path, 'a')
      fds.push(fd)
      writeFileSync(fd, text, 'utf8')
    }
    for (const { path, text } of batch.replaces) {
      const temp = atomicTempPath(path)
      const fd = openSync(temp, 'wx')
      fds.push(fd)
      renames.push({ temp, path })
      writeFileSync(fd, text, 'utf8')
    }
    for (const dir of batch.syncDirs ?? []) fds.push(openSync(dir, 'r'))
    // Every flush settles before any descriptor is closed: a number closed under a flush in
    // flight could be reused by another open.
    const flushed = await Promise.allSettled(fds.map((fd) => flushFile(fd, { dataOnly: true })))
    const failed = flushed.find((f) => f.status === 'rejected')
    if (failed !== undefined) throw failed.reason
  } catch (error) {
    for (const { temp } of renames) removeQuietly(temp)
    throw WorkspaceError.io('could not save the run', error)
  } finally {
    for (const fd of fds) closeQuietly(fd)
  }
  for (const { temp, path } of renames) {
    try {
      renameSync(temp, path)
    } catch (error) {
      removeQuietly(temp)
      throw WorkspaceError.io(`could not replace ${basename(path)}`, error, basename(path))
    }
  }
}
