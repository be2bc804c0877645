import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { fileRunStore } from '../../store/fileRunStore.ts'
import { withLocalDecisionInbox } from '../../store/localDecisionInbox.ts'
import { createMemoryRunData, memoryRunStore } from '../../store/memoryRunStore.ts'
import { decisionInboxContract, openCard } from './decisionInboxContract.ts'

// One process decides for itself: every "node" of the contract is the same inbox.
decisionInboxContract('withLocalDecisionInbox over memoryRunStore', async () => {
  const inbox = withLocalDecisionInbox(memoryRunStore())
  return { open: async () => inbox, dispose: async () => undefined }
})

const roots: string[] = []
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true })
})

decisionInboxContract('withLocalDecisionInbox over fileRunStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'studypulse-inbox-'))
  roots.push(root)
  const inbox = withLocalDecisionInbox(fileRunStore(root))
  return { open: async () => inbox, dispose: async () => undefined }
})

describe('withLocalDecisionInbox after a restart', () => {
  test('cards are rebuilt from the run’s log', async () => {
    const data = createMemoryRunData()
    const before = withLocalDecisionInbox(memoryRunStore({ data }))
    await openCard(before, 'r1', 'k1', 'd1')
    await before.close()
    const after = withLocalDecisionInbox(memoryRunStore({ data }))
    expect(
      await after.offerDecision('r1', {
        confirmationId: 'k1',
        digest: 'd2',
        decision: 'allow',
        decidedBy: 'user',
      }),
    ).toMatchObject({ ok: false, code: 'confirmation_not_found' })
    expect(
      await after.offerDecision('r1', {
        confirmationId: 'k1',
        digest: 'd1',
        decision: 'allow',
        decidedBy: 'user',
      }),
    ).toEqual({ ok: true })
    expect(await after.decidedUnresolved('r1')).toMatchObject([
      { confirmationId: 'k1', decision: 'allow' },
    ])
  })
})
