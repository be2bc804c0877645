import { randomBytes } from 'node:crypto'
import { type FileHandle, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'

/** One save's writes: text appended to logs, and files replaced whole. */
export interface DurableBatch {
  appends: readonly { path: string; text: string }[]
  replaces: readonly { path: string; text: string }[]
  /** Folders whose new entries must survive a power cut, flushed in the same round. */
  syncDirs?: readonly string[]
}

/**
 * Writes a batch so that it costs one round of fsyncs, not one per file: every append and every
 * temp file is written first, then all are flushed together, and only then are the temp files
 * renamed into place. A crash at any point leaves each replaced file old or new, and the logs
 * at least as far along as the replaced files (never behind them).
 */
export async function writeDurableBatch(batch: DurableBatch): Promise<void> {
  const handles: FileHandle[] = []
  const renames: { temp: string; path: string }[] = []
  try {
    for (const { path, text } of batch.appends) {
      if (text === '') continue
      const handle = await open(path, 'a')
      handles.push(handle)
      await handle.writeFile(text, 'utf8')
    }
    for (const { path, text } of batch.replaces) {
      const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
      const handle = await open(temp, 'wx')
      handles.push(handle)
      renames.push({ temp, path })
      await handle.writeFile(text, 'utf8')
    }
    for (const dir of batch.syncDirs ?? []) handles.push(await open(dir, 'r'))
    await Promise.all(handles.map((h) => h.datasync()))
  } catch (error) {
    await Promise.all(renames.map(({ temp }) => rm(temp, { force: true }).catch(() => undefined)))
    throw WorkspaceError.io('could not save the run', error)
  } finally {
    await Promise.all(handles.map((h) => h.close().catch(() => undefined)))
  }
  for (const { temp, path } of renames) {
    try {
      await rename(temp, path)
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined)
      throw WorkspaceError.io(`could not replace ${basename(path)}`, error, basename(path))
    }
  }
}
