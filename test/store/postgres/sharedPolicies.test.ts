import { describe, expect, test } from 'vitest'
import { memoryRunStore } from '../../../store/memoryRunStore.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import type { PolicyRule } from '../../../workspace/policyFile.ts'
import { signal } from '../../helpers/signal.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { openCard } from '../clusterDecisionsContract.ts'
import { nodesPerTest, proxiedNode } from './nodes.ts'

const perTest = nodesPerTest()
const { closers, node } = perTest

const denyDelete: PolicyRule = {
  id: 'p1',
  tool: 'delete_task',
  effect: 'deny',
  scope: 'always',
  createdAt: '2026-11-30T09:00:00.000Z',
}

describe('kept rules shared across PostgreSQL nodes', () => {
  test('the PostgreSQL store shares its rules between nodes; the memory and SQLite stores have no cluster', async () => {
    expect((await node('a')).cluster).toBeDefined()
    expect(memoryRunStore().cluster).toBeUndefined()
    const { dir, dispose } = await tempWorkspace()
    closers.push(dispose)
    const folder = sqliteRunStore(dir)
    closers.push(() => folder.close())
    expect(folder.cluster).toBeUndefined()
  })

  test('a save on one node tells the others, which read the saved rules', async () => {
    const a = await node('a')
    const b = await node('b')
    const told = signal()
    a.cluster.onPoliciesChanged(() => told.resolve())
    await a.listening()
    await b.savePolicies([denyDelete])
    await told.promise
    expect(await a.loadPolicies()).toEqual({ rules: [denyDelete], invalid: [] })
  })

  test('two nodes keeping rules at once both keep theirs; a save removes only the rules it names', async () => {
    const a = await node('a')
    const b = await node('b')
    const denyRun = { ...denyDelete, id: 'p2', tool: 'run_code' }
    // Each saves its own set, not having read the other's: neither save drops the other rule.
    await Promise.all([
      a.savePolicies([denyDelete], { removed: [] }),
      b.savePolicies([denyRun], { removed: [] }),
    ])
    const c = await node('c')
    expect((await c.loadPolicies()).rules.map((r) => r.id).sort()).toEqual(['p1', 'p2'])
    // A revokes its rule: only that one goes, though A never held B's.
    await a.savePolicies([], { removed: ['p1'] })
    expect((await b.loadPolicies()).rules).toEqual([denyRun])
    // Without a change a save replaces them all, as on one node.
    await a.savePolicies([denyDelete])
    expect((await b.loadPolicies()).rules).toEqual([denyDelete])
  })

  test('a save made while a node was cut off reaches it once it reconnects', async () => {
    const cut = await proxiedNode(perTest.database, { ownerId: 'cut' })
    closers.push(cut.close)
    const other = await node('other')
    const told = signal()
    cut.store.cluster.onPoliciesChanged(() => told.resolve())
    await cut.store.listening()
    cut.proxy.cut()
    await other.savePolicies([denyDelete])
    cut.proxy.restore()
    await told.promise
    expect((await cut.store.loadPolicies()).rules).toEqual([denyDelete])
  })

  test('the rules kept with a run’s accepted decisions are read back, with their decisions', async () => {
    const owner = await node('owner')
    await openCard(owner, 'r1', 'k1', 'd1')
    const keep = { tool: 'create_task', effect: 'allow', scope: 'run', runId: 'r1' } as const
    expect(await owner.cluster.keptRulesOf('r1')).toEqual([])
    await owner.cluster.offerDecision('r1', {
      confirmationId: 'k1',
      decision: 'allow',
      decidedBy: 'user',
      digest: 'd1',
      keep,
    })
    expect(await owner.cluster.keptRulesOf('r1')).toEqual([
      { confirmationId: 'k1', decision: 'allow', decidedBy: 'user', keep },
    ])
    expect(await owner.cluster.keptRulesOf('r2')).toEqual([])
  })
})
