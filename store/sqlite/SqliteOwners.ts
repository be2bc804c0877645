import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type Database from 'libsql'
import { errnoCode } from '../../workspace/errnoCode.ts'
import type { RunClaim } from '../RunStore.ts'
import { prepared } from './preparedStatement.ts'
import { sqliteFault } from './sqliteFaults.ts'
import { inTransaction } from './sqliteTransaction.ts'

/** How long an owner may miss its heartbeat before its runs may be taken over. */
export const defaultSqliteOwnerStaleMs = 10_000

interface OwnerRow {
  host: string
  pid: number
  heartbeat_ms: number
}

/**
 * Which process owns which run of one database file (what the retired folder store kept in lock
 * folders, in rows): each store is an owner row with a heartbeat, a run's `owner` column names its owner. An
 * owner is dead when its heartbeat is stale, or when it ran on this host and its pid is gone; a
 * dead owner's runs may be claimed. Every claim is decided inside SQLite's write transaction, so
 * of two claimants exactly one wins. Owner rows and claims commit relaxed (no fsync): after a power
 * cut every process is gone, so every claim is free again anyway.
 */
export class SqliteOwners {
  readonly ownerId = randomUUID()
  readonly #db: Database.Database
  readonly #staleMs: number
  readonly #now: () => number
  readonly #host = hostname()
  readonly #file: string
  readonly #log: (line: string) => void
  #beat: ReturnType<typeof setInterval> | undefined
  /** Why the last heartbeat could not be written, until one is again. */
  #missed: string | undefined

  constructor(
    db: Database.Database,
    options: {
      staleMs?: number
      now?: () => number
      /** The database file, as faults name it. */
      file?: string
      /** Where a heartbeat refused by a fault (a held lock, a full disk) and its recovery are told. */
      log?: (line: string) => void
    } = {},
  ) {
    this.#db = db
    this.#staleMs = options.staleMs ?? defaultSqliteOwnerStaleMs
    this.#now = options.now ?? Date.now
    this.#file = options.file ?? 'the database'
    this.#log = options.log ?? (() => {})
  }

  /** Writes this owner's row and starts its heartbeat (a timer that keeps no process alive). */
  start(): void {
    this.#writeBeat()
    this.#beat = setInterval(() => this.#heartbeat(), Math.max(50, this.#staleMs / 3))
    this.#beat.unref?.()
  }

  // A timer's throw would end the process: a beat the file cannot take now (another program's
  // lock, a full disk) is told once and tried again at the next tick; the runs stay this owner's
  // in memory, and a save refused meanwhile is refused with the same reason.
  #heartbeat(): void {
    try {
      this.#writeBeat()
    } catch (error) {
      const fault = sqliteFault(error, this.#file)
      const reason = fault?.message ?? `${this.#file}: ${(error as Error).message}`
      if (this.#missed === undefined)
        this.#log(`studypulse: the heartbeat was not saved: ${reason}`)
      this.#missed = reason
      return
    }
    if (this.#missed !== undefined) this.#log(`studypulse: ${this.#file} takes writes again`)
    this.#missed = undefined
  }

  /** Whether `ownerId` is this store or a live owner elsewhere. */
  isLive(ownerId: string): boolean {
    if (ownerId === this.ownerId) return true
    const row = prepared(
      this.#db,
      'SELECT host, pid, heartbeat_ms FROM owners WHERE owner_id = ?',
    ).get(ownerId) as OwnerRow | undefined
    if (row === undefined) return false
    if (this.#now() - row.heartbeat_ms > this.#staleMs) return false
    return row.host !== this.#host || processExists(row.pid)
  }

  /** Whether no other live owner uses this database (a look, not a lock). */
  alone(): boolean {
    const others = prepared(this.#db, 'SELECT owner_id FROM owners WHERE owner_id != ?')
      .raw(true)
      .all(this.ownerId) as [string][]
    return others.every(([id]) => !this.isLive(id))
  }

  /** The owner holding `runId` when it is someone else, alive; undefined when this store may write it. */
  heldElsewhere(runId: string): string | undefined {
    const row = prepared(this.#db, 'SELECT owner FROM runs WHERE run_id = ?').get(runId) as
      | { owner: string | null }
      | undefined
    const owner = row?.owner
    if (owner === undefined || owner === null || owner === this.ownerId) return undefined
    return this.isLive(owner) ? owner : undefined
  }

  /** Claims `runId` for this store unless a live owner holds it. */
  claim(runId: string): RunClaim {
    return inTransaction<RunClaim>(this.#db, false, () => {
      const other = this.heldElsewhere(runId)
      if (other !== undefined) {
        return { commit: false, value: { ok: false, code: 'run_owned_elsewhere', owner: other } }
      }
      this.take(runId)
      return { commit: true, value: { ok: true } }
    })
  }

  /** Makes this store the run's owner (inside a transaction that checked `heldElsewhere`). */
  take(runId: string): void {
    prepared(
      this.#db,
      // Written only when it changes: a save of a run this store holds already rewrites no page for it.
      `INSERT INTO runs (run_id, owner) VALUES (?, ?)
         ON CONFLICT (run_id) DO UPDATE SET owner = excluded.owner WHERE owner IS NOT excluded.owner`,
    ).run(runId, this.ownerId)
  }

  /** Gives up one run. */
  unclaim(runId: string): void {
    inTransaction(this.#db, false, () => {
      prepared(this.#db, 'UPDATE runs SET owner = NULL WHERE run_id = ? AND owner = ?').run(
        runId,
        this.ownerId,
      )
      return { commit: true, value: undefined }
    })
  }

  /** Stops the heartbeat and gives up every run and the owner row. */
  close(): void {
    if (this.#beat !== undefined) clearInterval(this.#beat)
    inTransaction(this.#db, false, () => {
      prepared(this.#db, 'UPDATE runs SET owner = NULL WHERE owner = ?').run(this.ownerId)
      prepared(this.#db, 'DELETE FROM owners WHERE owner_id = ?').run(this.ownerId)
      return { commit: true, value: undefined }
    })
  }

  #writeBeat(): void {
    inTransaction(this.#db, false, () => {
      prepared(
        this.#db,
        `INSERT INTO owners (owner_id, host, pid, heartbeat_ms) VALUES (?, ?, ?, ?)
           ON CONFLICT (owner_id) DO UPDATE SET heartbeat_ms = excluded.heartbeat_ms`,
      ).run(this.ownerId, this.#host, process.pid, this.#now())
      return { commit: true, value: undefined }
    })
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but is not ours to signal.
    return errnoCode(error) === 'EPERM'
  }
}
