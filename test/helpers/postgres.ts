import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

const created: { name: string; pools: pg.Pool[] }[] = []

/** The connection string of database `name` on the suite's PostgreSQL server. */
export function postgresUrl(name = 'postgres'): string {
  const { host, port, user, password } = inject('postgres')
  return `postgres://${user}:${encodeURIComponent(password)}@${host}:${port}/${name}`
}

/**
 * A fresh, empty database for the calling test file on the suite's PostgreSQL server; it is
 * dropped after the file's tests. `pool()` makes pools on it that are ended with it.
 */
export async function freshDatabase(): Promise<{
  name: string
  url: string
  pool: (options?: pg.PoolConfig) => pg.Pool
}> {
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgresUrl() })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name} STRATEGY file_copy`)
  } finally {
    await admin.end()
  }
  const entry = { name, pools: [] as pg.Pool[] }
  created.push(entry)
  const url = postgresUrl(name)
  return {
    name,
    url,
    pool: (options = {}) => {
      const pool = new pg.Pool({ connectionString: url, max: 4, ...options })
      pool.on('error', () => undefined)
      entry.pools.push(pool)
      return pool
    },
  }
}

/**
 * Drops the databases the file made and ends their pools. Registered for every test file by
 * test/helpers/perFile.ts: files share this module when their worker keeps its modules, so a hook
 * registered here, once, would end only the first file's.
 */
export async function dropFileDatabases(): Promise<void> {
  shared = undefined
  if (created.length === 0) return
  const admin = new pg.Client({ connectionString: postgresUrl() })
  await admin.connect()
  try {
    for (const { name, pools } of created.splice(0)) {
      await Promise.all(pools.map((p) => (p.ended ? undefined : p.end())))
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  } finally {
    await admin.end()
  }
}

let shared: ReturnType<typeof freshDatabase> | undefined

/** The calling test file's one database, made on first use. */
export function fileDatabase(): ReturnType<typeof freshDatabase> {
  shared ??= freshDatabase()
  return shared
}

/** Empties every `studypulse` table of the database at `url` (cheaper than a new database). */
export async function emptyStudypulseTables(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'studypulse' AND tablename <> 'schema_version'",
    )
    if (rows.length > 0) {
      await client.query(`TRUNCATE ${rows.map((r) => r.name).join(', ')} RESTART IDENTITY CASCADE`)
    }
  } finally {
    await client.end()
  }
}
