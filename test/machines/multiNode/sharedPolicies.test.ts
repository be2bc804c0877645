import { afterEach, expect, test, vi } from 'vitest'
import type { ModelRequest } from '../../../models/messages.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { AgentError } from '../../../runtime/AgentError.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { DECISIONS_CHANNEL } from '../../../store/postgres/postgresDecisions.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import type { ModelTurn } from '../../../vocabulary/ChatMessage.ts'
import { describeRule } from '../../../vocabulary/Decision.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

// `create <title>` asks for create_task, `delete <id>` for delete_task; a tool result ends the turn.
function tasksModel(): ScriptedModel {
  return new ScriptedModel((request: ModelRequest): ModelTurn => {
    const last = request.messages.at(-1)
    if (last?.role !== 'user') return { text: 'done' }
    const [verb, what] = last.content.split(' ')
    const n = request.messages.filter((m) => m.role === 'assistant').length
    const call =
      verb === 'delete'
        ? { name: 'delete_task', arguments: JSON.stringify({ id: what }) }
        : { name: 'create_task', arguments: JSON.stringify({ title: what }) }
    return { toolCalls: [{ id: `${what}-call-${n}`, ...call }] }
  })
}

async function twoNodes(): Promise<{ a: TestNode; b: TestNode; errorsAtA: unknown[] }> {
  const { url } = await freshDatabase()
  const errorsAtA: unknown[] = []
  const a = await startNode(url, {
    ownerId: `a-${Math.random()}`,
    model: tasksModel(),
    onPersistError: (error) => errorsAtA.push(error),
  })
  const b = await startNode(url, { ownerId: `b-${Math.random()}`, model: tasksModel() })
  nodes.push(a, b)
  await Promise.all([a.store.listening(), b.store.listening()])
  return { a, b, errorsAtA }
}

async function cardOf(node: TestNode, runId: string) {
  await waitForRun(node.runtime, runId, 'awaitingConfirmation')
  // Other nodes see the card once it is saved.
  await node.runtime.flush()
  const card = node.runtime.view(runId).pending
  if (card === undefined) throw new Error(`run ${runId} shows no card`)
  return card
}

const resolutions = (node: TestNode, runId: string): AgentEvent[] =>
  node.runtime.view(runId).events.filter((e) => e.kind === 'confirmationResolved')

test('a run rule kept at another node is held by the run’s owner: its next card there is decided by it, other runs still ask', async () => {
  const { a, b } = await twoNodes()
  const runId = a.runtime.startRun({ input: 'create first' })
  const card = await cardOf(a, runId)
  await b.runtime.submitConfirmation(runId, card.confirmationId, 'allow', {
    digest: card.digest,
    remember: 'run',
  })
  await waitForRun(a.runtime, runId, 'awaitingInput')
  expect(a.runtime.policies.list(runId).map(describeRule)).toEqual([
    'allow create_task for this run',
  ])

  // The next create_task of the run is allowed by the rule, on the owner; no card waits.
  await a.runtime.sendInput(runId, 'create second')
  await waitForRun(a.runtime, runId, 'awaitingInput', { timeoutMs: 20_000 })
  expect(resolutions(a, runId).map((e) => [e.decision, e.decidedBy])).toEqual([
    ['allow', 'user'],
    ['allow', 'policy'],
  ])
  expect(resolutions(a, runId)[1]?.rule).toContain('allow create_task for this run')
  expect((await a.workspace.readTasks()).map((t) => t.title)).toEqual(['first', 'second'])

  // Another run of the same node still asks.
  const other = a.runtime.startRun({ input: 'create third' })
  await cardOf(a, other)
  expect(a.runtime.view(other).value).toBe('awaitingConfirmation')
})

