import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { runStoreContract } from './runStoreContract.ts'

runStoreContract('sqliteRunStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'studypulse-sqlite-'))
  return {
    open: async () => sqliteRunStore(root),
    dispose: () => rm(root, { recursive: true, force: true }),
  }
})
