import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Workspace } from '../../../workspace/Workspace.ts'
import type { ChildCommand } from './twoProcessChild.ts'

// One owner per run across real processes: two runtimes on one workspace folder, each in its own
// Node process, driven over stdin/stdout. Every step waits for the child's reply; nothing sleeps.
const childScript = fileURLToPath(new URL('./twoProcessChild.ts', import.meta.url))

type Reply = { n: number; ok: boolean; code?: string } & Record<string, unknown>
type Command = ChildCommand extends infer C ? (C extends unknown ? Omit<C, 'n'> : never) : never

/** A child runtime process and a way to talk to it. */
interface Child {
  pid: number
  send(command: Command): Promise<Reply>
  /** Resolves with the signal (or exit code) once the process is gone. */
  exited: Promise<string>
  proc: ChildProcessWithoutNullStreams
}

let dir: string
const children: Child[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-two-'))
})
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGKILL')
    await child.exited
  }
  await rm(dir, { recursive: true, force: true, maxRetries: 3 })
})

/** Starts a child on the test's folder; resolves once its runtime is open. */
async function startChild(prefix: string, mode: 'plain' | 'app' = 'plain'): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', childScript, dir, prefix, mode], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  proc.stderr.on('data', (d) => {
    stderr += d
  })
  const exited = new Promise<string>((resolve) =>
    proc.on('exit', (code, signal) => resolve(signal ?? String(code))),
  )
  const waiting = new Map<number, (reply: Reply) => void>()
  let ready: (pid: number) => void = () => undefined
  const started = new Promise<number>((resolve) => {
    ready = resolve
  })
  createInterface({ input: proc.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Reply & { ready?: boolean; pid?: number }
    if (message.ready) ready(message.pid ?? 0)
    else waiting.get(message.n)?.(message)
  })
  const gone = exited.then((how) => {
    throw new Error(`child ${prefix} exited (${how}): ${stderr}`)
  })
  gone.catch(() => undefined)
  let n = 0
  const child: Child = {
    pid: await Promise.race([started, gone]),
    proc,
    exited,
    send(command) {
      const id = ++n
      const reply = new Promise<Reply>((resolve) => waiting.set(id, resolve))
      proc.stdin.write(`${JSON.stringify({ ...command, n: id })}\n`)
      return Promise.race([reply, gone])
    },
  }
  children.push(child)
  return child
}

const jsonl = async (path: string) =>
  (await readFile(path, 'utf8').catch(() => ''))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

/** What the folder says was done: titles in tasks.json and intents in the run's journal. */
async function executions(runId: string): Promise<{ titles: string[]; intents: unknown[] }> {
  const tasks = await (await Workspace.open(dir)).readTasks()
  const journal = await jsonl(join(dir, 'runs', runId, 'journal.jsonl'))
  return {
    titles: tasks.map((t) => t.title),
    intents: journal.filter((r) => r.type === 'intent').map((r) => r.confirmationId),
  }
}

/** Starts a run in `owner` that reaches a card; returns the run and card ids. */
async function cardIn(owner: Child, title: string): Promise<{ runId: string; cardId: string }> {
  const started = await owner.send({ cmd: 'start', title })
  expect(started).toMatchObject({ ok: true, status: 'awaitingConfirmation' })
  const runId = started.runId as string
  const cardId = (started.pending as { confirmationId: string }).confirmationId
  return { runId, cardId }
}

const refused = (code: string) => expect.objectContaining({ ok: false, code })

describe('one owner per run, across two real processes on one folder', () => {
  it('both see the card; both allow it at once; it runs exactly once and the other is told run_owned_elsewhere', async () => {
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
    expect(fromA).toMatchObject({ ok: true, status: 'awaitingInput' })
    expect(fromB).toEqual(refused('run_owned_elsewhere'))
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
    expect(await b.send({ cmd: 'allow', runId, confirmationId: cardId })).toEqual(
      refused('run_owned_elsewhere'),
    )
    expect(await executions(runId)).toEqual({ titles: ['Read chapter 4'], intents: [cardId] })
  }, 30_000)

  it('after a SIGKILL of the owner the other takes the run over, allows it once, and the id stays dead', async () => {
    await Workspace.create(dir)
    // `c` is the restart after both: it touches the folder only when told to restore.
    const [a, b, c] = await Promise.all([startChild('a'), startChild('b'), startChild('c')])
    const { runId, cardId } = await cardIn(a, 'Read chapter 5')
    expect(await b.send({ cmd: 'restore' })).toMatchObject({ restored: [] })
    expect(await b.send({ cmd: 'allow', runId, confirmationId: cardId })).toEqual(
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
    expect(fromWeb).toMatchObject({ ok: true })
    expect(fromChat).toEqual(refused('run_owned_elsewhere'))

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
