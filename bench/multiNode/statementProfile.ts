import pg from 'pg'

/** One statement's share of a phase: how often per run, and how long per run, in PostgreSQL. */
export interface StatementCost {
  query: string
  callsPerRun: number
  /** Execution time inside PostgreSQL (pg_stat_statements' total_exec_time), per run. */
  msPerRun: number
}

async function withClient<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await body(client)
  } finally {
    await client.end()
  }
}

/**
 * Starts counting statements afresh in `url`'s database (needs `pg_stat_statements` preloaded);
 * false where the extension is not available, and the row then has no statement profile.
 */
export function resetStatements(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
    await client.query('SELECT pg_stat_statements_reset()')
    return true
  }).catch(() => false)
}

/** The statements run in `url`'s database since the reset, dearest first, per run. */
export function readStatements(url: string, runs: number, top = 12): Promise<StatementCost[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ query: string; calls: string; ms: number }>(
      `SELECT query, calls, total_exec_time AS ms FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT ILIKE '%pg_stat_statements%'
       ORDER BY total_exec_time DESC LIMIT $1`,
      [top],
    )
    return rows.map((r) => ({
      query: r.query.replace(/\s+/g, ' ').slice(0, 120),
      callsPerRun: Math.round((Number(r.calls) / runs) * 100) / 100,
      msPerRun: Math.round((r.ms / runs) * 1000) / 1000,
    }))
  }).catch(() => [])
}

/** Statements and WAL flushes in `url`'s server so far (flushes server-wide: rows run one at a time). */
export interface DatabaseCounts {
  statements: number
  walFlushes: number | undefined
  /** Transactions committed in the database (`pg_stat_database.xact_commit`, the counting's own included). */
  commits: number | undefined
  /** The server's WAL so far (`pg_stat_wal`, PostgreSQL 14+): bytes, and full-page images (pages written whole). */
  walBytes: number | undefined
  walFullPages: number | undefined
}

/**
 * Counts statements in `url`'s database (pg_stat_statements, every statement, the counting
 * queries left out) and the server's WAL fsyncs (`pg_stat_io` on PostgreSQL 18, else
 * `pg_stat_wal`); undefined where the statistics are not available.
 */
export function databaseCounts(url: string): Promise<DatabaseCounts | undefined> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ calls: string | null }>(
      `SELECT sum(calls) AS calls FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT ILIKE '%pg_stat_%'`,
    )
    const flushes = await client
      .query<{ n: string | null }>("SELECT sum(fsyncs) AS n FROM pg_stat_io WHERE object = 'wal'")
      .catch(() => client.query<{ n: string | null }>('SELECT wal_sync AS n FROM pg_stat_wal'))
      .then((r) => r.rows[0]?.n ?? null)
      .catch(() => null)
    const wal = await client
      .query<{ bytes: string; fpi: string }>(
        'SELECT wal_bytes AS bytes, wal_fpi AS fpi FROM pg_stat_wal',
      )
      .then((r) => r.rows[0])
      .catch(() => undefined)
    const commits = await client
      .query<{ n: string }>(
        'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()',
      )
      .then((r) => r.rows[0]?.n)
      .catch(() => undefined)
    return {
      statements: Number(rows[0]?.calls ?? 0),
      walFlushes: flushes === null ? undefined : Number(flushes),
      commits: commits === undefined ? undefined : Number(commits),
      walBytes: wal === undefined ? undefined : Number(wal.bytes),
      walFullPages: wal === undefined ? undefined : Number(wal.fpi),
    }
  }).catch(() => undefined)
}
