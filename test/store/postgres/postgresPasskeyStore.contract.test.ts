import { afterAll } from 'vitest'
import type { PasskeyStore } from '../../../store/PasskeyStore.ts'
import {
  type PostgresRunStore,
  postgresRunStore,
} from '../../../store/postgres/postgresRunStore.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { passkeyStoreContract } from '../passkeyStoreContract.ts'

const opened: PostgresRunStore[] = []
afterAll(async () => {
  for (const store of opened) await store.close()
})

// Two stores over one database stand for two nodes of the app; the tests' keys differ, so one
// database (made once) serves the file.
let nodes: Promise<{ a: PasskeyStore; b: PasskeyStore }> | undefined
const twoNodes = async () => {
  const db = await freshDatabase()
  const one = await postgresRunStore({ connectionString: db.url })
  const two = await postgresRunStore({ connectionString: db.url })
  opened.push(one, two)
  if (one.passkeys === undefined || two.passkeys === undefined)
    throw new Error('the PostgreSQL store keeps passkeys')
  return { a: one.passkeys, b: two.passkeys }
}
passkeyStoreContract('postgresRunStore().passkeys', () => (nodes ??= twoNodes()))
