import { randomBytes } from 'node:crypto'
import { closeSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { closeQuietly, flushFile, flushFolder } from './flushToDisk.ts'
import { WorkspaceError } from './WorkspaceError.ts'

// `.<name>.<12 hex>.tmp`, as `writeFileAtomic` names its temp files.
const tempNamePattern = /^\..+\.[0-9a-f]{12}\.tmp$/

/** Whether a file name is one of `writeFileAtomic`'s temp files (left behind only if a process died mid-write). */
export function isAtomicTempName(name: string): boolean {
  return tempNamePattern.test(name)
}

// A fresh temp file name next to `path`, in the pattern `isAtomicTempName` knows.
function atomicTempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
}

/**
 * Replaces `path` with `data` atomically and durably: readers see the old file or the new one,
 * never a mix, and once it resolves the new one survives a power cut. Only the two flushes (the
 * file, then its folder's entry) wait on the disk off the event loop (see `flushToDisk.ts`).
 */
export async function writeFileAtomic(
  path: string,
  data: string,
  /** `false`: atomic for readers and across a process crash, but a power cut may lose it (no flush). */
  durable = true,
): Promise<void> {
  const temp = atomicTempPath(path)
  let fd: number | undefined
  try {
    fd = openSync(temp, 'wx')
    writeFileSync(fd, data, 'utf8')
    if (durable) await flushFile(fd)
    closeSync(fd)
    fd = undefined
    renameSync(temp, path)
  } catch (error) {
    if (fd !== undefined) closeQuietly(fd)
    removeQuietly(temp)
    throw WorkspaceError.io(`could not write ${path}`, error)
  }
  if (durable) await flushFolder(dirname(path))
}

// Removes a file if it is there, ignoring a failure (clean-up after an error).
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true })
  } catch {
    // Left for the start-up sweep of temp files.
  }
}
