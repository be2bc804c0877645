import { randomBytes } from 'node:crypto'
import { type FileHandle, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { errnoCode } from './errnoCode.ts'
import { WorkspaceError } from './WorkspaceError.ts'

// `.<name>.<12 hex>.tmp`, as `writeFileAtomic` names its temp files.
const tempNamePattern = /^\..+\.[0-9a-f]{12}\.tmp$/

/** Whether a file name is one of `writeFileAtomic`'s temp files (left behind only if a process died mid-write). */
export function isAtomicTempName(name: string): boolean {
  return tempNamePattern.test(name)
}

/** Replaces `path` with `data` atomically: readers see the old file or the new one, never a mix. */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const dir = dirname(path)
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  let handle: FileHandle | undefined
  try {
    handle = await open(temp, 'wx')
    await handle.writeFile(data, 'utf8')
    await handle.sync()
    await handle.close()
    handle = undefined
    await rename(temp, path)
  } catch (error) {
    await handle?.close().catch(() => undefined)
    await rm(temp, { force: true }).catch(() => undefined)
    throw WorkspaceError.io(`could not write ${path}`, error)
  }
  await syncDirectory(dir)
}

/** Appends one line (plus `\n`) to `path`, creating it if needed, and flushes it to disk. */
export async function appendLineDurable(path: string, line: string): Promise<void> {
  await appendLinesDurable(path, [line])
}

/** Appends lines (each plus `\n`) to `path` in one write, creating it if needed, and flushes it. */
export async function appendLinesDurable(path: string, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return
  let handle: FileHandle | undefined
  try {
    handle = await open(path, 'a')
    await handle.writeFile(lines.map((line) => `${line}\n`).join(''), 'utf8')
    await handle.sync()
  } catch (error) {
    throw WorkspaceError.io(`could not append to ${path}`, error)
  } finally {
    await handle?.close().catch(() => undefined)
  }
}

// The rename is only durable once the directory entry is flushed too.
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (error) {
    // Some platforms (Windows, some network file systems) refuse to open or fsync a directory.
    const code = errnoCode(error)
    if (code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EPERM') {
      throw WorkspaceError.io(`could not flush folder ${dir}`, error)
    }
  } finally {
    await handle?.close().catch(() => undefined)
  }
}
