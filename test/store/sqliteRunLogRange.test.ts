// Schema step 7 keeps each run's log rows in a range of ids of its own (runLogRange.ts), with no
// index: what an index's unique key used to do is done by the run's row. These are the cases it
// decides: runs whose commits interleave read only their own rows, in order; an event logged
// again under a seq already stored replaces its row; a message log replaced from before its stored
// count (a crash cut it) loses its old tail; and the log has no index for a commit to write.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunStore, StoredRunSnapshot } from '../../store/RunStore.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'

let root: string
let store: RunStore
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'studypulse-logrange-'))
  store = sqliteRunStore(root)
})
afterAll(async () => {
  await store.close()
  await rm(root, { recursive: true, force: true })
})

const snapshot = (runId: string, lastSeq: number, messageCount: number) =>
  ({
    version: 2,
    runId,
    value: 'awaitingInput',
    snapshot: {},
    lastSeq,
    messageCount,
  }) as never as StoredRunSnapshot
const event = (runId: string, seq: number, text: string) =>
  ({ runId, seq, type: 'note', text }) as never as AgentEvent
const message = (content: string) => ({ role: 'user', content }) as ChatMessage
const texts = (events: readonly AgentEvent[]) =>
  events.map((e) => (e as never as { text: string }).text)

test('interleaved runs read their own rows in order; a re-logged event and a cut message tail are replaced', async () => {
  // Two runs saved turn by turn: their rows interleave in time, not in the log.
  for (const [turn, runId] of ['a', 'b', 'a', 'b'].entries()) {
    const seq = turn < 2 ? 1 : 2
    await store.commit(runId, {
      snapshot: snapshot(runId, seq, seq),
      events: [event(runId, seq, `${runId}${seq}`)],
      messages: { from: seq - 1, items: [message(`${runId} m${seq}`)] },
      journal: [{ type: 'intent', callId: `${runId}${seq}`, digest: 'd', at: 'x' } as never],
    })
  }
  for (const runId of ['a', 'b']) {
    expect(texts(await store.readEvents(runId))).toEqual([`${runId}1`, `${runId}2`])
    expect(await store.readMessages(runId)).toEqual([
      message(`${runId} m1`),
      message(`${runId} m2`),
    ])
    const journal = (await store.readJournal(runId)) as never as { callId: string }[]
    expect(journal.map((r) => r.callId)).toEqual([`${runId}1`, `${runId}2`])
  }
  // After a restore, run a logs seq 2 again and replaces its messages from 1 on.
  await store.commit('a', {
    snapshot: snapshot('a', 3, 2),
    events: [event('a', 2, 'a2 again'), event('a', 3, 'a3')],
    messages: { from: 1, items: [message('a m2 again')] },
  })
  expect(texts(await store.readEvents('a'))).toEqual(['a1', 'a2 again', 'a3'])
  expect(texts(await store.readEvents('a', 1))).toEqual(['a2 again', 'a3'])
  expect(await store.readMessages('a')).toEqual([message('a m1'), message('a m2 again')])
  expect(texts(await store.readEvents('b'))).toEqual(['b1', 'b2'])
  const db = new Database(join(root, 'studypulse.db'), { readonly: true })
  try {
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'run_log'")
      .pluck(true)
      .all()
    expect(indexes).toEqual([])
  } finally {
    db.close()
  }
})
