import { afterEach, expect, test } from 'vitest'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { internalsOf } from '../../../runtime/runtimeInternals.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

type Edit = (
  runtime: AgentRuntime,
  runId: string,
  confirmationId: string,
  title: string,
) => Promise<unknown>

// The runtime's one way to edit: through the store's compare-and-set on the card.
const editThroughCommand: Edit = (runtime, runId, confirmationId, title) =>
  runtime.command(runId, { kind: 'edit', confirmationId, args: { title } })

// What 205c02f's `editConfirmation` did: the owner's actor edited directly, past the store.
const editPastTheStore: Edit = async (runtime, runId, confirmationId, title) => {
  const session = internalsOf(runtime).session(runId)
  const call = session?.state().context.current?.call
  if (session === undefined || call === undefined) throw new Error('no card to edit')
  const prepared = runtime.tools.prepare(call.id, call.name, JSON.stringify({ title }))
  // Described again, as every edit is: only the store's compare-and-set is skipped.
  const description = await runtime.tools.describe(prepared, runtime.workspace)
  const by = { kind: 'user' as const }
  const edit = { runId, confirmationId, prepared, description, by }
  if (!session.send({ type: 'EDIT', edit })) {
    throw Object.assign(new Error('refused'), { code: 'confirmation_not_found' })
  }
}

const settle = <T>(doing: Promise<T>): Promise<PromiseSettledResult<T>> =>
  doing.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  )

/**
 * 40 cards, each edited at its owner while another node allows it; counts what went wrong:
 * both reported as taken, or an allow reported as taken whose call never ran.
 */
async function race(edit: Edit, { stopAtFirst = false, blindAllow = false } = {}) {
  const { url } = await freshDatabase()
  const [owner, other] = await Promise.all([
    startNode(url, { ownerId: `owner-${Math.random()}` }),
    startNode(url, { ownerId: `other-${Math.random()}` }),
  ])
  nodes.push(owner, other)
  const cards = 40
  const runIds = Array.from({ length: cards }, (_, i) =>
    owner.runtime.startRun({ input: `create task ${i}` }),
  )
  await Promise.all(runIds.map((id) => waitForRun(owner.runtime, id, 'awaitingConfirmation')))
  // The other node sees a card once it is in the store.
  await owner.runtime.flush()
  const count = { allowsTaken: 0, editsTaken: 0, bothTaken: 0, lostAllows: 0, refusedWrongly: 0 }
  for (const [i, runId] of runIds.entries()) {
    const pending = owner.runtime.view(runId).pending
    if (pending === undefined) throw new Error(`run ${i} has no card`)
    const editNow = () => edit(owner.runtime, runId, pending.confirmationId, `edited ${i}`)
    const allowNow = async () => {
      if (!blindAllow)
        return other.runtime.submitConfirmation(runId, pending.confirmationId, 'allow', {
          digest: pending.digest,
        })
      // Told "taken" once the store took it, without the owner's word on what became of it.
      const answer = { runId, confirmationId: pending.confirmationId, digest: pending.digest }
      const result = await other.runtime.decide({
        face: 'test',
        awaitOutcome: false,
        answers: [{ ...answer, decision: 'allow' }],
      })
      const card = result.cards[0]
      if (card?.status !== 'taken')
        throw Object.assign(new Error('not taken'), { code: 'confirmation_not_found' })
    }
    // Even cards: both at once. Odd cards: the edit right after the allow returned, while the
    // store's notice of the allow is still on its way to the owner (the window 205c02f lost).
    const [edited, allowed] =
      i % 2 === 0
        ? await Promise.allSettled([editNow(), allowNow()])
        : await allowNow().then(
            async () =>
              [await settle(editNow()), { status: 'fulfilled', value: undefined }] as const,
            async (error: unknown) =>
              [await settle(editNow()), { status: 'rejected', reason: error }] as const,
          )
    for (const lost of [edited, allowed]) {
      if (lost.status === 'rejected' && lost.reason?.code !== 'confirmation_not_found') {
        count.refusedWrongly++
      }
    }
    if (edited.status === 'fulfilled' && allowed.status === 'fulfilled') count.bothTaken++
    if (allowed.status === 'fulfilled') {
      count.allowsTaken++
      // An allow reported as taken must run its call: the run reaches `awaitingInput`.
      // Not the edited card either: that would be an allow that took and never ran.
      const ran = await waitForRun(owner.runtime, runId, 'awaitingInput', {
        timeoutMs: 20_000,
      }).then(
        () => true,
        () => false,
      )
      if (!ran) count.lostAllows++
      // A control needs one counterexample, not forty waits for runs that will never go on.
      if (stopAtFirst && count.lostAllows + count.bothTaken > 0) break
    } else if (edited.status === 'fulfilled') {
      count.editsTaken++
    }
    if (owner.runtime.view(runId).value === 'awaitingConfirmation')
      await owner.runtime.cancel(runId)
  }
  await owner.runtime.flush()
  const titles = (await owner.workspace.readTasks()).map((task) => task.title)
  return { ...count, cards, titles, owner }
}

// Issue 18, point 1. Both ways of answering a card go through the one decision path (the store's
// compare-and-set on the card), so exactly one of them takes: an allow reported as taken runs its
// call; an edit that took leaves a new card and nothing ran.
test('40 cards, each edited at its owner while another node allows it: exactly one takes, and an allow that took runs', async () => {
  const result = await race(editThroughCommand)
  expect(result).toMatchObject({ bothTaken: 0, lostAllows: 0, refusedWrongly: 0 })
  expect(result.allowsTaken + result.editsTaken).toBe(result.cards)
  // Every allow that took ran once, with the call it allowed; no edited call ran.
  expect(result.titles.sort()).toEqual(
    result.titles.filter((title) => /^task \d+$/.test(title)).sort(),
  )
  expect(result.titles).toHaveLength(result.allowsTaken)
  expect(new Set(result.titles).size).toBe(result.titles.length)
  console.log(`edit/allow race: ${result.allowsTaken} allows took, ${result.editsTaken} edits took`)
}, 120_000)

// The same race with an edit that skips the compare-and-set, as on 205c02f, and an allow told
// "taken" by the store alone: the check above sees the lost allows (so it can fail). With the
// decision intake, an allow waits for its owner's word (issue 45), so the skipped compare-and-set
// alone no longer lies to the decider: it is told its allow lost.
// The window is the time the allow's notice takes to reach the owner: on a quiet machine forty
// cards can all miss it, so the control races again (up to three rounds of forty) until one lands.
test('(control) an edit past the store loses allows that were reported as taken', async () => {
  let found = 0
  for (let round = 0; round < 3 && found === 0; round++) {
    const result = await race(editPastTheStore, { stopAtFirst: true, blindAllow: true })
    found = result.bothTaken + result.lostAllows
  }
  expect(found).toBeGreaterThan(0)
}, 300_000)
