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

/** Where `pool` connects, as `postgresql://host:port/database`, without credentials. */
export function poolLocation(pool: pg.Pool): string {
  const { host, port, database, connectionString } = pool.options
  let url: URL | undefined
  try {
    // pg reads a connection string only when it connects, so the options above may not hold it.
    if (connectionString !== undefined) url = new URL(connectionString)
  } catch {
    url = undefined
  }
  const name = url?.pathname.replace(/^\//, '') || database || ''
  return `postgresql://${url?.hostname || host || 'localhost'}:${url?.port || port || 5432}/${name}`
}
