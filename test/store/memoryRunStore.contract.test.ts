import { createMemoryRunData, memoryRunStore } from '../../store/memoryRunStore.ts'
import { runStoreContract } from './runStoreContract.ts'

runStoreContract('memoryRunStore', async () => {
  const data = createMemoryRunData()
  return { open: async () => memoryRunStore({ data }), dispose: async () => undefined }
})
