import type pg from 'pg'
import type { RunClaim } from '../RunStore.ts'

// The lease's end on the database's clock, `param` milliseconds from now.
const leaseEnd = (param: string) => `now() + ${param} * interval '1 millisecond'`

/**
 * Which node advances which run: a lease on the run's row (`owner`, `lease_expires_at`), timed by
 * the database's clock so the nodes' clocks need not agree. A claim takes a run that is free,
 * ours, or whose lease ran out; a heartbeat renews held leases every third of the lease; a run
 * whose renewal finds another owner is reported lost.
 */
export class RunLeases {
  readonly #pool: pg.Pool
  readonly #heartbeat: pg.Pool
  readonly #ownerId: string
  readonly #leaseMs: number
  readonly #held = new Set<string>()
  /** Runs made here whose claim their first commit takes (`commit_started_run`'s lease). */
  readonly #atFirstCommit = new Set<string>()
  readonly #lostListeners = new Set<(runId: string) => void>()
  #timer: NodeJS.Timeout | undefined
  #beating: Promise<void> | undefined

  /**
   * `heartbeat` is a pool of its own for renewals, so that a renewal never queues behind the
   * workload's queries for a connection and a busy node does not lose its leases.
   */
  constructor(pool: pg.Pool, heartbeat: pg.Pool, ownerId: string, leaseMs: number) {
    this.#pool = pool
    this.#heartbeat = heartbeat
    this.#ownerId = ownerId
    this.#leaseMs = leaseMs
  }

  /** Takes `runId` unless another owner's lease is still running. */
  async claim(runId: string): Promise<RunClaim> {
    this.#atFirstCommit.delete(runId)
    // One statement: the claim, and who holds the run when it fails (the SELECT sees the row as
    // it was before the INSERT, so a failed claim reads the owner that kept it). It commits
    // without waiting for the disk: a claim is lost only with the server, and a node that sees
    // the server restarted lets every run go and claims again (see `ServerIncarnation`); the
    // run's first save, or a decision or effect, which do wait, make it durable with them.
    const { rows } = await this.#pool.query<{ taken: boolean; owner: string | null }>(
      `WITH taken AS (
         INSERT INTO studypulse.runs (run_id, owner, lease_expires_at) VALUES ($1, $2, ${leaseEnd('$3')})
         ON CONFLICT (run_id) DO UPDATE SET owner = EXCLUDED.owner, lease_expires_at = EXCLUDED.lease_expires_at
         WHERE runs.owner IS NULL OR runs.owner = EXCLUDED.owner OR runs.lease_expires_at <= now()
         RETURNING run_id
       )
       SELECT EXISTS (SELECT 1 FROM taken) AS taken,
         (SELECT owner FROM studypulse.runs WHERE run_id = $1) AS owner,
         set_config('synchronous_commit', 'off', true) AS relaxed`,
      [runId, this.#ownerId, this.#leaseMs],
    )
    if (rows[0]?.taken === true) {
      this.#held.add(runId)
      this.#startBeating()
      return { ok: true }
    }
    const owner = rows[0]?.owner ?? undefined
    return { ok: false, code: 'run_owned_elsewhere', ...(owner !== undefined && { owner }) }
  }

  /**
   * Takes a run made here with its first commit: nothing is sent now. The heartbeat renews its
   * lease as soon as that commit has made its row, and reports it lost only once it is held
   * (`firstCommitLanded`).
   */
  claimAtFirstCommit(runId: string): void {
    this.#atFirstCommit.add(runId)
    this.#startBeating()
  }

  /** The lease `runId`'s first commit should take, if its claim waits for it (ms), else undefined. */
  firstCommitLease(runId: string): number | undefined {
    return this.#atFirstCommit.has(runId) ? this.#leaseMs : undefined
  }

  /** The first commit of a run claimed with it landed: its lease is held and renewed from now on. */
  firstCommitLanded(runId: string): void {
    if (!this.#atFirstCommit.delete(runId)) return
    this.#held.add(runId)
    this.#startBeating()
  }

  /** Frees `runId` at once if this owner holds it. */
  async unclaim(runId: string): Promise<void> {
    this.#atFirstCommit.delete(runId)
    this.#held.delete(runId)
    await this.#pool.query(
      'UPDATE studypulse.runs SET owner = NULL, lease_expires_at = NULL WHERE run_id = $1 AND owner = $2',
      [runId, this.#ownerId],
    )
  }

  /** Calls `listener` with each held run whose lease another owner took. */
  onLost(listener: (runId: string) => void): () => void {
    this.#lostListeners.add(listener)
    return () => this.#lostListeners.delete(listener)
  }

  /** Renews every held lease now; runs another owner took are dropped and reported. */
  async renew(): Promise<void> {
    if (this.#held.size === 0 && this.#atFirstCommit.size === 0) return
    const asked = [...this.#held]
    // Runs whose first commit (their claim) is on its way are renewed too, once their row exists:
    // a slow first commit must not let the lease it took run out before its first renewal. One
    // without a row yet is not lost: only runs held when asked can be.
    const pending = [...this.#atFirstCommit]
    // It commits without waiting for the disk, so it holds the rows' locks only for the
    // statement: one renewal of hundreds of rows (every run a node holds, resting ones too) no
    // longer keeps their saves waiting through its WAL flush. A renewal lost with the server only
    // shortens a lease, and every commit checks its own.
    const { rows } = await this.#heartbeat.query<{ run_id: string }>(
      `UPDATE studypulse.runs SET lease_expires_at = ${leaseEnd('$2')}
       WHERE run_id = ANY($1) AND owner = $3
       RETURNING run_id, set_config('synchronous_commit', 'off', true) AS relaxed`,
      [[...asked, ...pending], this.#leaseMs, this.#ownerId],
    )
    const kept = new Set(rows.map((r) => r.run_id))
    for (const runId of asked) {
      if (kept.has(runId) || !this.#held.has(runId)) continue
      this.#held.delete(runId)
      for (const listener of this.#lostListeners) listener(runId)
    }
  }

  /**
   * Lets go of every held run without writing anything, reporting each lost (the database server
   * restarted under them: see `ServerIncarnation`); the leases stay this owner's, so the rescan
   * restores them from what the database kept.
   */
  dropAll(): void {
    const held = [...this.#held]
    this.#held.clear()
    for (const runId of held) for (const listener of this.#lostListeners) listener(runId)
  }

  /** Stops the heartbeat and frees every run this owner holds. */
  async releaseAll(): Promise<void> {
    clearInterval(this.#timer)
    this.#timer = undefined
    await this.#beating
    this.#held.clear()
    this.#atFirstCommit.clear()
    await this.#pool.query(
      'UPDATE studypulse.runs SET owner = NULL, lease_expires_at = NULL WHERE owner = $1',
      [this.#ownerId],
    )
  }

  /** Stops renewing without freeing anything, as a crashed node would: for tests of takeover. */
  stopBeating(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
    this.#held.clear()
    this.#atFirstCommit.clear()
  }

  #startBeating(): void {
    if (this.#timer !== undefined) return
    this.#timer = setInterval(
      () => {
        // A failed beat is retried by the next; the lease outlives two missed beats.
        this.#beating ??= this.renew()
          .catch(() => undefined)
          .finally(() => {
            this.#beating = undefined
          })
      },
      Math.max(10, Math.floor(this.#leaseMs / 3)),
    )
    this.#timer.unref()
  }
}
