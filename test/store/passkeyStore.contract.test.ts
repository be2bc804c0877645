import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { createMemoryRunData, memoryRunStore } from '../../store/memoryRunStore.ts'
import type { PasskeyStore } from '../../store/PasskeyStore.ts'
import { type SqliteRunStore, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { passkeyStoreContract } from './passkeyStoreContract.ts'

const opened: SqliteRunStore[] = []
const folders: string[] = []
afterAll(async () => {
  for (const store of opened) await store.close()
  for (const folder of folders) await rm(folder, { recursive: true, force: true, maxRetries: 3 })
})

const passkeysOf = (store: { passkeys?: PasskeyStore }): PasskeyStore => {
  if (store.passkeys === undefined) throw new Error('the store keeps passkeys')
  return store.passkeys
}

passkeyStoreContract('memoryRunStore().passkeys', async () => {
  const data = createMemoryRunData()
  return { a: passkeysOf(memoryRunStore({ data })), b: passkeysOf(memoryRunStore({ data })) }
})

// Two stores over one folder stand for two processes of the app sharing its database file.
passkeyStoreContract('sqliteRunStore().passkeys', async () => {
  const root = await mkdtemp(join(tmpdir(), 'studypulse-sqlite-passkeys-'))
  folders.push(root)
  const one = sqliteRunStore(root)
  const two = sqliteRunStore(root)
  opened.push(one, two)
  return { a: passkeysOf(one), b: passkeysOf(two) }
})
