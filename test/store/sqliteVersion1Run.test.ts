// A run the folder store saved in version 1 (its event log inside the snapshot), imported by the
// SQLite store with the rest of an old folder and loaded as version 2.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'

const fixture = join(import.meta.dirname, 'fixtures', 'v1-run')
const roots: string[] = []
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true })
})

describe('the SQLite store reads runs the folder store saved in version 1', () => {
  test('a snapshot with the event log inside loads as version 2, and the log catches up once', async () => {
    const root = await mkdtemp(join(tmpdir(), 'studypulse-v1-'))
    roots.push(root)
    await cp(fixture, join(root, 'runs', 'r-v1'), { recursive: true })
    const v1 = JSON.parse(await readFile(join(fixture, 'snapshot.json'), 'utf8'))
    // The fixture's log lacks the snapshot's last two events.
    expect((await readFile(join(fixture, 'events.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(
      v1.context.events.length - 2,
    )
    const store = sqliteRunStore(root)
    try {
      expect(await store.listOpenRuns()).toEqual(['r-v1'])
      // Saved before the run list existed (no runs/index.jsonl): listed as the folder store listed
      // it, from its first event and its first message, never left out of the list.
      expect((await store.listRuns()).runs).toMatchObject([
        { runId: 'r-v1', startedAt: '2026-11-29T18:00:00.000Z', title: 'Plan my week' },
      ])
      const loaded = await store.loadRun('r-v1')
      expect(loaded?.eventsAhead).toBe(0)
      expect(loaded?.snapshot).toMatchObject({
        version: 2,
        runId: 'r-v1',
        value: 'awaitingInput',
        lastSeq: 5,
      })
      const persisted = loaded?.snapshot.snapshot as {
        children: object
        context: Record<string, unknown>
      }
      // The model's invoked actor is gone and the log left the context.
      expect(persisted.children).toEqual({})
      expect(persisted.context).not.toHaveProperty('events')
      expect(persisted.context.messages).toEqual(v1.context.messages)
      // The events the old log had missed are now in it, once.
      expect(await store.readEvents('r-v1')).toEqual(v1.context.events)
      await store.loadRun('r-v1')
      expect(await store.readEvents('r-v1')).toEqual(v1.context.events)
    } finally {
      await store.close()
    }
  })
})
