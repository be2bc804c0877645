import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileRunStore } from '../../store/fileRunStore.ts'
import { runStoreContract } from './runStoreContract.ts'

runStoreContract('fileRunStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'studypulse-store-'))
  return {
    open: async () => fileRunStore(root),
    dispose: () => rm(root, { recursive: true, force: true }),
  }
})