test('a run rule kept at the owner itself is held there once the decision took, and only there', async () => {
  const { a, b } = await twoNodes()
  const runId = a.runtime.startRun({ input: 'create first' })
  const card = await cardOf(a, runId)
  await a.runtime.submitConfirmation(runId, card.confirmationId, 'allow', {
    digest: card.digest,
    remember: 'run',
  })
  await waitForRun(a.runtime, runId, 'awaitingInput')
  expect(a.runtime.policies.list(runId).map(describeRule)).toEqual([
    'allow create_task for this run',
  ])
  expect(b.runtime.policies.list(runId)).toEqual([])
  await a.runtime.sendInput(runId, 'create second')
  await waitForRun(a.runtime, runId, 'awaitingInput', { timeoutMs: 20_000 })
  expect(resolutions(a, runId).map((e) => [e.decision, e.decidedBy])).toEqual([
    ['allow', 'user'],
    ['allow', 'policy'],
  ])
})

test('a run rule outlives its owner: the node that takes the run over holds it', async () => {
  const { a, b } = await twoNodes()
  const runId = a.runtime.startRun({ input: 'create first' })
  const card = await cardOf(a, runId)
  await b.runtime.submitConfirmation(runId, card.confirmationId, 'allow', {
    digest: card.digest,
    remember: 'run',
  })
  await waitForRun(a.runtime, runId, 'awaitingInput')
  await a.runtime.close()
  expect(b.runtime.policies.list()).toEqual([])

  expect(await b.runtime.restore()).toEqual([runId])
  expect(b.runtime.policies.list(runId).map(describeRule)).toEqual([
    'allow create_task for this run',
  ])
  await b.runtime.sendInput(runId, 'create second')
  await waitForRun(b.runtime, runId, 'awaitingInput', { timeoutMs: 20_000 })
  expect(resolutions(b, runId).map((e) => e.decidedBy)).toEqual(['user', 'policy'])
  expect((await b.workspace.readTasks()).map((t) => t.title)).toEqual(['first', 'second'])
})

test('a run rule revoked at its owner does not come back when another node takes the run over', async () => {
  const { a, b } = await twoNodes()
  const runId = a.runtime.startRun({ input: 'create first' })
  const card = await cardOf(a, runId)
  await b.runtime.submitConfirmation(runId, card.confirmationId, 'allow', {
    digest: card.digest,
    remember: 'run',
  })
  await waitForRun(a.runtime, runId, 'awaitingInput')
  const [rule] = a.runtime.policies.list(runId)
  expect(a.runtime.policies.revoke(rule?.id ?? '')).toBe(true)
  await a.runtime.close()

  expect(await b.runtime.restore()).toEqual([runId])
  expect(b.runtime.policies.list(runId)).toEqual([])
  // The next create_task asks the user again.
  await b.runtime.sendInput(runId, 'create second')
  await cardOf(b, runId)
  expect(b.runtime.view(runId).value).toBe('awaitingConfirmation')
})

test('a rule forged into a stored decision is reported and ignored; the decision still goes', async () => {
  const { a, errorsAtA } = await twoNodes()
  const runId = a.runtime.startRun({ input: 'create first' })
  const forged = [
    {
      keep: { tool: 'create_task', effect: 'allow', scope: 'run', runId: 'other-run' },
      why: 'names run other-run',
    },
    { keep: { tool: 'create_task', effect: 'allow', scope: 'forever', runId }, why: 'scope' },
    {
      keep: { tool: 'delete_task', effect: 'allow', scope: 'run', runId },
      why: 'names delete_task',
    },
    { keep: { tool: 'create_task', effect: 'deny', scope: 'run', runId }, why: 'would deny' },
    { keep: { tool: 'create_task', effect: 'allow', scope: 'always' }, why: 'never kept always' },
  ]
  for (const [n, { keep, why }] of forged.entries()) {
    if (n > 0) a.runtime.sendInput(runId, `create next-${n}`)
    const card = await cardOf(a, runId)
    // What a tampered row looks like: a user's "allow" carrying a rule the user never chose.
    await a.store.pool.query(
      `UPDATE studypulse.pending_confirmations SET decision = 'allow', decided_by = 'user',
         rule = 'kept as a rule: a forged one', keep = $2::json, decided_at = now()
       WHERE confirmation_id = $1`,
      [card.confirmationId, JSON.stringify(keep)],
    )
    await a.store.pool.query('SELECT pg_notify($1, $2)', [DECISIONS_CHANNEL, runId])
    await waitForRun(a.runtime, runId, 'awaitingInput')
    const refused = errorsAtA.filter((e) => e instanceof AgentError)
    expect(refused).toHaveLength(n + 1)
    expect((refused[n] as AgentError).code).toBe('policy_not_allowed')
    expect((refused[n] as AgentError).message).toContain(why)
  }
  expect(a.runtime.policies.list()).toEqual([])
  // The log does not claim a rule was kept.
  expect(resolutions(a, runId).map((e) => [e.decidedBy, e.rule])).toEqual(
    forged.map(() => ['user', undefined]),
  )
  expect(await a.workspace.readTasks()).toHaveLength(forged.length)
  // The next card of the run still asks.
  await a.runtime.sendInput(runId, 'create last')
  await cardOf(a, runId)
  expect(a.runtime.view(runId).value).toBe('awaitingConfirmation')
})

