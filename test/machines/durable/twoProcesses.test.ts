import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Workspace } from '../../../workspace/Workspace.ts'
import { ChildFolder, cardIn, refused } from './twoProcessHarness.ts'

// One owner per run across real processes: two runtimes on one workspace folder, each in its own
// Node process. Every step waits for the child's reply; nothing sleeps.
let folder: ChildFolder
let dir: string
beforeEach(async () => {
  folder = await ChildFolder.create()
  dir = folder.dir
})
afterEach(() => folder.dispose())
const startChild = (prefix: string, mode: 'plain' | 'app' = 'plain') =>
  folder.start(prefix, { mode })
const executions = (runId: string) => folder.executions(runId)

describe('one owner per run, across two real processes on one folder', () => {
  it('both see the card; both allow it at once: the allow of the other is relayed to the owner, the first wins, it runs exactly once', async () => {
    await Workspace.create(dir)
    const [a, b] = await Promise.all([startChild('a'), startChild('b')])
    const { runId, cardId } = await cardIn(a, 'Read chapter 3')

    expect(await a.send({ cmd: 'card', runId })).toMatchObject({
      status: 'awaitingConfirmation',
      cards: [cardId],
    })
    // The other process sees the run through restore, as a run it does not own.
    expect(await b.send({ cmd: 'restore' })).toMatchObject({ ok: true, restored: [] })
    const seen = await b.send({ cmd: 'card', runId })
    expect(seen).toMatchObject({
      ok: true,
      status: 'awaitingConfirmation',
      pending: { confirmationId: cardId },
      cards: [cardId],
    })
    expect(await b.send({ cmd: 'edit', runId, confirmationId: cardId, title: 'Other' })).toEqual(
      refused('run_owned_elsewhere'),
    )
    expect(await executions(runId)).toEqual({ titles: [], intents: [] })

    // Both commands are written before either reply is read.
    const [fromA, fromB] = await Promise.all([
      a.send({ cmd: 'allow', runId, confirmationId: cardId }),
      b.send({ cmd: 'allow', runId, confirmationId: cardId }),
    ])
    // B's allow reaches the owner through the folder's decision relay: first answer wins, once.
    const answers = [fromA, fromB]
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1)
    expect(answers.filter((answer) => !answer.ok)).toEqual([refused('confirmation_not_found')])
    expect(await executions(runId)).toEqual({ titles: ['Read chapter 3'], intents: [cardId] })
  }, 30_000)

  it('one after the other: the owner allows, then the other is refused, also after a new restore', async () => {
    await Workspace.create(dir)
    const [a, b] = await Promise.all([startChild('a'), startChild('b')])
    const { runId, cardId } = await cardIn(a, 'Read chapter 4')
    expect(await b.send({ cmd: 'restore' })).toMatchObject({ restored: [] })

    expect(await a.send({ cmd: 'allow', runId, confirmationId: cardId })).toMatchObject({
      ok: true,
      status: 'awaitingInput',
    })
    const late = await b.send({ cmd: 'allow', runId, confirmationId: cardId })
    expect(late.ok).toBe(false)
    expect(['run_owned_elsewhere', 'confirmation_not_found']).toContain(late.code)

    // A new look shows the card gone, and the owner still alive keeps the run its own.
    expect(await b.send({ cmd: 'restore' })).toMatchObject({ restored: [] })
    const seen = await b.send({ cmd: 'card', runId })
    expect(seen).toMatchObject({ status: 'awaitingInput' })
    expect(seen.pending).toBeUndefined()
    // Relayed to the owner, which has no such card any more.
    expect(await b.send({ cmd: 'allow', runId, confirmationId: cardId })).toEqual(
      refused('confirmation_not_found'),
    )
    expect(await executions(runId)).toEqual({ titles: ['Read chapter 4'], intents: [cardId] })
  }, 30_000)

  it('after a SIGKILL of the owner the other takes the run over, allows it once, and the id stays dead', async () => {
    await Workspace.create(dir)
    // `c` is the restart after both: it touches the folder only when told to restore.
    const [a, b, c] = await Promise.all([startChild('a'), startChild('b'), startChild('c')])
    const { runId, cardId } = await cardIn(a, 'Read chapter 5')
    expect(await b.send({ cmd: 'restore' })).toMatchObject({ restored: [] })
    // An edit is not relayed: only the owner edits its card.
    expect(await b.send({ cmd: 'edit', runId, confirmationId: cardId, title: 'Other' })).toEqual(
      refused('run_owned_elsewhere'),
    )

    a.proc.kill('SIGKILL')
    expect(await a.exited).toBe('SIGKILL')
    // The owner's pid is gone: the claim succeeds at once, without waiting for its heartbeat to go stale.
    expect(await b.send({ cmd: 'restore' })).toMatchObject({ restored: [runId] })
    expect(await b.send({ cmd: 'card', runId })).toMatchObject({
      status: 'awaitingConfirmation',
      pending: { confirmationId: cardId },
    })
    expect(await executions(runId)).toEqual({ titles: [], intents: [] })
    expect(await b.send({ cmd: 'allow', runId, confirmationId: cardId })).toMatchObject({
      ok: true,
      status: 'awaitingInput',
    })
    expect(await b.send({ cmd: 'allow', runId, confirmationId: cardId })).toEqual(
      refused('confirmation_not_found'),
    )
    expect(await executions(runId)).toEqual({ titles: ['Read chapter 5'], intents: [cardId] })

    // Yet another restart: the used id is still dead.
    expect(await b.send({ cmd: 'exit' })).toMatchObject({ ok: true })
    expect(await b.exited).toBe('0')
    expect(await c.send({ cmd: 'restore' })).toMatchObject({ restored: [runId] })
    expect(await c.send({ cmd: 'card', runId })).toMatchObject({ status: 'awaitingInput' })
    expect(await c.send({ cmd: 'allow', runId, confirmationId: cardId })).toEqual(
      refused('confirmation_not_found'),
    )
    expect(await executions(runId)).toEqual({ titles: ['Read chapter 5'], intents: [cardId] })
  }, 30_000)

  it('the web app and the terminal chat on one folder never execute one card twice', async () => {
    // Both start as the apps do: `startRuntime` over STUDYPULSE_WORKSPACE, restoring at start-up.
    const web = await startChild('web', 'app')
    const { runId, cardId } = await cardIn(web, 'Revise chapter 6')
    const chat = await startChild('chat', 'app')
    expect(await chat.send({ cmd: 'card', runId })).toMatchObject({
      status: 'awaitingConfirmation',
      pending: { confirmationId: cardId },
    })
    const before = (await executions(runId)).titles

    const [fromWeb, fromChat] = await Promise.all([
      web.send({ cmd: 'allow', runId, confirmationId: cardId }),
      chat.send({ cmd: 'allow', runId, confirmationId: cardId }),
    ])
    // The chat's allow is relayed to the web app, the run's owner: first answer wins, once.
    const answers = [fromWeb, fromChat]
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1)
    expect(answers.filter((answer) => !answer.ok)).toEqual([refused('confirmation_not_found')])

    // The web app quits; the chat takes the run over and still cannot use the card again.
    expect(await web.send({ cmd: 'exit' })).toMatchObject({ ok: true })
    expect(await chat.send({ cmd: 'restore' })).toMatchObject({ restored: [runId] })
    expect(await chat.send({ cmd: 'allow', runId, confirmationId: cardId })).toEqual(
      refused('confirmation_not_found'),
    )
    expect(await executions(runId)).toEqual({
      titles: [...before, 'Revise chapter 6'],
      intents: [cardId],
    })
  }, 30_000)
})
