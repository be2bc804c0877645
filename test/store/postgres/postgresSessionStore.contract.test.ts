import { afterAll } from 'vitest'
import {
  type PostgresRunStore,
  postgresRunStore,
} from '../../../store/postgres/postgresRunStore.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { sessionStoreContract } from '../sessionStoreContract.ts'

const opened: PostgresRunStore[] = []
afterAll(async () => {
  for (const store of opened) await store.close()
})

// Two stores over one database stand for two nodes of the app.
sessionStoreContract('postgresRunStore().sessions', async () => {
  const db = await freshDatabase()
  const one = await postgresRunStore({ connectionString: db.url })
  const two = await postgresRunStore({ connectionString: db.url })
  opened.push(one, two)
  if (one.sessions === undefined || two.sessions === undefined)
    throw new Error('the PostgreSQL store keeps sessions')
  return { a: one.sessions, b: two.sessions }
})
