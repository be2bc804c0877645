import { afterEach, describe, expect, test } from 'vitest'
import type { AuditRecord } from '../../store/AuditRecord.ts'
import type { RunStart } from '../../store/RunListing.ts'
import type { RunStore, StoredRunSnapshot } from '../../store/RunStore.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { JournalRecord } from '../../vocabulary/JournalRecord.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import type { PolicyRule } from '../../workspace/policyFile.ts'

/** Stores over one shared body of data, as several nodes (or processes) would see it. */
export interface RunStoreFixture {
  /** A new store on the shared data: a second call is a second owner. */
  open(): Promise<RunStore>
  /** Removes the shared data; the suite closes the stores first. */
  dispose(): Promise<void>
}

const at = '2026-11-30T09:00:00.000Z'

/** A snapshot of the current version, as the runtime saves it. */
export function snapshotOf(
  runId: string,
  lastSeq: number,
  value = 'awaitingInput',
): StoredRunSnapshot {
  return {
    version: 2,
    runId,
    value,
    lastSeq,
    snapshot: {
      status: 'active',
      value,
      context: {
        runId,
        messages: [{ role: 'user', content: 'plan my week' }],
        retiredConfirmationIds: [],
      },
      children: {},
    },
  }
}

/** Events `from`..`to` of a run. */
export function eventsOf(runId: string, from: number, to: number): AgentEvent[] {
  const events: AgentEvent[] = []
  for (let seq = from; seq <= to; seq++) {
    events.push({ runId, seq, at, kind: 'statusChanged', status: 'thinking', text: `event ${seq}` })
  }
  return events
}

const audit = (runId: string, toolCallId: string): AuditRecord => ({
  at,
  runId,
  toolCallId,
  toolName: 'add_task',
  permission: 'write',
  decision: 'allow',
  decidedBy: 'user',
  outcome: 'completed',
})

const rule = (id: string, tool: string): PolicyRule => ({
  id,
  tool,
  effect: 'deny',
  scope: 'always',
  createdAt: at,
})

/** The start of run `r<n>`, one minute after the start of the one before. */
function startOf(n: number): RunStart {
  return {
    startedAt: new Date(Date.UTC(2026, 10, 30, 9, n)).toISOString(),
    title: `plan week ${n}`,
  }
}

/** How the run list shows run `r<n>` started by `startOf(n)`. */
function summaryOf(n: number, value: string) {
  return { runId: `r${n}`, ...startOf(n), status: value, pending: false }
}

/**
 * The behaviour every `RunStore` owes the runtime. Call it in a test file with a factory of
 * fixtures; a new store passes when this suite does.
 */
