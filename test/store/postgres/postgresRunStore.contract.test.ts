import { postgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import { emptyStudypulseTables, fileDatabase } from '../../helpers/postgres.ts'
import { runStoreContract } from '../runStoreContract.ts'

runStoreContract('postgresRunStore', async () => {
  const db = await fileDatabase()
  await emptyStudypulseTables(db.url)
  return {
    open: () => postgresRunStore({ connectionString: db.url }),
    dispose: async () => undefined,
  }
})
