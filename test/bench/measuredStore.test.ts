// The long-conversation scenario reports bytes written per turn from a wrapped store; those
// counts must be what the file store really puts on disk.
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { measuredStore } from '../../bench/lib/measuredStore.ts'
import { fileRunStore } from '../../store/fileRunStore.ts'
import type { StoredRunSnapshot } from '../../store/RunStore.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let dir: string
let dispose: () => Promise<void>
beforeEach(async () => {
  ;({ dir, dispose } = await tempWorkspace())
})
afterEach(() => dispose())

const size = async (...parts: string[]) => (await stat(join(dir, ...parts))).size
const event = (seq: number, text: string): AgentEvent => ({
  runId: 'run-1',
  seq,
  at: '2026-11-30T09:00:00.000Z',
  kind: 'assistantMessage',
  text,
})
const snapshot = (lastSeq: number, note: string): StoredRunSnapshot => ({
  version: 2,
  runId: 'run-1',
  value: 'awaitingInput',
  snapshot: { note },
  lastSeq,
})

describe('measuredStore', () => {
  it('counts exactly the bytes the file store writes, and times every commit', async () => {
    const inner = fileRunStore(dir)
    const { store, commits } = measuredStore(inner)
    expect(await store.claim('run-1')).toEqual({ ok: true })
    await store.commit('run-1', {
      snapshot: snapshot(2, 'first – with non-ASCII ✓'),
      events: [event(1, 'hello'), event(2, 'wörld')],
      journal: [{ type: 'intent', callId: 'c1', digest: 'd', at: '2026-11-30T09:00:00.000Z' }],
      audit: [],
    })
    const run = ['runs', 'run-1']
    expect(commits).toHaveLength(1)
    expect(commits[0]?.snapshotBytes).toBe(await size(...run, 'snapshot.json'))
    expect(commits[0]?.eventsBytes).toBe(await size(...run, 'events.jsonl'))
    expect(commits[0]?.bytes).toBe(
      (await size(...run, 'snapshot.json')) +
        (await size(...run, 'events.jsonl')) +
        (await size(...run, 'journal.jsonl')),
    )
    const eventsBefore = await size(...run, 'events.jsonl')
    await store.commit('run-1', { events: [event(3, 'appended only')] })
    expect(commits[1]?.snapshotBytes).toBe(0)
    expect(commits[1]?.bytes).toBe((await size(...run, 'events.jsonl')) - eventsBefore)
    expect(commits.every((c) => c.ms >= 0 && c.runId === 'run-1')).toBe(true)
    // Everything but `commit` is the inner store's own.
    expect(await store.readEvents('run-1')).toHaveLength(3)
    await store.close()
  })
})
