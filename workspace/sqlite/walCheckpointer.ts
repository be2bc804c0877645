import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type Database from 'libsql'

// The worker's own connection checkpoints; its fsyncs (the WAL's, then the database's) and its
// copying wait there, never on the event loop. A PASSIVE checkpoint never blocks a writer.
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file, { fileMustExist: true })
db.exec('PRAGMA busy_timeout = 1000')
parentPort.on('message', () => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)')
  } catch {
    // Busy or failing: the next tick tries again.
  }
  parentPort.postMessage('done')
})
`

const driver = createRequire(import.meta.url).resolve('libsql')
const checkpointers = new WeakMap<Database.Database, { worker: Worker; timer: NodeJS.Timeout }>()

/**
 * Moves `db`'s WAL checkpoints off the event loop: SQLite's automatic one (2 fsyncs and the
 * copying, inside whichever commit crosses 1,000 pages) is turned off, and a worker thread with
 * a connection of its own checkpoints every `everyMs` instead. Never keeps the process alive.
 */
export function checkpointAside(db: Database.Database, file: string, everyMs = 1000): void {
  if (checkpointers.has(db)) return
  const worker = new Worker(workerCode, { eval: true, workerData: { driver, file } })
  worker.unref()
  worker.on('error', () => {
    // Without its checkpointer the connection checkpoints itself again.
    checkpointers.delete(db)
    clearInterval(timer)
    try {
      if (db.open) db.exec('PRAGMA wal_autocheckpoint = 1000')
    } catch {
      // Closed meanwhile: nothing to checkpoint.
    }
  })
  let busy = false
  let timer: NodeJS.Timeout
  worker.on('message', () => {
    busy = false
  })
  timer = setInterval(() => {
    if (busy) return
    busy = true
    worker.postMessage('checkpoint')
  }, everyMs)
  timer.unref()
  db.exec('PRAGMA wal_autocheckpoint = 0')
  checkpointers.set(db, { worker, timer })
}

/**
 * Stops the checkpointer of `db` and checkpoints what is left here (TRUNCATE: the WAL emptied), so
 * the database file alone holds every commit once the connection closes.
 */
export function stopCheckpointer(db: Database.Database): void {
  const found = checkpointers.get(db)
  checkpointers.delete(db)
  if (found === undefined) return
  clearInterval(found.timer)
  void found.worker.terminate()
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  } catch {
    // The close checkpoints what it can.
  }
}
