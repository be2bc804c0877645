import pg from 'pg'
import { expect, test } from 'vitest'
import { freshDatabase } from '../../helpers/postgres.ts'

test('the suite has a real PostgreSQL, and each file its own empty database', async () => {
  const db = await freshDatabase()
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  try {
    const { rows } = await client.query(
      "SELECT current_database() AS name, current_setting('server_version_num')::int AS version, (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables",
    )
    expect(rows[0]).toEqual({ name: db.name, version: expect.any(Number), tables: 0 })
    expect(rows[0].version).toBeGreaterThanOrEqual(180000)
  } finally {
    await client.end()
  }
})
