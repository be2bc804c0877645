import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import Database from 'libsql'
import { migrateWorkspaceTables } from './workspaceTables.ts'

/** The database file a folder workspace keeps its records and its runs in. */
export const folderDatabaseFile = 'studypulse.db'

/** How the folder's database is opened. */
export interface FolderDatabaseOptions {
  /** How long a write waits for another process's write to finish before failing (default 10 s). */
  busyTimeoutMs?: number
}

const open = new Map<string, Database.Database>()

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
  const db = new Database(path)
  db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 10_000))}`)
  db.exec('PRAGMA journal_mode = WAL')
  migrateWorkspaceTables(db)
  open.set(path, db)
  return db
}

/** Closes the folder's shared connection (checkpointing its WAL), if it is open. */
export function closeFolderDatabase(root: string): void {
  const path = join(resolve(root), folderDatabaseFile)
  const db = open.get(path)
  open.delete(path)
  if (db?.open === true) db.close()
}

/**
 * Whether another connection (another process on the folder) committed since the last call with
 * the same `seen` box: SQLite's `data_version` moves on every commit made through any other
 * connection, and reading it costs no disk access. Polled, since SQLite tells no one.
 */
export function changedElsewhere(db: Database.Database, seen: { version?: number }): boolean {
  const row = db.prepare('PRAGMA data_version').raw(true).get() as [number]
  const now = row[0]
  const changed = seen.version !== undefined && seen.version !== now
  seen.version = now
  return changed
}
