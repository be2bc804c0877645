import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { postgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import type { JournalRecord } from '../../../vocabulary/JournalRecord.ts'
import { toolOk } from '../../../vocabulary/ToolResult.ts'
import { atomicOutcomesOf } from '../../../workspace/AtomicOutcomes.ts'
import { PostgresWorkspace } from '../../../workspace/postgres/PostgresWorkspace.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import { workspaceParts } from '../../../workspace/WorkspaceChange.ts'
import { WorkspaceError } from '../../../workspace/WorkspaceError.ts'
import { fileDatabase } from '../../helpers/postgres.ts'
import { studyWorkspaceContract } from '../studyWorkspaceContract.ts'
import { makeTempDirs } from '../tempDir.ts'

const tempDir = makeTempDirs()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function openWorkspace(
  options: { workspaceId?: string; clock?: () => Date; generateId?: () => string } = {},
) {
  const db = await fileDatabase()
  const workspace = await PostgresWorkspace.open(
    { connectionString: db.url },
    { workspaceId: options.workspaceId ?? randomUUID(), sourcesDir: await tempDir(), ...options },
  )
  closers.push(() => workspace.close())
  return workspace
}

studyWorkspaceContract('PostgresWorkspace', async (options) => {
  const workspace = await openWorkspace(options)
  return { workspace, sourcesDir: workspace.sourcesDir }
})

const at = '2026-11-30T09:00:00.000Z'
const task = (id: string) => ({
  id,
  title: `Task ${id}`,
  done: false,
  createdAt: at,
  updatedAt: at,
})

describe('PostgresWorkspace', () => {
  test('workspaces on one database keep their data apart', async () => {
    const one = await openWorkspace()
    const two = await openWorkspace()
    await one.upsertTask(task('a'))
    await two.upsertTask(task('a'))
    await two.upsertTask(task('b'))
    await one.appendMemory('only in one')
    expect((await one.readTasks()).map((t) => t.id)).toEqual(['a'])
    expect((await two.readTasks()).map((t) => t.id)).toEqual(['a', 'b'])
    expect(await two.readMemory()).toEqual([])
    // Reopening by id finds the same data.
    const again = await openWorkspace({ workspaceId: one.workspaceId })
    expect((await again.readMemory()).map((m) => m.text)).toEqual(['only in one'])
    expect(again.location).toContain(`#${one.workspaceId}`)
  })

  test('its location names the server and database it was opened on, never the password', async () => {
    const db = await fileDatabase()
    const url = new URL(db.url)
    const workspace = await openWorkspace()
    expect(workspace.location).toBe(
      `postgresql://${url.hostname}:${url.port}${url.pathname}#${workspace.workspaceId}`,
    )
    if (url.password !== '') expect(workspace.location).not.toContain(url.password)
  })

  test('nodes starting together seed the first notebook once', async () => {
    const db = await fileDatabase()
    const workspaceId = randomUUID()
    const sourcesDir = await tempDir()
    // Each node has its own pool, as separate processes would.
    const nodes = await Promise.all(
      Array.from({ length: 6 }, () =>
        PostgresWorkspace.open({ connectionString: db.url }, { workspaceId, sourcesDir }),
      ),
    )
    closers.push(async () => {
      for (const node of nodes) await node.close()
    })
    const seed = { title: 'Biology 101', sources: ['lecture-1.md'] }
    const firsts = await Promise.all(nodes.map((node) => node.firstNotebook(seed)))
    expect(new Set(firsts.map((n) => n?.id)).size).toBe(1)
    expect(await nodes[0]?.readNotebooks()).toEqual([firsts[0]])
    // Without a seed, nothing is created.
    expect(await (await openWorkspace()).firstNotebook()).toBeUndefined()
  })

  test('nodes opening a new workspace together start it with the folder workspace’s sample records, once', async () => {
    const db = await fileDatabase()
    const workspaceId = randomUUID()
    const sourcesDir = await tempDir()
    const folder = await Workspace.openOrCreate(await tempDir(), { samples: true })
    const nodes = await Promise.all(
      Array.from({ length: 6 }, () =>
        PostgresWorkspace.open(
          { connectionString: db.url },
          { workspaceId, sourcesDir, samples: true },
        ),
      ),
    )
    closers.push(async () => {
      for (const node of nodes) await node.close()
    })
    const shape = async (ws: Workspace | PostgresWorkspace) => ({
      notebooks: (await ws.readNotebooks()).map((n) => [n.title, n.sources]),
      tasks: (await ws.readTasks()).map((t) => [t.title, t.importance, t.done]),
      memory: (await ws.readMemory()).map((m) => m.text),
    })
    const seeded = await shape(nodes[0] as PostgresWorkspace)
    expect(seeded).toEqual(await shape(folder))
    expect(seeded.notebooks).toHaveLength(1)
    expect(seeded.tasks).toHaveLength(2)
    expect(seeded.memory).toHaveLength(1)
    // Opened again (a node restarting), an existing workspace is not seeded again, even emptied.
    await nodes[0]?.appendMemory('mine')
    const again = await PostgresWorkspace.open(
      { connectionString: db.url },
      { workspaceId, sourcesDir, samples: true },
    )
    closers.push(() => again.close())
    expect((await again.readMemory()).map((m) => m.text)).toEqual([...seeded.memory, 'mine'])
    expect(await again.readTasks()).toHaveLength(2)
    // Without `samples`, a new workspace starts empty.
    const empty = await openWorkspace()
    expect(await empty.readNotebooks()).toEqual([])
  })

  test('a row that fails its schema is refused as corrupt, naming the table', async () => {
    const workspace = await openWorkspace()
    await workspace.upsertTask(task('a'))
    const db = await fileDatabase()
    const pool = db.pool()
    await pool.query(
      `UPDATE studypulse.tasks SET task = '{"id": "a", "title": 7}' WHERE workspace_id = $1`,
      [workspace.workspaceId],
    )
    const error = await workspace.readTasks().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorkspaceError)
    expect(error).toMatchObject({ code: 'corrupt_file', file: 'studypulse.tasks' })
  })

  describe('a tool effect and its journal outcome commit together', () => {
    const outcome = (callId: string): JournalRecord => ({
      type: 'outcome',
      callId,
      digest: `digest-${callId}`,
      result: toolOk({ saved: callId }),
      at,
    })

    test('both land, and the run store reads the outcome in the run’s journal', async () => {
      const db = await fileDatabase()
      const store = await postgresRunStore({ connectionString: db.url })
      closers.push(() => store.close())
      const workspace = await openWorkspace()
      expect(atomicOutcomesOf(workspace)).toBe(workspace)
      expect(atomicOutcomesOf(await Workspace.create(await tempDir()))).toBeUndefined()
      const intent: JournalRecord = { type: 'intent', callId: 'c1', digest: 'digest-c1', at }
      await store.commit('r1', { journal: [intent] })

      const saved = await workspace.withOutcome(
        'r1',
        (tx) => tx.upsertTask(task('from-tool')),
        () => outcome('c1'),
      )
      expect(saved.id).toBe('from-tool')
      expect((await workspace.readTasks()).map((t) => t.id)).toEqual(['from-tool'])
      expect(await store.readJournal('r1')).toEqual([intent, outcome('c1')])
    })

    test('when the effect fails half way, neither its writes nor an outcome remain', async () => {
      const db = await fileDatabase()
      const store = await postgresRunStore({ connectionString: db.url })
      closers.push(() => store.close())
      const workspace = await openWorkspace()
      await store.commit('r2', { journal: [{ type: 'intent', callId: 'c2', digest: 'd', at }] })
      const failure = await workspace
        .withOutcome(
          'r2',
          async (tx) => {
            await tx.upsertTask(task('half'))
            await tx.appendMemory('half')
            throw new Error('the tool crashed after writing')
          },
          () => outcome('c2'),
        )
        .catch((e: unknown) => e)
      expect(failure).toMatchObject({ message: 'the tool crashed after writing' })
      expect(await workspace.readTasks()).toEqual([])
      expect(await workspace.readMemory()).toEqual([])
      expect(await store.readJournal('r2')).toHaveLength(1)
    })

    test('with an owner, the effect runs only while that owner holds the run', async () => {
      const db = await fileDatabase()
      const holder = await postgresRunStore({ connectionString: db.url }, { ownerId: 'holder' })
      const other = await postgresRunStore({ connectionString: db.url }, { ownerId: 'other' })
      closers.push(
        () => holder.close(),
        () => other.close(),
      )
      const workspace = await openWorkspace()
      expect(await holder.claim('r3')).toEqual({ ok: true })
      await holder.commit('r3', { journal: [{ type: 'intent', callId: 'c3', digest: 'd', at }] })

      // Not the holder: nothing is written, not even the effect.
      const refused = await workspace
        .withOutcome(
          'r3',
          (tx) => tx.upsertTask(task('stolen')),
          () => outcome('c3'),
          {
            owner: 'other',
          },
        )
        .catch((e: unknown) => e)
      expect(refused).toMatchObject({ code: 'run_owned_elsewhere' })
      expect(await workspace.readTasks()).toEqual([])

      // The holder writes both; once it has given the run up, it may not any more.
      const saved = await workspace.withOutcome(
        'r3',
        (tx) => tx.upsertTask(task('mine')),
        () => outcome('c3'),
        { owner: 'holder' },
      )
      expect(saved.id).toBe('mine')
      expect((await other.readJournal('r3')).map((r) => r.type)).toEqual(['intent', 'outcome'])
      await holder.unclaim('r3')
      const late = await workspace
        .withOutcome(
          'r3',
          (tx) => tx.upsertTask(task('late')),
          () => outcome('c3'),
          {
            owner: 'holder',
          },
        )
        .catch((e: unknown) => e)
      expect(late).toMatchObject({ code: 'run_owned_elsewhere' })
      expect((await workspace.readTasks()).map((t) => t.id)).toEqual(['mine'])
    })
  })
})

