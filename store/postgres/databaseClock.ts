import type pg from 'pg'

/** How often the offset to the database's clock is measured again. */
const remeasureMs = 60_000

/** How far the database's clock is ahead of this node's, as last measured. */
export interface DatabaseClock {
  offsetMs(): number
  /** Measures the offset again (the store does it every minute by itself). */
  measure(): Promise<void>
  stop(): void
}

/**
 * Reads PostgreSQL's clock (`clock_timestamp()`) and keeps its offset from this node's clock,
 * taken at the middle of the round trip, so every node sets and checks deadlines on one clock
 * however far its own drifts. `local` is this node's clock (the runtime's, injected in tests).
 */
export async function databaseClock(
  pool: pg.Pool,
  local: () => number = Date.now,
): Promise<DatabaseClock> {
  let offset = 0
  const measure = async () => {
    const sent = local()
    const { rows } = await pool.query<{ at: Date }>('SELECT clock_timestamp() AS at')
    const received = local()
    const at = rows[0]?.at
    if (at instanceof Date) offset = at.getTime() - (sent + received) / 2
  }
  await measure()
  const timer = setInterval(() => void measure().catch(() => undefined), remeasureMs)
  timer.unref()
  return {
    offsetMs: () => offset,
    measure,
    stop: () => clearInterval(timer),
  }
}
