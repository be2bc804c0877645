import { type FileHandle, open } from 'node:fs/promises'
import type Database from 'libsql'

interface Syncs {
  readonly db: Database.Database
  /** The `-wal` file of the connection's database. */
  wal: string
  /** The flush under way, if any. */
  running?: Promise<void>
  /** The flush that starts after it, shared by every caller meanwhile. */
  next?: Promise<void>
  /** The WAL file, open while the connection is (SQLite keeps the file until it closes). */
  handle?: Promise<FileHandle>
}

const syncs = new WeakMap<Database.Database, Syncs>()

/** Registers the database file of `db` (its WAL file is `<file>-wal`). */
export function knowWal(db: Database.Database, file: string): void {
  syncs.set(db, { db, wal: `${file}-wal` })
}

/** Closes the WAL file's handle (before the connection closes). */
export function forgetWal(db: Database.Database): void {
  const state = syncs.get(db)
  syncs.delete(db)
  state?.handle?.then((handle) => handle.close()).catch(() => undefined)
}

/**
 * Makes every commit so far on `db` durable: flushes its WAL file to the disk on the thread pool
 * (`fdatasync`), never on the event loop. The commits themselves run with `synchronous = NORMAL`
 * (written to the WAL, not flushed), which in WAL mode is exactly a FULL commit less this flush:
 * the WAL is append-only between checkpoints, and a checkpoint flushes it itself first. Callers
 * at once share one flush: one started after their commit covers them all (group commit).
 */
export function syncWal(db: Database.Database): Promise<void> {
  const state = syncs.get(db)
  if (state === undefined) throw new Error('syncWal: the database file is not known')
  if (state.running === undefined) return start(state)
  state.next ??= state.running.then(
    () => start(state),
    () => start(state),
  )
  return state.next
}

function start(state: Syncs): Promise<void> {
  state.next = undefined
  const flush = (async () => {
    state.handle ??= open(state.wal, 'r+')
    try {
      const handle = await state.handle
      // The stat beside the flush, on another thread: no later answer for it.
      const [, stat] = await Promise.all([handle.datasync(), handle.stat()])
      if (stat.nlink > 0) return
    } catch {
      // Not flushed by name (the WAL file deleted or replaced): opened again by the next flush.
    }
    const stale = state.handle
    state.handle = undefined
    await stale?.then((handle) => handle.close()).catch(() => undefined)
    checkpointThrough(state.db)
  })()
  state.running = flush
  const done = () => {
    if (state.running === flush) state.running = undefined
  }
  flush.then(done, done)
  return flush
}

/**
 * Makes the commits so far durable through SQLite's own descriptor of the WAL when its name no
 * longer reaches it (another program deleted `-wal` and `-shm` under the open connection): a FULL
 * checkpoint flushes the WAL SQLite writes, copies every commit into the database file and
 * flushes that. Those commits happened (every read sees them): a flush by name that cannot find
 * the file must not report them as failed. Throws only if the checkpoint cannot finish.
 */
function checkpointThrough(db: Database.Database): void {
  const [busy, frames, copied] = db.prepare('PRAGMA wal_checkpoint(FULL)').raw(true).get() as [
    number,
    number,
    number,
  ]
  if (busy !== 0 || copied < frames) {
    throw new Error(
      'the WAL file cannot be flushed by its name, and a checkpoint could not copy it into the database file',
    )
  }
}
