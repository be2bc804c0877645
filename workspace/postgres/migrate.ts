import type pg from 'pg'
import { WorkspaceError } from '../WorkspaceError.ts'
import { migrations as allMigrations, type Migration } from './migrations.ts'

// One key for every node of every app on the database: migrations never run side by side.
const MIGRATION_LOCK = 'SELECT pg_advisory_lock(hashtext($1))'
const MIGRATION_UNLOCK = 'SELECT pg_advisory_unlock(hashtext($1))'
const LOCK_NAME = 'studypulse.migrate'

/**
 * Brings the `studypulse` schema up to the last of `migrations`, each in its own transaction that
 * also records it in `studypulse.schema_version`. A session advisory lock makes a node that starts
 * while another migrates wait and then find the work done. Refuses (`database_unavailable`) a
 * database whose schema is newer than this code. Returns the version the database is at.
 */
export async function migrate(
  pool: pg.Pool,
  migrations: readonly Migration[] = allMigrations,
): Promise<number> {
  const client = await pool.connect()
  try {
    await client.query(MIGRATION_LOCK, [LOCK_NAME])
    try {
      await client.query('CREATE SCHEMA IF NOT EXISTS studypulse')
      await client.query(
        `CREATE TABLE IF NOT EXISTS studypulse.schema_version (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`,
      )
      const { rows } = await client.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM studypulse.schema_version',
      )
      let current = rows[0]?.version ?? 0
      const latest = migrations.at(-1)?.version ?? 0
      if (current > latest) {
        throw new WorkspaceError(
          'database_unavailable',
          `the database schema is at version ${current}, newer than this code knows (${latest}); upgrade the app`,
        )
      }
      for (const migration of migrations) {
        if (migration.version <= current) continue
        await client.query('BEGIN')
        try {
          await client.query(migration.sql)
          await client.query(
            'INSERT INTO studypulse.schema_version (version, name) VALUES ($1, $2)',
            [migration.version, migration.name],
          )
          await client.query('COMMIT')
        } catch (error) {
          await client.query('ROLLBACK')
          throw new WorkspaceError(
            'database_unavailable',
            `migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`,
          )
        }
        current = migration.version
      }
      return current
    } finally {
      // A broken connection has dropped the session lock already; the first error is the one to see.
      await client.query(MIGRATION_UNLOCK, [LOCK_NAME]).catch(() => undefined)
    }
  } finally {
    client.release()
  }
}
