// What one confirmed `create_task` run sends to PostgreSQL, statement by statement, and how many
// of its commits wait for the disk. Issue 37's target is at most 4 statements and 1 waiting
// commit; before it the run sent 10 (claim, first save, decision, BEGIN, the locked target row,
// the task, the change kept for undo, intent and outcome, COMMIT, save) and waited for 5. Now the
// claim rides in the first save (`claimNew`), the decision, the effect, the kept change, the
// intent and the outcome are one statement (the only commit that waits), and the first save and
// the save after the call commit without waiting (`synchronous_commit = off` for that statement
// alone). The counts are exact so that a change in either direction is seen here.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, expect, test } from 'vitest'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { postgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { PostgresWorkspace } from '../../../workspace/postgres/PostgresWorkspace.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { taskModel } from '../../machines/multiNode/nodeRuntime.ts'

interface Sent {
  text: string
  client: pg.Client
}
const sent: Sent[] = []
const original = pg.Client.prototype.query
let counting = false
// Every statement the workload's connections send while counting (not the lease heartbeat's).
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0]
  const text = typeof first === 'string' ? first : (first as { text?: string })?.text
  const name = (this as unknown as { connectionParameters?: { application_name?: string } })
    .connectionParameters?.application_name
  if (counting && typeof text === 'string' && !name?.startsWith('studypulse-leases'))
    sent.push({ text: text.replace(/\s+/g, ' ').trim(), client: this })
  return (original as (...a: unknown[]) => unknown).apply(this, args)
} as typeof pg.Client.prototype.query
afterAll(() => {
  pg.Client.prototype.query = original
})

const writes = /\b(INSERT|UPDATE|DELETE)\b|studypulse\.commit_/i

const relaxed = /set_config\('synchronous_commit', 'off', true\)/

/**
 * Commits that wait for the WAL flush: each write outside BEGIN…COMMIT, and each COMMIT, unless
 * its statement turns `synchronous_commit` off for itself.
 */
function waitingCommits(statements: readonly Sent[]): number {
  const open = new Set<pg.Client>()
  let commits = 0
  for (const { text, client } of statements) {
    if (text === 'BEGIN') open.add(client)
    else if (text === 'COMMIT') {
      open.delete(client)
      commits++
    } else if (text === 'ROLLBACK') open.delete(client)
    else if (!open.has(client) && writes.test(text) && !relaxed.test(text)) commits++
  }
  return commits
}

async function confirmedRun(runtime: AgentRuntime, title: string): Promise<void> {
  const runId = runtime.startRun({ input: `create ${title}` })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  await runtime.flush()
  const pending = runtime.view(runId).pending
  await runtime.submitConfirmation(runId, pending?.confirmationId ?? '', 'allow', {
    digest: pending?.digest ?? '',
  })
  await waitForRun(runtime, runId, 'awaitingInput')
  await runtime.flush()
}

test('a confirmed create_task run: 3 statements, 1 of its commits waiting for the disk', async () => {
  const db = await freshDatabase()
  const store = await postgresRunStore(
    { connectionString: db.url },
    { ownerId: 'node-a', auditCheckpointEveryMs: 0 },
  )
  await store.listening()
  const workspace = await PostgresWorkspace.open(
    { pool: store.pool },
    { workspaceId: 'w', sourcesDir: await mkdtemp(join(tmpdir(), 'sp-sources-')) },
  )
  const runtime = createAgentRuntime({
    model: taskModel(),
    tools: createToolRegistry(),
    workspace,
    store,
  })
  try {
    // The first run also reads what a runtime reads once (the rules); the second is the path.
    await confirmedRun(runtime, 'Warm up')
    counting = true
    await confirmedRun(runtime, 'Read chapter 3')
    counting = false
    const kinds = sent.map(({ text }) =>
      text.startsWith('WITH taken AS')
        ? 'claim'
        : text.includes('studypulse.commit_started_run(')
          ? 'first save, with the claim'
          : text.includes('studypulse.commit_run(')
            ? 'save'
            : text.includes('UPDATE studypulse.pending_confirmations') &&
                text.includes('INSERT INTO studypulse.tasks')
              ? 'decision, task, change kept for undo, intent and outcome'
              : text,
    )
    expect(kinds).toEqual([
      'first save, with the claim',
      'decision, task, change kept for undo, intent and outcome',
      'save',
    ])
    expect(waitingCommits(sent)).toBe(1)
    expect((await workspace.readTasks()).map((t) => t.title)).toContain('Read chapter 3')
    // Both runs' audit lines, each run its own chain.
    expect((await store.readAudit()).map((r) => r.outcome)).toEqual(['completed', 'completed'])
  } finally {
    counting = false
    await runtime.close()
    await workspace.close()
    await store.close()
  }
})

