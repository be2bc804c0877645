import type Database from 'libsql'
import { inTransaction } from './sqliteTransaction.ts'
import { syncWal } from './walSync.ts'

/** One caller's part of a group commit: runs inside the shared transaction; false writes nothing of it. */
export type GroupedWork = () => boolean

interface Waiting {
  work: GroupedWork
  resolve: (written: boolean) => void
  reject: (error: unknown) => void
}

const queues = new WeakMap<Database.Database, Waiting[]>()

/**
 * How long one transaction of a group may take its pieces' work before it commits and leaves the
 * rest to the next turn: a burst of 50 allowed calls in one go held the event loop ~9 ms (p99).
 * The next transaction's flush still covers the one before (`syncWal` shares flushes).
 */
const sliceMs = 2

/**
 * Runs `work` in the next group commit on `db`: every piece queued in one turn of the event loop
 * goes into one synced transaction (one fsync for all of them, or a few when their work outlasts
 * `sliceMs`), each in a savepoint of its own, so one that throws or answers false is rolled back
 * alone (and rejects, or resolves false). Resolves only once the commit is flushed (or its flush
 * failed twice: it committed, and is never reported as failed after that): written
 * without a flush, then flushed on the thread pool (`syncWal`), so the event loop never waits on
 * the disk, and a burst of allowed calls shares one flush instead of queueing one each.
 */
export function groupCommit(db: Database.Database, work: GroupedWork): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let queue = queues.get(db)
    if (queue === undefined) {
      queue = []
      queues.set(db, queue)
    }
    queue.push({ work, resolve, reject })
    if (queue.length === 1) setImmediate(() => commitQueued(db))
  })
}

function commitQueued(db: Database.Database): void {
  const queue = queues.get(db) ?? []
  if (queue.length === 0) return
  const batch: Waiting[] = []
  const outcomes: ({ written: boolean } | { error: unknown })[] = []
  const until = performance.now() + sliceMs
  try {
    // Written without a flush on the event loop; the flush follows on the thread pool.
    inTransaction(db, false, () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        batch.push(next)
        db.exec('SAVEPOINT grouped')
        try {
          const written = next.work()
          db.exec(written ? 'RELEASE grouped' : 'ROLLBACK TO grouped; RELEASE grouped')
          outcomes.push({ written })
        } catch (error) {
          db.exec('ROLLBACK TO grouped; RELEASE grouped')
          outcomes.push({ error })
        }
        if (performance.now() >= until) break
      }
      return { commit: true, value: undefined }
    })
  } catch (error) {
    // Refused as a whole (a held lock, a full disk): every piece waiting is refused with it, as
    // one transaction would have been; trying the rest at once would meet the same refusal.
    for (const waiting of [...batch, ...queue.splice(0)]) waiting.reject(error)
    return
  }
  // What this transaction left goes in the next turn's (pieces queued meanwhile join it).
  if (queue.length > 0) setImmediate(() => commitQueued(db))
  // One caller per turn of the event loop: each goes on with its run (the tool's result, the
  // model, the next save) in a turn of its own, so a burst never holds the loop for all of them.
  const settle = (i = 0) => {
    const waiting = batch[i]
    if (waiting === undefined) return
    const outcome = outcomes[i] as (typeof outcomes)[number]
    if ('error' in outcome) waiting.reject(outcome.error)
    else waiting.resolve(outcome.written)
    if (i + 1 < batch.length) setImmediate(() => settle(i + 1))
  }
  // The transaction committed: every read sees its effects, and its audit line says completed.
  // A flush that fails is tried once more (by then through SQLite's own checkpoint, see
  // `syncWal`); reporting a committed effect as failed would be a second, false account of it.
  const settleAll = () => settle()
  syncWal(db).then(settleAll, () => syncWal(db).then(settleAll, settleAll))
}
