import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Workspace } from '../../../workspace/Workspace.ts'
import { ChildFolder, cardIn } from './twoProcessHarness.ts'

// Two real processes on one folder: the process that did not start the run decides its card.
// The decision is handed to the owner, which runs the call; the decider's own view follows the
// run, and its intake answers what became of its decision. Every step waits for a reply.
let folder: ChildFolder
beforeEach(async () => {
  folder = await ChildFolder.create()
  await Workspace.create(folder.dir)
})
afterEach(() => folder.dispose())

describe('a decision made in the process that does not hold the run', () => {
  it('its own view follows the run past the card: waiting for the outcome ends', async () => {
    const [a, b] = await Promise.all([folder.start('a'), folder.start('b')])
    const { runId, cardId } = await cardIn(a, 'Read chapter 8')
    expect(await b.send({ cmd: 'restore' })).toMatchObject({ restored: [] })
    expect(await b.send({ cmd: 'allow', runId, confirmationId: cardId })).toMatchObject({
      ok: true,
    })
    expect(await b.send({ cmd: 'wait', runId, status: 'awaitingInput' })).toEqual(
      expect.objectContaining({ ok: true, status: 'awaitingInput' }),
    )
    expect(await folder.executions(runId)).toEqual({
      titles: ['Read chapter 8'],
      intents: [cardId],
    })
  }, 30_000)

  it('both decide at once: one is taken (with the call’s outcome), the other lost to it', async () => {
    const [a, b] = await Promise.all([folder.start('a'), folder.start('b')])
    const { runId, cardId } = await cardIn(a, 'Read chapter 9')
    expect(await b.send({ cmd: 'restore' })).toMatchObject({ restored: [] })
    const replies = await Promise.all([
      a.send({ cmd: 'decide', runId, confirmationId: cardId }),
      b.send({ cmd: 'decide', runId, confirmationId: cardId }),
    ])
    const cards = replies.map((r) => (r.answer as { cards: { status: string }[] }).cards[0])
    expect(cards.map((c) => c?.status).sort()).toEqual(['lost', 'taken'])
    expect(cards.find((c) => c?.status === 'taken')).toMatchObject({ outcome: { ok: true } })
    expect(cards.find((c) => c?.status === 'lost')).toMatchObject({
      to: { decision: 'allow', decidedBy: 'user' },
    })
    expect(await folder.executions(runId)).toEqual({
      titles: ['Read chapter 9'],
      intents: [cardId],
    })
  }, 30_000)
})
