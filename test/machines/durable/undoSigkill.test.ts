import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Workspace } from '../../../workspace/Workspace.ts'
import { ChildFolder, cardIn } from './twoProcessHarness.ts'

// An undo across a SIGKILL, in real processes on one folder: every step waits for the child's
// reply (the first child says when the undo's execution has begun); nothing sleeps.
let folder: ChildFolder
beforeEach(async () => {
  folder = await ChildFolder.create()
})
afterEach(() => folder.dispose())

/** The kept changes of the folder that undo `changeId`. */
async function undoesOf(dir: string, changeId: string): Promise<string[]> {
  const names = await readdir(join(dir, 'changes'))
  const kept = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(dir, 'changes', name), 'utf8'))),
  )
  return kept.filter((change) => change.undoes === changeId).map((change) => change.changeId)
}

describe('undo across a SIGKILL between its decision and its execution', () => {
  it('takes the change back exactly once: the killed undo wrote nothing, the one allowed after the restart writes it, a third is refused', async () => {
    const { dir } = folder
    await Workspace.create(dir)
    const [a, b] = await Promise.all([folder.start('a', { mode: 'undoHangs' }), folder.start('b')])
    const { runId, cardId } = await cardIn(a, 'Read chapter 7')
    expect(await a.send({ cmd: 'allow', runId, confirmationId: cardId })).toMatchObject({
      status: 'awaitingInput',
    })
    const titles = async () => (await (await Workspace.open(dir)).readTasks()).map((t) => t.title)
    expect(await titles()).toEqual(['Read chapter 7'])

    const undo = await a.send({ cmd: 'undo', runId })
    expect(undo).toMatchObject({ ok: true, status: 'awaitingConfirmation' })
    const changeId = undo.changeId as string
    const undoCard = (undo.pending as { confirmationId: string }).confirmationId
    expect(await a.send({ cmd: 'allowUntilUndo', runId, confirmationId: undoCard })).toMatchObject({
      ok: true,
    })
    a.proc.kill('SIGKILL')
    expect(await a.exited).toBe('SIGKILL')
    expect(await titles()).toEqual(['Read chapter 7'])

    // The other process takes the run over: the killed undo is not run again behind anyone's back.
    expect(await b.send({ cmd: 'restore' })).toMatchObject({ restored: [runId] })
    expect(await b.send({ cmd: 'card', runId })).toMatchObject({ status: 'awaitingInput' })
    expect(await titles()).toEqual(['Read chapter 7'])

    const again = await b.send({ cmd: 'undo', runId })
    expect(again).toMatchObject({ changeId, status: 'awaitingConfirmation' })
    const second = (again.pending as { confirmationId: string }).confirmationId
    expect(await b.send({ cmd: 'allow', runId, confirmationId: second })).toMatchObject({
      status: 'awaitingInput',
    })
    expect(await titles()).toEqual([])
    expect(await undoesOf(dir, changeId)).toHaveLength(1)

    // Once undone, the same change cannot be undone again: its card says so, and Allow writes nothing.
    const third = await b.send({ cmd: 'undo', runId, changeId })
    const pending = third.pending as {
      confirmationId: string
      description?: { notice?: { code: string } }
    }
    expect(pending.description?.notice?.code).toBe('already_undone')
    expect(
      await b.send({ cmd: 'allow', runId, confirmationId: pending.confirmationId }),
    ).toMatchObject({
      status: 'awaitingInput',
    })
    expect(await titles()).toEqual([])
    expect(await undoesOf(dir, changeId)).toHaveLength(1)
  }, 60_000)
})
