import { createMemoryRunData, memoryRunStore } from '../../store/memoryRunStore.ts'
import { sessionStoreContract } from './sessionStoreContract.ts'

sessionStoreContract('memoryRunStore().sessions', async () => {
  const data = createMemoryRunData()
  const a = memoryRunStore({ data }).sessions
  const b = memoryRunStore({ data }).sessions
  if (a === undefined || b === undefined) throw new Error('the memory store keeps sessions')
  return { a, b }
})
