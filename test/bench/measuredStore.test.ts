// The long-conversation scenario reports bytes written per turn from a wrapped store; those
// counts must be what the store really keeps: the JSON text of the snapshot and of each record,
// counted as a line (plus its newline), as the bench's results have always counted them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { measuredStore } from '../../bench/lib/measuredStore.ts'
import type { StoredRunSnapshot } from '../../store/RunStore.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { storedRows } from '../helpers/sqliteFolder.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let dir: string
let dispose: () => Promise<void>
beforeEach(async () => {
  ;({ dir, dispose } = await tempWorkspace())
})
afterEach(() => dispose())

// The UTF-8 bytes of what one column keeps for the run, each value counted as a line.
const stored = (table: string, column: string, where = '') =>
  storedRows(
    dir,
    `SELECT coalesce(sum(length(CAST(${column} AS BLOB)) + 1), 0) FROM ${table} WHERE run_id = ? ${where}`,
    'run-1',
  )[0]?.[0] as number
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
  it('counts exactly the bytes the SQLite store keeps, and times every commit', async () => {
    const inner = sqliteRunStore(dir)
    const { store, commits } = measuredStore(inner)
    expect(await store.claim('run-1')).toEqual({ ok: true })
    await store.commit('run-1', {
      snapshot: snapshot(2, 'first – with non-ASCII ✓'),
      events: [event(1, 'hello'), event(2, 'wörld')],
      journal: [{ type: 'intent', callId: 'c1', digest: 'd', at: '2026-11-30T09:00:00.000Z' }],
      audit: [],
    })
    // The snapshot is the one value not counted as a line.
    const snapshotBytes = stored('runs', 'snapshot') - 1
    expect(commits).toHaveLength(1)
    expect(commits[0]?.snapshotBytes).toBe(snapshotBytes)
    expect(commits[0]?.eventsBytes).toBe(stored('run_log', 'body', 'AND kind = 0'))
    expect(commits[0]?.bytes).toBe(
      snapshotBytes +
        stored('run_log', 'body', 'AND kind = 0') +
        stored('run_log', 'body', 'AND kind = 2'),
    )
    await store.commit('run-1', { events: [event(3, 'appended only')] })
    expect(commits[1]?.snapshotBytes).toBe(0)
    expect(commits[1]?.bytes).toBe(stored('run_log', 'body', 'AND kind = 0 AND key = 3'))
    expect(commits.every((c) => c.ms >= 0 && c.runId === 'run-1')).toBe(true)
    // Everything but `commit` is the inner store's own.
    expect(await store.readEvents('run-1')).toHaveLength(3)
    await store.close()
  })
})
