import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { DecisionOffer } from '../../store/RunCluster.ts'
import { type SqliteRunStore, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'

// Two stores on one folder stand for two processes (each its own connection and owner row): the
// holder serves the relay, the other offers decisions for the holder's run.
let dir: string
let holder: SqliteRunStore
let decider: SqliteRunStore
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-relay-'))
  holder = sqliteRunStore(dir)
  decider = sqliteRunStore(dir)
  expect(await holder.claim('run1')).toEqual({ ok: true })
})
afterEach(async () => {
  await decider.close()
  await holder.close()
  await rm(dir, { recursive: true, force: true })
})

const offer = (confirmationId: string): DecisionOffer => ({
  confirmationId,
  decision: 'allow',
  decidedBy: 'user',
  digest: 'a'.repeat(64),
})

test('an offer reaches the holder once, and its answer comes back to the decider', async () => {
  const applied: string[] = []
  const stop = holder.relay?.serve(async (runId, received) => {
    applied.push(`${runId}:${received.confirmationId}`)
    return received.confirmationId === 'c1'
      ? { ok: true }
      : { ok: false, code: 'confirmation_not_found', message: 'already decided' }
  })
  expect(await decider.relay?.offer('run1', offer('c1'), 10_000)).toEqual({ ok: true })
  expect(await decider.relay?.offer('run1', offer('c2'), 10_000)).toEqual({
    ok: false,
    code: 'confirmation_not_found',
    message: 'already decided',
  })
  expect(applied).toEqual(['run1:c1', 'run1:c2'])
  stop?.()
})

test('an offer nobody took in time is withdrawn and never applies later', async () => {
  expect(await decider.relay?.offer('run1', offer('late'), 150)).toBeUndefined()
  const applied: string[] = []
  holder.relay?.serve(async (_runId, received) => {
    applied.push(received.confirmationId)
    return { ok: true }
  })
  // Offers are applied in order: once a later one is answered, the withdrawn one would have been.
  expect(await decider.relay?.offer('run1', offer('next'), 10_000)).toEqual({ ok: true })
  expect(applied).toEqual(['next'])
})

test('a run no live process holds is not offered (the decider may take it over itself)', async () => {
  expect(await decider.relay?.offer('nobody-holds-this', offer('c'), 10_000)).toBeUndefined()
  await holder.unclaim('run1')
  expect(await decider.relay?.offer('run1', offer('c'), 10_000)).toBeUndefined()
})

test('a rule this store kept and another revoked before its next look is told as a change', async () => {
  const rule = {
    id: 'r1',
    tool: 'files__write_file',
    effect: 'deny' as const,
    scope: 'always' as const,
    createdAt: '2026-12-03T00:00:00.000Z',
  }
  let told = 0
  const stop = holder.relay?.onPoliciesChanged(() => {
    told += 1
  })
  // Both saves land before the holder's next look (no timer runs between them): the table reads
  // as it did at the last look, yet the holder still holds the rule it kept.
  await holder.savePolicies([rule])
  await decider.savePolicies([])
  await expect.poll(() => told, { timeout: 10_000 }).toBe(1)
  stop?.()
})
