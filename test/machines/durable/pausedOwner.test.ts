import { setTimeout as delay } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Workspace } from '../../../workspace/Workspace.ts'
import { type Child, ChildFolder, cardIn } from './twoProcessHarness.ts'

// The owner is alive but stops beating (a laptop lid, a debugger, SIGSTOP): after the stale time
// another runtime may take its runs over. When the old owner wakes up it must not act on them.
const ownerStaleMs = 5_000

let folder: ChildFolder
beforeEach(async () => {
  folder = await ChildFolder.create()
  await Workspace.create(folder.dir)
})
afterEach(() => folder.dispose())

/** Restores in `child` until it takes `runId` over; each try is a real restore, spaced out. */
async function takeOver(child: Child, runId: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const reply = await child.send({ cmd: 'restore' })
    if ((reply.restored as string[]).includes(runId)) return
    // Polling for a heartbeat to go stale, not waiting to see that nothing happened.
    await delay(250)
  }
  throw new Error(`run ${runId} was never taken over`)
}

describe('an owner that was paused past its stale time', () => {
  it('loses the run to the runtime that took it over: the card runs once', async () => {
    const [a, b] = await Promise.all([
      folder.start('a', { ownerStaleMs }),
      folder.start('b', { ownerStaleMs }),
    ])
    const { runId, cardId } = await cardIn(a, 'Read chapter 7')

    a.proc.kill('SIGSTOP')
    await takeOver(b, runId)
    a.proc.kill('SIGCONT')

    const [fromA, fromB] = await Promise.all([
      a.send({ cmd: 'allow', runId, confirmationId: cardId }),
      b.send({ cmd: 'allow', runId, confirmationId: cardId }),
    ])
    expect(fromB).toMatchObject({ ok: true, status: 'awaitingInput' })
    // The woken owner may be refused outright or find its call not executed; it never runs it.
    expect(fromA.ok === false || fromA.status === 'awaitingInput').toBe(true)
    const done = await folder.executions(runId)
    expect(done.titles).toEqual(['Read chapter 7'])
    expect(done.intents).toEqual([cardId])
  }, 30_000)
})
