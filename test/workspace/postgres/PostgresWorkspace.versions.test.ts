import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, test } from 'vitest'
import { postgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import type { JournalRecord } from '../../../vocabulary/JournalRecord.ts'
import { toolOk } from '../../../vocabulary/ToolResult.ts'
import { PostgresWorkspace } from '../../../workspace/postgres/PostgresWorkspace.ts'
import { fileDatabase } from '../../helpers/postgres.ts'
import { storedTask } from '../../helpers/studyFixtures.ts'
import { makeTempDirs } from '../tempDir.ts'
import { versionedWritesContract } from '../versionedWritesContract.ts'

const tempDir = makeTempDirs()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/** A node: its own pool on the file's database, on workspace `workspaceId`. */
async function node(workspaceId: string = randomUUID()): Promise<PostgresWorkspace> {
  const db = await fileDatabase()
  const workspace = await PostgresWorkspace.open(
    { connectionString: db.url },
    { workspaceId, sourcesDir: await tempDir() },
  )
  closers.push(() => workspace.close())
  return workspace
}

versionedWritesContract('PostgresWorkspace', () => node())

describe('PostgresWorkspace versions across nodes', () => {
  test('a version another node moved is refused here, and nothing is written', async () => {
    const here = await node()
    const there = await node(here.workspaceId)
    await here.upsertTask(storedTask('a', 'Review chapter 3'))
    const shown = (await here.readTask('a'))?.version ?? ''
    const moved = await there.updateTaskAt(storedTask('a', 'Renamed on node 2'), shown)
    expect(moved.ok).toBe(true)
    expect(await here.deleteTaskAt('a', shown)).toMatchObject({
      ok: false,
      code: 'target_changed',
      current: { value: { title: 'Renamed on node 2' } },
    })
    expect((await here.readTasks()).map((t) => t.title)).toEqual(['Renamed on node 2'])
  })

  test('six nodes writing at one version at once: exactly one lands', async () => {
    const first = await node()
    const nodes = [
      first,
      ...(await Promise.all(Array.from({ length: 5 }, () => node(first.workspaceId)))),
    ]
    await first.upsertTask(storedTask('a'))
    await first.appendMemory('I study in the morning')
    const [entry] = await first.readMemory()
    const task = (await first.readTask('a'))?.version ?? ''
    const memory = (await first.readMemoryEntry(entry?.id ?? ''))?.version ?? ''
    await first.saveArtifact('Exam plan', 'v1')
    const note = (await first.readArtifact('exam-plan'))?.version ?? null
    const updates = await Promise.all(
      nodes.map((n, i) => n.updateTaskAt(storedTask('a', `Node ${i}`), task)),
    )
    const forgets = await Promise.all(nodes.map((n) => n.forgetMemoryAt(entry?.id ?? '', memory)))
    const saves = await Promise.all(
      nodes.map((n, i) => n.saveArtifactAt('Exam plan', `Node ${i}`, note)),
    )
    const creates = await Promise.all(
      nodes.map((n, i) => n.saveArtifactAt('New note', `Node ${i}`, null)),
    )
    for (const outcomes of [updates, forgets, saves, creates]) {
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    }
    const winner = updates.findIndex((o) => o.ok)
    expect((await first.readTask('a'))?.value.title).toBe(`Node ${winner}`)
    expect(await first.readMemory()).toEqual([])
    expect((await first.readArtifact('exam-plan'))?.value.content).toBe(
      `Node ${saves.findIndex((o) => o.ok)}`,
    )
    expect((await first.readArtifact('new-note'))?.value.content).toBe(
      `Node ${creates.findIndex((o) => o.ok)}`,
    )
  })

  test('inside a tool effect’s transaction a stale version writes nothing and the outcome still commits', async () => {
    const db = await fileDatabase()
    const store = await postgresRunStore({ connectionString: db.url })
    closers.push(() => store.close())
    const here = await node()
    const there = await node(here.workspaceId)
    await here.upsertTask(storedTask('a'))
    const shown = (await here.readTask('a'))?.version ?? ''
    const at = '2026-11-30T09:00:00.000Z'
    await store.commit('r1', { journal: [{ type: 'intent', callId: 'c1', digest: 'd', at }] })
    const outcome = (result: unknown): JournalRecord => ({
      type: 'outcome',
      callId: 'c1',
      digest: 'd',
      result: toolOk(result),
      at,
    })
    await there.upsertTask(storedTask('a', 'Moved'))
    const written = await here.withOutcome('r1', (tx) => tx.deleteTaskAt('a', shown), outcome)
    expect(written).toMatchObject({ ok: false, code: 'target_changed' })
    expect((await here.readTasks()).map((t) => t.title)).toEqual(['Moved'])
    expect(await store.readJournal('r1')).toHaveLength(2)
  })
})