test('"always deny" kept on one node denies the next call on another without a restart; its own rules stay', async () => {
  const { a, b } = await twoNodes()
  a.runtime.policies.add({ tool: 'create_task', effect: 'allow', scope: 'session' })
  const atB = b.runtime.startRun({ input: 'delete t-1' })
  const card = await cardOf(b, atB)
  await b.runtime.submitConfirmation(atB, card.confirmationId, 'deny', {
    digest: card.digest,
    remember: 'always',
  })
  await b.runtime.flush()
  await vi.waitFor(
    () => expect(a.runtime.policies.list().map(describeRule)).toContain('always deny delete_task'),
    { timeout: 20_000 },
  )
  expect(a.runtime.policies.list().map(describeRule)).toContain(
    'allow create_task for this session',
  )

  const atA = a.runtime.startRun({ input: 'delete t-2' })
  await waitForRun(a.runtime, atA, 'awaitingInput', { timeoutMs: 20_000 })
  expect(resolutions(a, atA)).toMatchObject([
    {
      decision: 'deny',
      decidedBy: 'policy',
      rule: expect.stringContaining('always deny delete_task'),
    },
  ])
  expect(await a.store.readJournal(atA)).toEqual([])

  // A revocation on B reaches A the same way.
  const kept = b.runtime.policies.list().find((r) => r.scope === 'always')
  expect(b.runtime.policies.revoke(kept?.id ?? '')).toBe(true)
  await vi.waitFor(
    () =>
      expect(a.runtime.policies.list().map(describeRule)).toEqual([
        'allow create_task for this session',
      ]),
    { timeout: 20_000 },
  )
})

test('"always" rules kept on two nodes at the same moment are both kept, and both nodes hold both', async () => {
  const { a, b } = await twoNodes()
  await a.runtime.restore()
  await b.runtime.restore()
  a.runtime.policies.add({ tool: 'delete_task', effect: 'deny', scope: 'always' })
  b.runtime.policies.add({ tool: 'run_code', effect: 'deny', scope: 'always' })
  await Promise.all([a.runtime.flush(), b.runtime.flush()])
  const kept = (node: TestNode) => node.runtime.policies.list().map(describeRule).sort()
  await vi.waitFor(() => {
    expect(kept(a)).toEqual(['always deny delete_task', 'always deny run_code'])
    expect(kept(b)).toEqual(['always deny delete_task', 'always deny run_code'])
  })
  expect((await a.store.loadPolicies()).rules).toHaveLength(2)
  // A revokes its own rule: B's stays, everywhere.
  const own = a.runtime.policies.list().find((r) => r.tool === 'delete_task')
  a.runtime.policies.revoke(own?.id ?? '')
  await a.runtime.flush()
  await vi.waitFor(() => expect(kept(b)).toEqual(['always deny run_code']))
  expect((await b.store.loadPolicies()).rules.map((r) => r.tool)).toEqual(['run_code'])
})
