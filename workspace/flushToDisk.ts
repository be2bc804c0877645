import { closeSync, fdatasync, fsync, openSync } from 'node:fs'
import { errnoCode } from './errnoCode.ts'
import { WorkspaceError } from './WorkspaceError.ts'

// Durable writes do their small steps (open, write, rename, close) synchronously: they land in
// the page cache in microseconds, while each asynchronous call is a round trip through libuv's
// thread pool that costs more than the step itself. Only the flush waits on the disk, so only
// the flush leaves the event loop.

/** Flushes an open file to disk off the event loop: its data, and its size and times unless `dataOnly`. */
export function flushFile(
  fd: number,
  { dataOnly = false }: { dataOnly?: boolean } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error: NodeJS.ErrnoException | null) => (error ? reject(error) : resolve())
    if (dataOnly) fdatasync(fd, done)
    else fsync(fd, done)
  })
}

/** Flushes a folder's entries (a file created or renamed in it) to disk. */
export async function flushFolder(dir: string): Promise<void> {
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    await flushFile(fd)
  } catch (error) {
    // Some platforms (Windows, some network file systems) refuse to open or fsync a directory.
    const code = errnoCode(error)
    if (code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EPERM') {
      throw WorkspaceError.io(`could not flush folder ${dir}`, error)
    }
  } finally {
    if (fd !== undefined) closeQuietly(fd)
  }
}

/** Closes a file descriptor, ignoring a failure (it is being given up after an error or a flush). */
export function closeQuietly(fd: number): void {
  try {
    closeSync(fd)
  } catch {
    // Nothing to do: the descriptor is gone either way.
  }
}
