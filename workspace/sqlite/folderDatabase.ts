import { existsSync, mkdirSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import Database from 'libsql'
import { WorkspaceError } from '../WorkspaceError.ts'
import { prepared } from './preparedStatement.ts'
import { checkpointAside, stopCheckpointer } from './walCheckpointer.ts'
import { forgetWal, knowWal } from './walSync.ts'
import { migrateWorkspaceTables } from './workspaceTables.ts'

/** The database file a folder workspace keeps its records and its runs in. */
export const folderDatabaseFile = 'studypulse.db'

/** How the folder's database is opened. */
export interface FolderDatabaseOptions {
  /** How long a write waits for another process's write to finish before failing (default 10 s). */
  busyTimeoutMs?: number
  /**
   * Refuses a damaged existing file before anything is written to it (WAL mode, migrations), by
   * throwing; the run store passes its own, whose error names the file as a store fault. By
   * default `checkFolderDatabase`.
   */
  checkIntact?: (db: Database.Database, path: string) => void
}

/**
 * What a damaged database file is told as (the run store's `store_corrupt` says the same): it
 * names the file and what to do, and that nothing was written to it.
 */
export function damagedDatabaseMessage(file: string, reason: string): string {
  // One line: SQLite's own report spans several.
  const said = reason.replaceAll(/\s+/g, ' ').trim()
  return `${file} is damaged (${said}); nothing was written to it. Move it aside (e.g. rename it to ${basename(file)}.damaged, keeping its -wal and -shm files with it) and start again for an empty store, or put back a copy from a backup`
}

/**
 * Refuses a damaged database file (`WorkspaceError('corrupt_file')`): SQLite's quick check reads
 * every page (not the indexes' contents), so a cut file, a zeroed page or random bytes show at
 * open, not halfway through a later write. Reads only.
 */
export function checkFolderDatabase(db: Database.Database, path: string): void {
  let problems: string[]
  try {
    problems = prepared(db, 'PRAGMA quick_check(3)').pluck(true).all() as string[]
  } catch (error) {
    // Random bytes: SQLite refuses to read the file at all.
    const code = (error as { code?: unknown } | null | undefined)?.code
    if (code !== 'SQLITE_NOTADB' && code !== 'SQLITE_CORRUPT') throw error
    problems = [(error as Error).message]
  }
  if (problems.length === 1 && problems[0] === 'ok') return
  const message = damagedDatabaseMessage(path, problems.join('; '))
  throw new WorkspaceError('corrupt_file', message, folderDatabaseFile)
}

const open = new Map<string, Database.Database>()
// How many run stores hold each connection: the last one's close closes it.
const holders = new Map<string, number>()

/**
 * The one connection of this process to `<root>/studypulse.db` (WAL mode), shared by the folder's
 * workspace records and its run store, so a tool's effect and its run's save can commit in one
 * transaction. Opened on first use with the workspace's tables migrated; `closeFolderDatabase`
 * closes it for everyone (a later use opens it again). libsql is synchronous, and so is every
 * transaction on this connection: no two can interleave on one event loop.
 */
export function folderDatabase(
  root: string,
  options: FolderDatabaseOptions = {},
): Database.Database {
  const path = join(resolve(root), folderDatabaseFile)
  const found = open.get(path)
  if (found?.open === true) return found
  mkdirSync(resolve(root), { recursive: true })
  const existed = existsSync(path)
  const db = new Database(path)
  try {
    const busyTimeoutMs = Math.max(0, Math.floor(options.busyTimeoutMs ?? 10_000))
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`)
    // A damaged file is refused before anything is written to it (WAL mode, migrations).
    if (existed) (options.checkIntact ?? checkFolderDatabase)(db, path)
    walMode(db, busyTimeoutMs)
    migrateWorkspaceTables(db)
  } catch (error) {
    db.close()
    throw error
  }
  knowWal(db, path)
  open.set(path, db)
  return db
}

/**
 * Puts the file in WAL mode. SQLite answers SQLITE_BUSY at once, without its busy handler, when
 * another process is setting up the same new file at that moment (the app and the terminal chat
 * started together on a new folder): tried again every few milliseconds, within the busy timeout.
 */
function walMode(db: Database.Database, busyTimeoutMs: number): void {
  const until = Date.now() + busyTimeoutMs
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      db.exec('PRAGMA journal_mode = WAL')
      return
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= until) throw error
      // A synchronous pause: opening is synchronous, and this happens once, at first open.
      Atomics.wait(pause, 0, 0, 5)
    }
  }
}

/**
 * The folder's connection, held by a run store until `releaseFolderDatabase`: two stores on one
 * folder in one process (a test's two "processes") share it, and it closes with the last.
 */
export function holdFolderDatabase(
  root: string,
  options: FolderDatabaseOptions = {},
): Database.Database {
  const db = folderDatabase(root, options)
  const path = join(resolve(root), folderDatabaseFile)
  holders.set(path, (holders.get(path) ?? 0) + 1)
  return db
}

/** Lets go of a held connection; the last holder's release closes it (see `closeFolderDatabase`). */
export function releaseFolderDatabase(root: string): void {
  const path = join(resolve(root), folderDatabaseFile)
  const left = (holders.get(path) ?? 1) - 1
  if (left > 0) {
    holders.set(path, left)
    return
  }
  holders.delete(path)
  closeFolderDatabase(root)
}

/**
 * Checkpoints the folder's WAL on a thread of its own from now on (see `checkpointAside`): the
 * run store asks for it, the busy writer; a workspace opened alone keeps SQLite's own checkpoints.
 */
export function checkpointFolderAside(root: string): void {
  const path = join(resolve(root), folderDatabaseFile)
  const db = open.get(path)
  if (db !== undefined) checkpointAside(db, path)
}

/** Closes the folder's shared connection (checkpointing its WAL), if it is open. */
export function closeFolderDatabase(root: string): void {
  const path = join(resolve(root), folderDatabaseFile)
  const db = open.get(path)
  open.delete(path)
  holders.delete(path)
  if (db === undefined) return
  forgetWal(db)
  if (!db.open) return
  try {
    stopCheckpointer(db)
    // libsql's close does not checkpoint the WAL (SQLite's last close would): without this a
    // clean stop left every commit in -wal, and losing that file lost them. PASSIVE copies what
    // it can without waiting: another process still on the folder never blocks a stop.
    db.exec('PRAGMA wal_checkpoint(PASSIVE)')
  } finally {
    db.close()
  }
}

/** What `partsChangedElsewhere` saw last. */
export interface SeenParts {
  dataVersion?: number
  parts: Map<string, number>
}

/**
 * The parts of the workspace (tasks, memory, notebooks) another connection (another process on
 * the folder) changed since the last call with the same `seen`: SQLite's `data_version` moves on
 * every commit made through any other connection and costs no disk access to read; only then are
 * the parts' versions read. Polled, since SQLite tells no one.
 */
export function partsChangedElsewhere(db: Database.Database, seen: SeenParts): string[] {
  const now = (prepared(db, 'PRAGMA data_version').raw(true).get() as [number])[0]
  if (seen.dataVersion === now) return []
  // The first look only learns where things stand.
  const priming = seen.dataVersion === undefined
  seen.dataVersion = now
  const rows = prepared(db, 'SELECT part, version FROM workspace_parts').raw(true).all() as [
    string,
    number,
  ][]
  const changed = rows.filter(([part, version]) => seen.parts.get(part) !== version)
  for (const [part, version] of changed) seen.parts.set(part, version)
  return priming ? [] : changed.map(([part]) => part)
}

/** Moves the versions of `parts` on (inside the transaction that writes them). */
export function touchParts(db: Database.Database, parts: Iterable<string>): void {
  const touch = prepared(
    db,
    `INSERT INTO workspace_parts (part, version) VALUES (?, 1)
     ON CONFLICT (part) DO UPDATE SET version = version + 1`,
  )
  for (const part of new Set(parts)) if (part !== 'notes') touch.run(part)
}
