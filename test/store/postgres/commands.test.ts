import { describe, expect, test } from 'vitest'
import { memoryRunStore } from '../../../store/memoryRunStore.ts'
import type { PostgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import { signal } from '../../helpers/signal.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { openCard } from '../clusterDecisionsContract.ts'
import { eventsOf, snapshotOf } from '../runStoreContract.ts'
import { nodesPerTest, proxiedNode } from './nodes.ts'

const perTest = nodesPerTest()
const { closers, node } = perTest

/** A saved, open run awaiting input, owned by `owner`. */
async function openRun(owner: PostgresRunStore, runId: string): Promise<void> {
  await owner.claim(runId)
  await owner.commit(runId, { snapshot: snapshotOf(runId, 1), events: eventsOf(runId, 1, 1) })
}

async function commandRows(store: PostgresRunStore) {
  const { rows } = await store.pool.query<{ id: string; applied: boolean; outcome: unknown }>(
    `SELECT id::text, applied_at IS NOT NULL AS applied, outcome
     FROM studypulse.run_commands ORDER BY id`,
  )
  return rows
}

describe('commands to a run across PostgreSQL nodes', () => {
  test('only the PostgreSQL store carries commands; the memory and SQLite stores stay single-node', async () => {
    // One capability object says what a store shares between nodes; the others have none.
    expect((await node('a')).cluster).toBeDefined()
    expect(memoryRunStore().cluster).toBeUndefined()
    const { dir, dispose } = await tempWorkspace()
    closers.push(dispose)
    const folder = sqliteRunStore(dir)
    closers.push(() => folder.close())
    expect(folder.cluster).toBeUndefined()
  })

  test('an offered command wakes the owner and waits, in order, until a commit records it', async () => {
    const owner = await node('owner')
    const other = await node('other')
    await openRun(owner, 'r1')
    const woken = signal<string>()
    owner.cluster.onCommand((runId) => woken.resolve(runId))
    await owner.listening()

    const first = await other.cluster.offerCommand('r1', { kind: 'input', text: 'one' })
    const second = await other.cluster.offerCommand('r1', { kind: 'cancel', reason: 'enough' })
    expect(await woken.promise).toBe('r1')
    if (!first.ok || !second.ok) throw new Error('offers refused')
    const waiting = await owner.cluster.pendingCommands('r1')
    expect(waiting.map((c) => [c.id, c.command])).toEqual([
      [first.id, { kind: 'input', text: 'one' }],
      [second.id, { kind: 'cancel', reason: 'enough' }],
    ])
    expect(await other.cluster.commandOutcome(first.id, 20)).toBeUndefined()

    // The outcome reaches the offering node through the channel, not by asking again.
    await other.listening()
    const outcome = other.cluster.commandOutcome(first.id, 10_000)
    await owner.commit('r1', {
      snapshot: snapshotOf('r1', 2, 'thinking'),
      events: eventsOf('r1', 2, 2),
      commands: [{ id: first.id, outcome: { ok: true } }],
    })
    expect(await outcome).toEqual({ ok: true })
    expect((await owner.cluster.pendingCommands('r1')).map((c) => c.id)).toEqual([second.id])
    // Recording is idempotent: a repeat keeps the first outcome.
    await owner.commit('r1', {
      commands: [{ id: first.id, outcome: { ok: false, code: 'run_ended', message: 'x' } }],
    })
    expect(await other.cluster.commandOutcome(first.id, 10_000)).toEqual({ ok: true })
  })

  // Seen as a cancel at a follower that never reached the owner (multiNode/commands.test.ts,
  // under load): the offer's NOTIFY went out before the owner's first LISTEN took effect.
  test('a command offered before the owner first listens still wakes it once it does', async () => {
    const owner = await node('owner')
    const other = await node('other')
    await openRun(owner, 'r1')
    // Nothing has asked the owner's listener to connect yet: this NOTIFY reaches nobody.
    const offered = await other.cluster.offerCommand('r1', { kind: 'cancel' })
    expect(offered).toMatchObject({ ok: true })
    const woken = signal<string>()
    owner.cluster.onCommand((runId) => woken.resolve(runId))
    expect(await woken.promise).toBe('r1')
  })

  test('a command listener that throws on the catch-up read harms neither the process nor the others', async () => {
    const owner = await node('owner')
    const other = await node('other')
    await openRun(owner, 'r1')
    expect(await other.cluster.offerCommand('r1', { kind: 'cancel' })).toMatchObject({ ok: true })
    // The catch-up wakes r1 from inside a promise: a throw there would be an unhandled rejection.
    owner.cluster.onCommand(() => {
      throw new Error('a broken listener')
    })
    const woken = signal<string>()
    owner.cluster.onCommand((runId) => woken.resolve(runId))
    expect(await woken.promise).toBe('r1')
  })

  test('a commit refused to a node that lost the run records no command', async () => {
    const owner = await node('owner')
    const other = await node('other')
    await openRun(owner, 'r1')
    const offered = await other.cluster.offerCommand('r1', { kind: 'input', text: 'one' })
    if (!offered.ok) throw new Error('offer refused')
    const refused = await other
      .commit('r1', {
        snapshot: snapshotOf('r1', 2),
        commands: [{ id: offered.id, outcome: { ok: true } }],
      })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'run_owned_elsewhere' })
    expect(await commandRows(owner)).toEqual([{ id: offered.id, applied: false, outcome: null }])
  })

  test('unknown and ended runs refuse commands; ending a run answers those still waiting', async () => {
    const owner = await node('owner')
    const other = await node('other')
    expect(await other.cluster.offerCommand('nope', { kind: 'cancel' })).toMatchObject({
      ok: false,
      code: 'run_not_found',
    })
    await openRun(owner, 'r1')
    const offered = await other.cluster.offerCommand('r1', { kind: 'input', text: 'late' })
    if (!offered.ok) throw new Error('offer refused')
    await owner.commit('r1', {
      snapshot: snapshotOf('r1', 2, 'cancelled'),
      events: eventsOf('r1', 2, 2),
      ended: true,
    })
    expect(await other.cluster.commandOutcome(offered.id, 10_000)).toEqual({
      ok: false,
      code: 'run_ended',
      message: 'the run has ended',
    })
    expect(await other.cluster.offerCommand('r1', { kind: 'input', text: 'later' })).toMatchObject({
      ok: false,
      code: 'run_ended',
    })
    expect(await owner.cluster.pendingCommands('r1')).toEqual([])
  })

  test('an edit takes its card: decisions and edits offered after it lose, until it is refused', async () => {
    const owner = await node('owner')
    const other = await node('other')
    await openCard(owner, 'r1', 'k1', 'd1')
    const edit = await other.cluster.offerCommand('r1', {
      kind: 'edit',
      confirmationId: 'k1',
      args: '{}',
    })
    if (!edit.ok) throw new Error('edit refused')
    expect(
      await other.cluster.offerDecision('r1', {
        confirmationId: 'k1',
        decision: 'allow',
        decidedBy: 'user',
        digest: 'd1',
      }),
    ).toMatchObject({ ok: false, code: 'confirmation_not_found' })
    expect(
      await other.cluster.offerCommand('r1', { kind: 'edit', confirmationId: 'k1', args: '{}' }),
    ).toMatchObject({ ok: false, code: 'confirmation_not_found' })
    expect(
      await other.cluster.offerCommand('r1', { kind: 'edit', confirmationId: 'k9', args: '{}' }),
    ).toMatchObject({ ok: false, code: 'confirmation_not_found' })
    expect((await owner.cluster.pendingCommands('r1')).map((c) => c.id)).toEqual([edit.id])

    // The owner refused the edit: the card is open to a decision again.
    await owner.commit('r1', {
      commands: [
        { id: edit.id, outcome: { ok: false, code: 'invalid_edit', message: 'bad arguments' } },
      ],
    })
    expect(
      await other.cluster.offerDecision('r1', {
        confirmationId: 'k1',
        decision: 'allow',
        decidedBy: 'user',
        digest: 'd1',
      }),
    ).toEqual({ ok: true })
    // A decided card takes no edit.
    expect(
      await other.cluster.offerCommand('r1', { kind: 'edit', confirmationId: 'k1', args: '{}' }),
    ).toMatchObject({ ok: false, code: 'confirmation_not_found' })
  })

  test('a stored command that cannot be read is handed out as unreadable, not guessed', async () => {
    const owner = await node('owner')
    await openRun(owner, 'r1')
    await owner.pool.query(
      `INSERT INTO studypulse.run_commands (run_id, command) VALUES ('r1', '{"version":9,"kind":"input"}')`,
    )
    const [stored] = await owner.cluster.pendingCommands('r1')
    expect(stored?.command).toBeUndefined()
  })

  test('a command offered while the owner was cut off wakes it once it reconnects', async () => {
    const cut = await proxiedNode(perTest.database, { ownerId: 'owner' })
    closers.push(cut.close)
    const other = await node('other')
    await openRun(cut.store, 'r1')
    const woken = signal<string>()
    cut.store.cluster.onCommand((runId) => woken.resolve(runId))
    await cut.store.listening()
    cut.proxy.cut()
    expect(await other.cluster.offerCommand('r1', { kind: 'cancel' })).toMatchObject({ ok: true })
    cut.proxy.restore()
    expect(await woken.promise).toBe('r1')
  })

  test('an outcome recorded while the waiting node was cut off reaches it once it reconnects', async () => {
    const owner = await node('owner')
    const cut = await proxiedNode(perTest.database, { ownerId: 'waiter' })
    closers.push(cut.close)
    await openRun(owner, 'r1')
    const offered = await cut.store.cluster.offerCommand('r1', { kind: 'input', text: 'one' })
    if (!offered.ok) throw new Error('offer refused')
    await cut.store.listening()
    const outcome = cut.store.cluster.commandOutcome(offered.id, 30_000)
    cut.proxy.cut()
    await owner.commit('r1', { commands: [{ id: offered.id, outcome: { ok: true } }] })
    cut.proxy.restore()
    expect(await outcome).toEqual({ ok: true })
  })
})