test('a flush while the allowed call commits saves nothing of it before its compare-and-set', async () => {
  const db = await freshDatabase()
  const store = await postgresRunStore(
    { connectionString: db.url },
    { ownerId: 'node-a', auditCheckpointEveryMs: 0 },
  )
  await store.listening()
  const workspace = await PostgresWorkspace.open(
    { pool: store.pool },
    { workspaceId: 'w', sourcesDir: await mkdtemp(join(tmpdir(), 'sp-sources-')) },
  )
  const runtime = createAgentRuntime({
    model: taskModel(),
    tools: createToolRegistry(),
    workspace,
    store,
  })
  try {
    const runId = runtime.startRun({ input: 'create Flushed meanwhile' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.flush()
    const pending = runtime.view(runId).pending
    const deciding = runtime.submitConfirmation(runId, pending?.confirmationId ?? '', 'allow', {
      digest: pending?.digest ?? '',
    })
    // Another page's request flushes every run while this one's call is being committed.
    await runtime.flush()
    await deciding
    await waitForRun(runtime, runId, 'awaitingInput')
    await runtime.flush()
    expect((await workspace.readTasks()).map((t) => t.title)).toContain('Flushed meanwhile')
    expect((await store.readAudit()).map((r) => r.outcome)).toEqual(['completed'])
  } finally {
    await runtime.close()
    await workspace.close()
    await store.close()
  }
})

test('an allow at the owner that another decision beat: nothing written, the run restored with the winner', async () => {
  const db = await freshDatabase()
  const store = await postgresRunStore(
    { connectionString: db.url },
    { ownerId: 'node-a', auditCheckpointEveryMs: 0 },
  )
  await store.listening()
  const workspace = await PostgresWorkspace.open(
    { pool: store.pool },
    { workspaceId: 'w', sourcesDir: await mkdtemp(join(tmpdir(), 'sp-sources-')) },
  )
  const runtime = createAgentRuntime({
    model: taskModel(),
    tools: createToolRegistry(),
    workspace,
    store,
  })
  const admin = new pg.Client({ connectionString: db.url })
  await admin.connect()
  try {
    const runId = runtime.startRun({ input: 'create Beaten' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.flush()
    const pending = runtime.view(runId).pending
    // Another node's denial, taken in the database, whose notice has not reached this node yet.
    await admin.query(
      `UPDATE studypulse.pending_confirmations SET decision = 'deny', decided_by = 'user',
         decided_at = now() WHERE confirmation_id = $1`,
      [pending?.confirmationId],
    )
    const allowed = await runtime
      .submitConfirmation(runId, pending?.confirmationId ?? '', 'allow', {
        digest: pending?.digest ?? '',
      })
      .catch((error: unknown) => error)
    expect(allowed).toMatchObject({ code: 'confirmation_not_found' })
    await waitForRun(runtime, runId, 'awaitingInput')
    await runtime.flush()
    expect(await workspace.readTasks()).toEqual([])
    const kinds = (await store.readEvents(runId)).map((e) => e.kind)
    expect(kinds).not.toContain('toolCompleted')
    expect(kinds).toContain('confirmationResolved')
    expect((await store.readAudit()).map((r) => r.outcome)).toEqual(['denied'])
  } finally {
    await admin.end()
    await runtime.close()
    await workspace.close()
    await store.close()
  }
})
