import pg from 'pg'

/** Where a PostgreSQL store connects: a connection string (it makes and ends its pool) or your pool. */
export type PostgresSource = { connectionString: string } | { pool: pg.Pool }

/** The pool for `source`, and whether the store made it (and so must end it). */
export function openPool(source: PostgresSource): { pool: pg.Pool; owned: boolean } {
  if ('pool' in source) return { pool: source.pool, owned: false }
  const pool = new pg.Pool({ connectionString: source.connectionString })
  // An idle connection that the server drops (restart, failover) must not crash the process:
  // the pool discards it and the next query connects anew.
  pool.on('error', () => undefined)
  return { pool, owned: true }
}

/** Runs `fn` in one transaction on one pooled connection: committed if it resolves, else rolled back. */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const result = await fn(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
