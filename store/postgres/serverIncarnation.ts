import type pg from 'pg'

/** The database server's start time as this node knows it, and a way to notice a restart. */
export interface ServerIncarnation {
  /** `pg_postmaster_start_time()` as last read (its text; the saves compare it as a timestamp). */
  startedAt(): string
  /** Reads it again; true when it moved (the server restarted since). */
  changed(): Promise<boolean>
}

/**
 * Relaxed saves (`synchronous_commit = off`) are lost only with the server itself, and a new
 * server has a new start time: each save names the one this node saw, so no save lands on a
 * server that may have lost an earlier one of its run (it would write over a hole: a lost event,
 * message or outcome). A node that sees the time move lets its runs go and restores them.
 */
export async function serverIncarnation(pool: pg.Pool): Promise<ServerIncarnation> {
  const read = async () => {
    const { rows } = await pool.query<{ at: string }>(
      'SELECT pg_postmaster_start_time()::text AS at',
    )
    return rows[0]?.at ?? ''
  }
  let startedAt = await read()
  return {
    startedAt: () => startedAt,
    async changed() {
      const now = await read()
      // Compared in the database: text from another session's time zone may differ.
      const { rows } = await pool.query<{ same: boolean }>(
        'SELECT $1::timestamptz = $2::timestamptz AS same',
        [now, startedAt],
      )
      if (rows[0]?.same === true) return false
      startedAt = now
      return true
    },
  }
}