export function runStoreContract(name: string, makeFixture: () => Promise<RunStoreFixture>): void {
  describe(`${name} keeps the RunStore contract`, () => {
    const cleanups: (() => Promise<void>)[] = []
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    })
    const stores = async (count: number): Promise<RunStore[]> => {
      const fixture = await makeFixture()
      cleanups.push(() => fixture.dispose())
      const opened: RunStore[] = []
      for (let i = 0; i < count; i++) {
        const store = await fixture.open()
        cleanups.push(() => store.close())
        opened.push(store)
      }
      return opened
    }

    test('an empty store has no runs, records or rules', async () => {
      const [store] = await stores(1)
      if (!store) throw new Error('no store')
      expect(await store.listOpenRuns()).toEqual([])
      expect(await store.loadRun('r1')).toBeUndefined()
      expect(await store.readEvents('r1')).toEqual([])
      expect(await store.readJournal('r1')).toEqual([])
      expect(await store.readAudit()).toEqual([])
      expect(await store.loadPolicies()).toEqual({ rules: [], invalid: [] })
      expect(store.location).not.toBe('')
    })

    test('a commit comes back whole, to this store and to another on the same data', async () => {
      const [a, b] = (await stores(2)) as [RunStore, RunStore]
      const journal: JournalRecord[] = [
        { type: 'intent', callId: 'c1', digest: 'd1', confirmationId: 'k1', at },
        { type: 'outcome', callId: 'c1', digest: 'd1', result: toolOk({ n: 1 }), at },
      ]
      await a.commit('r1', {
        snapshot: snapshotOf('r1', 3),
        events: eventsOf('r1', 1, 3),
        journal,
        audit: [audit('r1', 'c1')],
      })
      for (const store of [a, b]) {
        expect(await store.loadRun('r1')).toEqual({ snapshot: snapshotOf('r1', 3), eventsAhead: 0 })
        expect(await store.readEvents('r1')).toEqual(eventsOf('r1', 1, 3))
        expect(await store.readEvents('r1', 1)).toEqual(eventsOf('r1', 2, 3))
        expect(await store.readEvents('r1', 3)).toEqual([])
        expect(await store.readJournal('r1')).toEqual(journal)
        expect(await store.readAudit()).toEqual([audit('r1', 'c1')])
        expect(await store.listOpenRuns()).toEqual(['r1'])
      }
    })

    test('commits append in order; a later snapshot replaces the earlier one', async () => {
      const [store] = (await stores(1)) as [RunStore]
      await store.commit('r1', {
        snapshot: snapshotOf('r1', 2, 'thinking'),
        events: eventsOf('r1', 1, 2),
      })
      await store.commit('r1', { events: eventsOf('r1', 3, 3) })
      await store.commit('r1', { snapshot: snapshotOf('r1', 5), events: eventsOf('r1', 4, 5) })
      expect(await store.readEvents('r1')).toEqual(eventsOf('r1', 1, 5))
      expect(await store.loadRun('r1')).toEqual({ snapshot: snapshotOf('r1', 5), eventsAhead: 0 })
    })

    test('events logged past the snapshot are counted as ahead, and the saved ones stay', async () => {
      const [store] = (await stores(1)) as [RunStore]
      await store.commit('r1', { snapshot: snapshotOf('r1', 2), events: eventsOf('r1', 1, 2) })
      await store.commit('r1', { events: eventsOf('r1', 3, 4) })
      expect(await store.loadRun('r1')).toEqual({ snapshot: snapshotOf('r1', 2), eventsAhead: 2 })
      expect((await store.readEvents('r1')).slice(0, 2)).toEqual(eventsOf('r1', 1, 2))
    })

    test('the message log grows by what each save adds; messages past the snapshot are cut on load', async () => {
      const [store] = (await stores(1)) as [RunStore]
      const say = (i: number) => ({ role: 'user' as const, content: `message ${i}` })
      const withCount = (n: number, upTo: number) => ({
        ...snapshotOf('r1', n),
        messageCount: upTo,
      })
      await store.commit('r1', {
        snapshot: withCount(1, 2),
        events: eventsOf('r1', 1, 1),
        messages: { from: 0, items: [say(0), say(1)] },
      })
      await store.commit('r1', {
        snapshot: withCount(2, 3),
        events: eventsOf('r1', 2, 2),
        messages: { from: 2, items: [say(2)] },
      })
      expect(await store.readMessages('r1')).toEqual([say(0), say(1), say(2)])
      // A save whose snapshot never landed left a message behind.
      await store.commit('r1', { messages: { from: 3, items: [say(3)] } })
      expect((await store.loadRun('r1'))?.snapshot.messageCount).toBe(3)
      expect(await store.readMessages('r1')).toEqual([say(0), say(1), say(2)])
      // The next save starts where the snapshot's conversation ends.
      await store.commit('r1', {
        snapshot: withCount(3, 4),
        events: eventsOf('r1', 3, 3),
        messages: { from: 3, items: [say(4)] },
      })
      expect(await store.readMessages('r1')).toEqual([say(0), say(1), say(2), say(4)])
    })

    test('peekRun reads the snapshot and changes nothing, not even events logged past it', async () => {
      const [store] = (await stores(1)) as [RunStore]
      expect(await store.peekRun('r1')).toBeUndefined()
      await store.commit('r1', { snapshot: snapshotOf('r1', 2), events: eventsOf('r1', 1, 2) })
      await store.commit('r1', { events: eventsOf('r1', 3, 4) })
      expect(await store.peekRun('r1')).toEqual(snapshotOf('r1', 2))
      // A look from a runtime that does not own the run must not cut the owner's log.
      expect(await store.readEvents('r1')).toEqual(eventsOf('r1', 1, 4))
    })

    test('a stored commit does not change when the caller later changes its objects', async () => {
      const [store] = (await stores(1)) as [RunStore]
      const snapshot = snapshotOf('r1', 1)
      const events = eventsOf('r1', 1, 1)
      await store.commit('r1', { snapshot, events })
      snapshot.value = 'changed'
      if (events[0]) events[0].text = 'changed'
      expect((await store.loadRun('r1'))?.snapshot).toEqual(snapshotOf('r1', 1))
      expect(await store.readEvents('r1')).toEqual(eventsOf('r1', 1, 1))
    })

    test('journals are per run; the audit log is store-wide, oldest first', async () => {
      const [store] = (await stores(1)) as [RunStore]
      const intent = (callId: string): JournalRecord => ({
        type: 'intent',
        callId,
        digest: callId,
        at,
      })
      await store.commit('r1', { journal: [intent('a1')], audit: [audit('r1', 'a1')] })
      await store.commit('r2', { journal: [intent('b1')], audit: [audit('r2', 'b1')] })
      await store.commit('r1', {
        journal: [intent('a2')],
        audit: [audit('r1', 'a2'), audit('r1', 'a3')],
      })
      expect(await store.readJournal('r1')).toEqual([intent('a1'), intent('a2')])
      expect(await store.readJournal('r2')).toEqual([intent('b1')])
      expect((await store.readAudit()).map((r) => r.toolCallId)).toEqual(['a1', 'b1', 'a2', 'a3'])
    })

    test('ended runs are not open, and runs without a snapshot do not load', async () => {
      const [store] = (await stores(1)) as [RunStore]
      await store.commit('done', {
        snapshot: snapshotOf('done', 1, 'cancelled'),
        events: eventsOf('done', 1, 1),
      })
      await store.commit('done', { ended: true })
      await store.commit('open', {
        snapshot: snapshotOf('open', 1),
        events: eventsOf('open', 1, 1),
      })
      await store.commit('bare', { events: eventsOf('bare', 1, 1) })
      await store.claim('claimed-only')
      const open = await store.listOpenRuns()
      expect(open).toContain('open')
      expect(open).not.toContain('done')
      // A store may list a run that has no snapshot yet (claimed, or events only); it must not load.
      for (const runId of open.filter((id) => id !== 'open')) {
        expect(['bare', 'claimed-only']).toContain(runId)
        expect(await store.loadRun(runId)).toBeUndefined()
      }
      // An ended run still loads: its final snapshot is kept.
      expect((await store.loadRun('done'))?.snapshot.value).toBe('cancelled')
    })

    test('kept rules are replaced as a whole and read back in order', async () => {
      const [a, b] = (await stores(2)) as [RunStore, RunStore]
      await a.savePolicies([rule('p1', 'add_task'), rule('p2', 'delete_task')])
      expect(await b.loadPolicies()).toEqual({
        rules: [rule('p1', 'add_task'), rule('p2', 'delete_task')],
        invalid: [],
      })
      await b.savePolicies([rule('p3', 'save_artifact')])
      expect((await a.loadPolicies()).rules).toEqual([rule('p3', 'save_artifact')])
    })

    test('one owner at a time: a second is refused until the first unclaims', async () => {
      const [a, b] = (await stores(2)) as [RunStore, RunStore]
      expect(await a.claim('r1')).toEqual({ ok: true })
      expect(await a.claim('r1')).toEqual({ ok: true })
      expect(await b.claim('r1')).toMatchObject({ ok: false, code: 'run_owned_elsewhere' })
      await b.unclaim('r1')
      expect(await b.claim('r1')).toMatchObject({ ok: false, code: 'run_owned_elsewhere' })
      await a.unclaim('r1')
      expect(await b.claim('r1')).toEqual({ ok: true })
      expect(await a.claim('r1')).toMatchObject({ ok: false, code: 'run_owned_elsewhere' })
    })

    test('a store never saves over a run another live owner holds, and writes nothing', async () => {
      const [a, b] = (await stores(2)) as [RunStore, RunStore]
      expect(await a.claim('r1')).toEqual({ ok: true })
      await a.commit('r1', { snapshot: snapshotOf('r1', 1), events: eventsOf('r1', 1, 1) })
      await expect(
        b.commit('r1', {
          snapshot: snapshotOf('r1', 2),
          events: eventsOf('r1', 2, 2),
          journal: [{ type: 'intent', callId: 'b1', digest: 'b1', at }],
        }),
      ).rejects.toMatchObject({ code: 'run_owned_elsewhere' })
      expect((await a.loadRun('r1'))?.snapshot).toEqual(snapshotOf('r1', 1))
      expect(await a.readEvents('r1')).toEqual(eventsOf('r1', 1, 1))
      expect(await a.readJournal('r1')).toEqual([])
    })

    test("a closed store's runs are free for another at once", async () => {
      const [a, b] = (await stores(2)) as [RunStore, RunStore]
      await a.commit('r1', { snapshot: snapshotOf('r1', 1), events: eventsOf('r1', 1, 1) })
      expect(await a.claim('r1')).toEqual({ ok: true })
      expect(await a.claim('r2')).toEqual({ ok: true })
      expect(await b.claim('r1')).toMatchObject({ ok: false })
      await a.close()
      expect(await b.claim('r1')).toEqual({ ok: true })
      expect(await b.claim('r2')).toEqual({ ok: true })
      expect((await b.loadRun('r1'))?.snapshot).toEqual(snapshotOf('r1', 1))
    })

    test('the run list: newest first, page by page, with status, pending badge and first message', async () => {
      const [a, b] = (await stores(2)) as [RunStore, RunStore]
      const values = [
        'awaitingInput',
        'cancelled',
        'awaitingConfirmation',
        'awaitingInput',
        'failed',
      ]
      for (const [i, value] of values.entries()) {
        const runId = `r${i + 1}`
        await a.commit(runId, {
          snapshot: snapshotOf(runId, 1, value),
          events: eventsOf(runId, 1, 1),
          started: startOf(i + 1),
        })
      }
      for (const store of [a, b]) {
        const first = await store.listRuns({ limit: 2 })
        expect(first.runs).toEqual([summaryOf(5, 'failed'), summaryOf(4, 'awaitingInput')])
        const second = await store.listRuns({ limit: 2, cursor: first.nextCursor as string })
        expect(second.runs).toEqual([
          { ...summaryOf(3, 'awaitingConfirmation'), pending: true },
          summaryOf(2, 'cancelled'),
        ])
        const last = await store.listRuns({ limit: 2, cursor: second.nextCursor as string })
        expect(last).toEqual({ runs: [summaryOf(1, 'awaitingInput')] })
        expect((await store.listRuns()).runs.map((r) => r.runId)).toEqual([
          'r5',
          'r4',
          'r3',
          'r2',
          'r1',
        ])
      }
      // A later save moves the status; the place in the list stays.
      await a.commit('r1', { snapshot: snapshotOf('r1', 2, 'awaitingConfirmation') })
      expect((await b.listRuns()).runs.at(-1)).toEqual({
        ...summaryOf(1, 'awaitingConfirmation'),
        pending: true,
      })
    })

    test("the run list: one person's runs, a run started twice listed once, nothing for a bare start", async () => {
      const [store] = (await stores(1)) as [RunStore]
      for (let i = 1; i <= 6; i++) {
        const runId = `r${i}`
        await store.commit(runId, {
          snapshot: snapshotOf(runId, 1),
          events: eventsOf(runId, 1, 1),
          started: { ...startOf(i), ...(i % 2 === 0 && { owner: 'ana' }) },
        })
      }
      // A first save retried after a failure carries its start again.
      await store.commit('r2', { events: eventsOf('r2', 2, 2), started: startOf(2) })
      // A start whose first save never landed a snapshot shows nothing.
      await store.commit('r7', { events: eventsOf('r7', 1, 1), started: startOf(7) })
      const ana = await store.listRuns({ owner: 'ana', limit: 2 })
      expect(ana.runs.map((r) => [r.runId, r.owner])).toEqual([
        ['r6', 'ana'],
        ['r4', 'ana'],
      ])
      const rest = await store.listRuns({ owner: 'ana', cursor: ana.nextCursor as string })
      expect(rest.runs.map((r) => r.runId)).toEqual(['r2'])
      expect(await store.listRuns({ owner: 'ben' })).toEqual({ runs: [] })
      expect((await store.listRuns()).runs.map((r) => r.runId)).toEqual([
        'r6',
        'r5',
        'r4',
        'r3',
        'r2',
        'r1',
      ])
      // Out-of-range page sizes are bounded, not refused.
      expect((await store.listRuns({ limit: 0 })).runs).toHaveLength(1)
      expect((await store.listRuns({ limit: 1000 })).runs).toHaveLength(6)
    })

    test('a cursor the store did not hand out is refused as invalid_cursor', async () => {
      const [store] = (await stores(1)) as [RunStore]
      await store.commit('r1', {
        snapshot: snapshotOf('r1', 1),
        events: eventsOf('r1', 1, 1),
        started: startOf(1),
      })
      for (const cursor of ['', 'abc', '-1', '1e3', '0x10', ' 1', '9'.repeat(40), '../etc']) {
        await expect(store.listRuns({ cursor }), cursor).rejects.toMatchObject({
          code: 'invalid_cursor',
        })
      }
    })

    test('of owners racing for one run, exactly one wins', async () => {
      const racers = await stores(4)
      const claims = await Promise.all(racers.map((store) => store.claim('contested')))
      expect(claims.filter((c) => c.ok)).toHaveLength(1)
      expect(claims.filter((c) => !c.ok)).toHaveLength(3)
    })
  })
}
