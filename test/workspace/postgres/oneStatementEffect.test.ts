// A PostgresWorkspace effect that only creates rows goes as one statement with its decision,
// kept change, intent and outcome (issue 37); anything else, or a key already taken, runs in the
// interactive transaction. Both paths take the card's compare-and-set with them when given one.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterEach, expect, test } from 'vitest'
import { postgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import type { JournalRecord } from '../../../vocabulary/JournalRecord.ts'
import type { ChangeCommit } from '../../../workspace/changes/ChangeCommit.ts'
import { type KeptChange, keptChangeVersion } from '../../../workspace/changes/KeptChange.ts'
import { planChange, recordSet } from '../../../workspace/changes/recordPatches.ts'
import { PostgresWorkspace } from '../../../workspace/postgres/PostgresWorkspace.ts'
import type { StudyWorkspace } from '../../../workspace/StudyWorkspace.ts'
import { fileDatabase } from '../../helpers/postgres.ts'
import { makeTempDirs } from '../tempDir.ts'

const tempDir = makeTempDirs()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

const at = '2026-12-02T09:00:00.000Z'
const intent: JournalRecord = { type: 'intent', callId: 'c1', digest: 'd1', at }
const outcome = (ok: boolean): JournalRecord => ({
  type: 'outcome',
  callId: 'c1',
  digest: 'd1',
  result: ok
    ? { ok: true, data: {} }
    : { ok: false, error: { code: 'target_changed', message: 'x' } },
  at,
})

async function setUp() {
  const db = await fileDatabase()
  const store = await postgresRunStore(
    { connectionString: db.url },
    { ownerId: 'node-a', auditCheckpointEveryMs: 0 },
  )
  const workspace = await PostgresWorkspace.open(
    { pool: store.pool },
    { workspaceId: randomUUID(), sourcesDir: await tempDir() },
  )
  const admin = new pg.Client({ connectionString: db.url })
  await admin.connect()
  closers.push(
    () => store.close(),
    () => workspace.close(),
    () => admin.end(),
  )
  const runId = randomUUID()
  const cardId = randomUUID()
  expect(await store.claim(runId)).toEqual({ ok: true })
  await admin.query(
    'INSERT INTO studypulse.pending_confirmations (confirmation_id, run_id, digest) VALUES ($1, $2, $3)',
    [cardId, runId, 'digest-1'],
  )
  const card = async () =>
    (
      await admin.query<{ decision: string | null; decider: unknown }>(
        'SELECT decision, decider FROM studypulse.pending_confirmations WHERE confirmation_id = $1',
        [cardId],
      )
    ).rows[0]
  // Every statement the workspace's pool sends from here on.
  const sent: string[] = []
  const query = store.pool.query.bind(store.pool) as (...args: unknown[]) => unknown
  ;(store.pool as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args[0] === 'string') sent.push(args[0])
    return query(...args)
  }
  const decision = {
    confirmationId: cardId,
    digest: 'digest-1',
    decidedBy: 'user' as const,
    decider: { id: 'ada' },
  }
  return { store, workspace, runId, card, sent, decision }
}

// A new task as create_task makes it: a planned change of one record that did not exist.
function createTask(id: string) {
  return async (workspace: StudyWorkspace): Promise<ChangeCommit> => {
    const task = { id, title: `Task ${id}`, done: false, createdAt: at, updatedAt: at }
    const plan = planChange(recordSet(), (draft) => {
      draft.task[id] = task
    })
    const change: KeptChange = {
      version: keptChangeVersion,
      changeId: `change-${id}`,
      tool: 'create_task',
      at,
      records: plan.records,
      patches: plan.patches,
      inversePatches: plan.inversePatches,
    }
    return workspace.commitChange(change, plan.writes)
  }
}

test('a new task, its kept change, the decision, intent and outcome: one statement', async () => {
  const { store, workspace, runId, card, sent, decision } = await setUp()
  const committed = await workspace.withOutcome(runId, createTask('t1'), () => outcome(true), {
    owner: 'node-a',
    intent,
    decision,
  })
  expect(committed.ok).toBe(true)
  expect(sent).toHaveLength(1)
  expect((await workspace.readTasks()).map((t) => t.id)).toEqual(['t1'])
  expect(await workspace.readChange('change-t1')).toMatchObject({ tool: 'create_task' })
  expect((await store.readJournal(runId)).map((r) => r.type)).toEqual(['intent', 'outcome'])
  expect(await card()).toEqual({ decision: 'allow', decider: { id: 'ada' } })
})

test('a card another decision took first: nothing written, on either path', async () => {
  const { store, workspace, runId, card, decision } = await setUp()
  const denied = await store.cluster.offerDecision(runId, {
    confirmationId: decision.confirmationId,
    decision: 'deny',
    decidedBy: 'user',
  })
  expect(denied.ok).toBe(true)
  const oneStatement = await workspace
    .withOutcome(runId, createTask('t1'), () => outcome(true), { owner: 'node-a', decision })
    .catch((error: unknown) => error)
  expect(oneStatement).toMatchObject({ code: 'card_decided_elsewhere' })
  // An update is no create: the interactive transaction, its compare-and-set first.
  const interactive = await workspace
    .withOutcome(
      runId,
      (tx) => tx.upsertTask({ id: 't2', title: 'T2', done: false, createdAt: at, updatedAt: at }),
      () => outcome(true),
      { owner: 'node-a', decision },
    )
    .catch((error: unknown) => error)
  expect(interactive).toMatchObject({ code: 'card_decided_elsewhere' })
  expect(await workspace.readTasks()).toEqual([])
  expect(await store.readJournal(runId)).toEqual([])
  expect((await card())?.decision).toBe('deny')
})

test('a key already taken: the interactive path says target_changed, nothing else written', async () => {
  const { store, workspace, runId, card, sent, decision } = await setUp()
  await workspace.upsertTask({
    id: 't1',
    title: 'There first',
    done: false,
    createdAt: at,
    updatedAt: at,
  })
  sent.length = 0
  const committed = await workspace.withOutcome(
    runId,
    createTask('t1'),
    (result) => outcome(result.ok),
    { owner: 'node-a', decision },
  )
  expect(committed).toMatchObject({ ok: false, code: 'target_changed', id: 't1' })
  // The one statement failed whole; the transaction then ran on a client of its own.
  expect(sent).toHaveLength(1)
  expect(sent[0]).toContain('INSERT INTO studypulse.tasks')
  expect((await workspace.readTasks()).map((t) => t.title)).toEqual(['There first'])
  expect(await workspace.readChange('change-t1')).toBeUndefined()
  expect((await store.readJournal(runId)).map((r) => r.type)).toEqual(['outcome'])
  expect((await card())?.decision).toBe('allow')
})

test('a save names the server it was read from: on another, nothing is written', async () => {
  const { store, runId } = await setUp()
  const { commitRun } = await import('../../../store/postgres/commitRun.ts')
  const saved = await commitRun(store.pool, 'node-a', runId, { journal: [intent] }, undefined, {
    serverStartedAt: '1999-01-01 00:00:00+00',
  }).catch((error: unknown) => error)
  expect(saved).toMatchObject({ code: 'store_unavailable' })
  expect(await store.readJournal(runId)).toEqual([])
})
