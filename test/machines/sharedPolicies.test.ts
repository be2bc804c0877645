import { describe, expect, it } from 'vitest'
import { PolicyStore } from '../../runtime/PolicyStore.ts'
import { followSharedPolicies } from '../../runtime/sharedPolicies.ts'
import { singleNode } from '../../runtime/singleNode.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import type { RunCluster } from '../../store/RunCluster.ts'
import type { PolicyLoad, RunStore } from '../../store/RunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { PolicyRule } from '../../workspace/policyFile.ts'
import { signal } from '../helpers/signal.ts'
import { sequentialIds, steppingClock } from '../helpers/tempWorkspace.ts'

const at = '2026-11-30T09:00:00.000Z'
const always = (id: string, tool: string): PolicyRule => ({
  id,
  tool,
  effect: 'deny',
  scope: 'always',
  createdAt: at,
})

// A memory store whose "other nodes" are the test: it saves rules and says when it did.
function sharedStore(load?: () => Promise<PolicyLoad>) {
  const base = memoryRunStore()
  const listeners = new Set<() => void>()
  const cluster: RunCluster = {
    ...singleNode(base, () => false, 'test'),
    onPoliciesChanged(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const store: RunStore & { cluster: RunCluster } = {
    ...base,
    cluster,
    loadPolicies: load ?? (() => base.loadPolicies()),
    savePolicies: (rules) => base.savePolicies(rules),
  }
  const savedElsewhere = async (rules: PolicyRule[]) => {
    await base.savePolicies(rules)
    for (const listener of listeners) listener()
  }
  return { store, savedElsewhere }
}

function policiesOver(store: RunStore): PolicyStore {
  const tools = createToolRegistry()
  return new PolicyStore({
    generateId: sequentialIds('rule'),
    clock: steppingClock(),
    permissionOf: (tool) => tools.permissionOf(tool),
    save: (kept) => store.savePolicies(kept),
  })
}

describe('a node follows the rules other nodes keep', () => {
  it('takes the saved "always" rules as they are now, and keeps its own run and session rules', async () => {
    const { store, savedElsewhere } = sharedStore()
    const policies = policiesOver(store)
    policies.load([always('old', 'delete_task')])
    policies.add({ tool: 'create_task', effect: 'allow', scope: 'session' })
    policies.add({ tool: 'create_task', effect: 'allow', scope: 'run', runId: 'r1' })
    const errors: unknown[] = []
    const follow = followSharedPolicies({
      store,
      cluster: store.cluster,
      policies,
      ready: Promise.resolve(),
      onError: (e) => errors.push(e),
    })
    await savedElsewhere([always('new', 'save_artifact')])
    await follow.settled()
    expect(policies.list('r1').map((r) => [r.id, r.scope])).toEqual([
      ['new', 'always'],
      ['rule-1', 'session'],
      ['rule-2', 'run'],
    ])
    // A rule read from the store is checked like any other: "always allow" is refused and named.
    await savedElsewhere([{ ...always('bad', 'create_task'), effect: 'allow' }])
    await follow.settled()
    expect(policies.list().map((r) => r.id)).toEqual(['rule-1', 'rule-2'])
    expect(policies.problems().invalid).toMatchObject([{ rule: { id: 'bad' } }])
    expect(errors).toEqual([])
    follow.stop()
  })

  it('a store it cannot read changes no rule, and no "always" rule is saved over it', async () => {
    let load: PolicyLoad = { rules: [], invalid: [], corrupt: { file: 'policies', message: 'x' } }
    const { store, savedElsewhere } = sharedStore(async () => load)
    const policies = policiesOver(store)
    policies.load([always('mine', 'delete_task')])
    const follow = followSharedPolicies({
      store,
      cluster: store.cluster,
      policies,
      ready: Promise.resolve(),
      onError: () => undefined,
    })
    await savedElsewhere([])
    await follow.settled()
    expect(policies.list().map((r) => r.id)).toEqual(['mine'])
    expect(() => policies.add({ tool: 'list_tasks', effect: 'deny', scope: 'always' })).toThrow(
      expect.objectContaining({ code: 'policy_file_corrupt' }),
    )
    // Readable again: it is followed again.
    load = { rules: [always('fixed', 'list_tasks')], invalid: [] }
    await savedElsewhere([])
    await follow.settled()
    expect(policies.list().map((r) => r.id)).toEqual(['fixed'])
    follow.stop()
  })

  it('a failed read changes nothing and is reported', async () => {
    const failure = new Error('the store is away')
    const { store, savedElsewhere } = sharedStore(() => Promise.reject(failure))
    const policies = policiesOver(store)
    policies.load([always('mine', 'delete_task')])
    const errors: unknown[] = []
    const follow = followSharedPolicies({
      store,
      cluster: store.cluster,
      policies,
      ready: Promise.resolve(),
      onError: (e) => errors.push(e),
    })
    await savedElsewhere([])
    await follow.settled()
    expect(policies.list().map((r) => r.id)).toEqual(['mine'])
    expect(errors).toEqual([failure])
    follow.stop()
  })

  it('a read that raced a rule kept here does not drop that rule', async () => {
    const gate = signal()
    const reading = signal()
    // The read finds the rules as they were before the rule below was kept.
    const { store, savedElsewhere } = sharedStore(async () => {
      reading.resolve()
      await gate.promise
      return { rules: [], invalid: [] }
    })
    const policies = policiesOver(store)
    const follow = followSharedPolicies({
      store,
      cluster: store.cluster,
      policies,
      ready: Promise.resolve(),
      onError: () => undefined,
    })
    await savedElsewhere([])
    await reading.promise
    // Kept here while the stale read is under way.
    policies.add({ tool: 'delete_task', effect: 'deny', scope: 'always' })
    gate.resolve()
    await follow.settled()
    expect(policies.list().map((r) => r.tool)).toEqual(['delete_task'])
    follow.stop()
  })
})
