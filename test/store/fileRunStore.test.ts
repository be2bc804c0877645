import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { fileRunStore } from '../../store/fileRunStore.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { eventsOf, snapshotOf } from './runStoreContract.ts'

const fixture = join(import.meta.dirname, 'fixtures', 'v1-run')
const roots: string[] = []
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true })
})

describe('fileRunStore reads runs saved by version 1', () => {
  test('a snapshot with the event log inside loads as version 2, and the log catches up', async () => {
    const root = await mkdtemp(join(tmpdir(), 'studypulse-v1-'))
    roots.push(root)
    await cp(fixture, join(root, 'runs', 'r-v1'), { recursive: true })
    const v1 = JSON.parse(await readFile(join(fixture, 'snapshot.json'), 'utf8'))
    const store = fileRunStore(root)
    try {
      expect(await store.listOpenRuns()).toEqual(['r-v1'])
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
      // The two events the old log had missed are now in it, once.
      expect(await store.readEvents('r-v1')).toEqual(v1.context.events)
      await store.loadRun('r-v1')
      expect(await store.readEvents('r-v1')).toEqual(v1.context.events)
    } finally {
      await store.close()
    }
  })
})

describe('fileRunStore lists runs from an index read from its end', () => {
  const newRoot = async () => {
    const root = await mkdtemp(join(tmpdir(), 'studypulse-list-'))
    roots.push(root)
    return root
  }

  test('a folder saved before the run list is indexed once, oldest first, titled by its first message', async () => {
    const root = await newRoot()
    await cp(fixture, join(root, 'runs', 'r-v1'), { recursive: true })
    // A run saved by the code before the list: a v2 snapshot, its conversation in messages.jsonl.
    const old = fileRunStore(root)
    await old.commit('r-v2', {
      snapshot: { ...snapshotOf('r-v2', 1), messageCount: 2 },
      events: [{ ...eventsOf('r-v2', 1, 1)[0], at: '2026-11-30T08:00:00.000Z' } as AgentEvent],
      messages: {
        from: 0,
        items: [
          { role: 'system', content: 'You are StudyPulse.' },
          { role: 'user', content: '  what are\nmy tasks?  ' },
        ],
      },
    })
    await old.close()
    expect(existsSync(join(root, 'runs', 'index.jsonl'))).toBe(false)

    const store = fileRunStore(root)
    try {
      expect((await store.listRuns()).runs).toEqual([
        {
          runId: 'r-v2',
          startedAt: '2026-11-30T08:00:00.000Z',
          title: 'what are my tasks?',
          status: 'awaitingInput',
          pending: false,
        },
        {
          runId: 'r-v1',
          startedAt: '2026-11-29T18:00:00.000Z',
          title: 'Plan my week',
          status: 'awaitingInput',
          pending: false,
        },
      ])
      // A new run goes on top, appended; the old ones are not indexed again.
      await store.commit('r-new', {
        snapshot: snapshotOf('r-new', 1),
        events: eventsOf('r-new', 1, 1),
        started: { startedAt: '2026-12-01T10:00:00.000Z', title: 'new one' },
      })
      expect((await store.listRuns()).runs.map((r) => r.runId)).toEqual(['r-new', 'r-v2', 'r-v1'])
      const index = await readFile(join(root, 'runs', 'index.jsonl'), 'utf8')
      expect(index.trimEnd().split('\n')).toHaveLength(3)
    } finally {
      await store.close()
    }
  })

  test('a line torn by a crash mid-append is skipped, and the next run is not glued to it', async () => {
    const root = await newRoot()
    const store = fileRunStore(root)
    try {
      const start = (runId: string, n: number) =>
        store.commit(runId, {
          snapshot: snapshotOf(runId, 1),
          events: eventsOf(runId, 1, 1),
          started: { startedAt: `2026-12-01T10:0${n}:00.000Z`, title: runId },
        })
      await start('a', 1)
      await appendFile(join(root, 'runs', 'index.jsonl'), '{"version":1,"runId":"torn","sta')
      await start('b', 2)
      expect((await store.listRuns()).runs.map((r) => r.runId)).toEqual(['b', 'a'])
      const page = await store.listRuns({ limit: 1 })
      expect(page.runs.map((r) => r.runId)).toEqual(['b'])
      // The cursor names where the next page ends; a byte that starts no line is refused.
      const cursor = Number(page.nextCursor)
      expect((await store.listRuns({ cursor: String(cursor) })).runs.map((r) => r.runId)).toEqual([
        'a',
      ])
      await expect(store.listRuns({ cursor: String(cursor - 3) })).rejects.toMatchObject({
        code: 'invalid_cursor',
      })
      await expect(store.listRuns({ cursor: String(10 ** 9) })).rejects.toMatchObject({
        code: 'invalid_cursor',
      })
    } finally {
      await store.close()
    }
  })

  test('with 10,000 runs a page reads the index tail and its own runs only: no scan of the folder', async () => {
    const root = await newRoot()
    const count = 10_000
    // Written straight to disk as the store would have (10,000 fsynced saves take minutes).
    const lines: string[] = []
    for (let i = 0; i < count; i++) {
      const runId = `run-${String(i).padStart(5, '0')}`
      mkdirSync(join(root, 'runs', runId), { recursive: true })
      writeFileSync(
        join(root, 'runs', runId, 'snapshot.json'),
        JSON.stringify(snapshotOf(runId, 1)),
      )
      lines.push(
        JSON.stringify({
          version: 1,
          runId,
          startedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
          title: `question number ${i} about the week ahead`,
          ...(i % 10 === 0 && { owner: 'ana' }),
        }),
      )
    }
    writeFileSync(join(root, 'runs', 'index.jsonl'), `${lines.join('\n')}\n`)
    const store = fileRunStore(root)
    try {
      const folderBytes = count * JSON.stringify(snapshotOf('run-00000', 1)).length
      let cursor: string | undefined
      const seen: string[] = []
      for (let page = 0; page < 5; page++) {
        const before = bytesRead()
        const listed = await store.listRuns({ limit: 20, ...(cursor !== undefined && { cursor }) })
        const read = bytesRead() - before
        // The index's last 64 KiB and twenty snapshots, far from the folder's megabytes.
        expect(read).toBeLessThan(200_000)
        expect(read).toBeLessThan(folderBytes / 20)
        seen.push(...listed.runs.map((r) => r.runId))
        cursor = listed.nextCursor
      }
      expect(seen).toEqual(
        Array.from({ length: 100 }, (_, i) => `run-${String(count - 1 - i).padStart(5, '0')}`),
      )
      // One person's runs: every tenth, still newest first.
      const ana = await store.listRuns({ owner: 'ana', limit: 3 })
      expect(ana.runs.map((r) => r.runId)).toEqual(['run-09990', 'run-09980', 'run-09970'])
    } finally {
      await store.close()
    }
  })
})

/** Bytes this process has read through system calls so far (Linux `/proc/self/io`). */
function bytesRead(): number {
  const io = readFileSync('/proc/self/io', 'utf8')
  return Number(/^rchar: (\d+)$/m.exec(io)?.[1])
}
