// What one confirmed `create_task` run sends to PostgreSQL, statement by statement, and which of
// those commits wait for the disk: the target is at most 5 statements and 2 waiting
// commits on the run's path (from its start to its rest after the call).
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, expect, test } from 'vitest'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { postgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { PostgresWorkspace } from '../../../workspace/postgres/PostgresWorkspace.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { taskModel } from '../../machines/multiNode/nodeRuntime.ts'

const sent: string[] = []
const original = pg.Client.prototype.query
let counting = false
// Every statement any connection of this process sends, while counting.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0]
  const text = typeof first === 'string' ? first : (first as { text?: string })?.text
  if (counting && typeof text === 'string') sent.push(text.replace(/\s+/g, ' ').trim())
  return (original as (...a: unknown[]) => unknown).apply(this, args)
} as typeof pg.Client.prototype.query
afterAll(() => {
  pg.Client.prototype.query = original
})

test('a confirmed create_task run: the statements it sends', async () => {
  const db = await freshDatabase()
  const store = await postgresRunStore({ connectionString: db.url }, { ownerId: 'node-a' })
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
    counting = true
    const runId = runtime.startRun({ input: 'create Read chapter 3' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.flush()
    const pending = runtime.view(runId).pending
    await runtime.submitConfirmation(runId, pending?.confirmationId ?? '', 'allow', {
      digest: pending?.digest ?? '',
    })
    await waitForRun(runtime, runId, 'awaitingInput')
    await runtime.flush()
    counting = false
    console.log(sent.join('\n'))
    expect((await workspace.readTasks()).map((t) => t.title)).toContain('Read chapter 3')
  } finally {
    counting = false
    await runtime.close()
    await workspace.close()
    await store.close()
  }
})
