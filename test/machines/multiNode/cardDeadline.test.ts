import pg from 'pg'
import { afterEach, expect, test, vi } from 'vitest'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

test('a 3 s card whose owner is lost after 1 s expires at its original deadline on the node that took it over, by the database clock', async () => {
  const { url } = await freshDatabase()
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  const dbNow = async () =>
    (await db.query<{ at: Date }>('SELECT clock_timestamp() AS at')).rows[0]?.at.getTime() ?? 0
  try {
    const node = (ownerId: string, extra: Parameters<typeof startNode>[1] = { ownerId }) =>
      startNode(url, { confirmationTimeoutMs: 3_000, onPersistError: () => undefined, ...extra })
    // A's lease must run out within the card's three seconds, for B to take the run over.
    const a = await node(`a-${Math.random()}`, { ownerId: `a-${Math.random()}`, leaseMs: 1_000 })
    const watcher = await node(`c-${Math.random()}`)
    nodes.push(a, watcher)
    const runId = a.runtime.startRun({ input: 'create essay outline' })
    await waitForRun(a.runtime, runId, 'awaitingConfirmation')
    await a.runtime.flush()
    const card = a.runtime.view(runId).pending
    const expiresAt = Date.parse(card?.expiresAt ?? '')
    expect(expiresAt).toBeGreaterThan(await dbNow())

    // Every node shows the one deadline, and the store keeps it with the card.
    await watcher.runtime.open(runId)
    watcher.runtime.subscribe(runId, () => undefined)
    expect(watcher.runtime.view(runId).pending?.expiresAt).toBe(card?.expiresAt)
    const stored = await db.query<{ expires_at: Date }>(
      'SELECT expires_at FROM studypulse.pending_confirmations WHERE confirmation_id = $1',
      [card?.confirmationId],
    )
    expect(stored.rows[0]?.expires_at.getTime()).toBe(expiresAt)

    // One second into the card, its owner is gone (every connection cut, its timer useless).
    await vi.waitFor(async () => expect(await dbNow()).toBeGreaterThanOrEqual(expiresAt - 2_000), {
      timeout: 20_000,
      interval: 20,
    })
    a.loseDatabase()
    // B's own clock runs five minutes fast: it goes by the database's.
    const b = await node(`b-${Math.random()}`, {
      ownerId: `b-${Math.random()}`,
      rescanEveryMs: 100,
      localClock: () => Date.now() + 300_000,
    })
    nodes.push(b)
    await vi.waitFor(() => expect(b.runtime.runIds()).toContain(runId), {
      timeout: 10_000,
      interval: 20,
    })
    const takenOverAt = await dbNow()
    expect(takenOverAt).toBeLessThan(expiresAt)
    await waitForRun(b.runtime, runId, 'awaitingInput')
    await b.runtime.flush()

    const resolved = b.runtime.view(runId).events.find((e) => e.kind === 'confirmationResolved')
    expect(resolved).toMatchObject({ decision: 'deny', decidedBy: 'timeout' })
    const { rows } = await db.query<{ decided_at: Date; decided_by: string }>(
      'SELECT decided_at, decided_by FROM studypulse.pending_confirmations WHERE confirmation_id = $1',
      [card?.confirmationId],
    )
    const decidedAt = rows[0]?.decided_at.getTime() ?? 0
    expect(rows[0]?.decided_by).toBe('timeout')
    // At the original deadline by the database's clock: not before it, and not a fresh 3 s timeout
    // from the takeover.
    expect(decidedAt).toBeGreaterThanOrEqual(expiresAt)
    expect(decidedAt).toBeLessThan(takenOverAt + 3_000)
    expect(Date.parse(resolved?.at ?? '')).toBeGreaterThanOrEqual(expiresAt)
    expect(Date.parse(resolved?.at ?? '')).toBeLessThan(takenOverAt + 3_000)
    // The node that only watched saw the same expiry.
    await vi.waitFor(() => expect(watcher.runtime.view(runId).value).toBe('awaitingInput'), {
      timeout: 20_000,
    })
    expect(
      watcher.runtime.view(runId).events.find((e) => e.kind === 'confirmationResolved'),
    ).toMatchObject({ decidedBy: 'timeout' })
  } finally {
    await db.end()
  }
})

test('past its stored deadline a card refuses a person’s decision at any node, by the database clock', async () => {
  const { url } = await freshDatabase()
  // The owner's own clock runs a minute slow: its card's deadline would be in the past already.
  const a = await startNode(url, {
    ownerId: `a-${Math.random()}`,
    confirmationTimeoutMs: 60_000,
    localClock: () => Date.now() - 60_000,
  })
  const b = await startNode(url, { ownerId: `b-${Math.random()}` })
  nodes.push(a, b)
  const runId = a.runtime.startRun({ input: 'create essay outline' })
  await waitForRun(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  const card = a.runtime.view(runId).pending
  // Set by the database's clock, the deadline is a minute ahead, and the card still open.
  expect(Date.parse(card?.expiresAt ?? '')).toBeGreaterThan(Date.now() + 50_000)
  // The card's deadline moved into the past, as if its minute had gone by.
  await b.store.pool.query(
    "UPDATE studypulse.pending_confirmations SET expires_at = now() - interval '1 second' WHERE confirmation_id = $1",
    [card?.confirmationId],
  )
  await expect(
    b.runtime.submitConfirmation(runId, card?.confirmationId ?? '', 'allow', {
      digest: card?.digest ?? '',
    }),
  ).rejects.toMatchObject({ code: 'confirmation_not_found' })
  expect(await a.workspace.readTasks()).toEqual([])
})