describe('PostgresWorkspace tells its watchers what any node changed', () => {
  test("another node's writes are heard by part; another workspace's are not", async () => {
    const watched = await openWorkspace()
    // Another node: its own pool on the same database and workspace id.
    const otherNode = await openWorkspace({ workspaceId: watched.workspaceId })
    const elsewhere = await openWorkspace()
    const heard: string[][] = []
    const stop = watched.watchChanges((change) => heard.push([...change.parts]))
    closers.push(async () => stop())
    // Notices sent before the listener listens are not heard: once it does, it tells every part
    // (read everything again), and from then on each notice is heard.
    await vi.waitFor(() => expect(heard).toContainEqual([...workspaceParts]), { timeout: 10_000 })
    heard.length = 0
    await elsewhere.appendMemory('not ours')
    await otherNode.upsertTask(task('from-node-2'))
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0))
    expect(heard[0]).toEqual(['tasks'])
    await otherNode.saveArtifact('Plan', 'text')
    await vi.waitFor(() => expect(heard.flat()).toContain('notes'))
    const current = await otherNode.readTask('from-node-2')
    if (current === undefined) throw new Error('the task is not there')
    await otherNode.updateTaskAt({ ...current.value, done: true }, current.version)
    await vi.waitFor(() => expect(heard.flat().filter((p) => p === 'tasks')).toHaveLength(2))
    expect(heard.flat()).not.toContain('memory')
  })
})
