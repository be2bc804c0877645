import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { sqliteFileName } from '../../../store/sqlite/sqliteRunStore.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import { nodeScript } from '../../helpers/nodeScript.ts'
import { storedJournal } from '../../helpers/sqliteFolder.ts'
import type { ChildCommand } from './twoProcessChild.ts'

// Runtimes in real child processes on one workspace folder, driven over stdin/stdout. Every step
// waits for the child's reply, so a test never guesses how long something takes.
const childScript = fileURLToPath(new URL('./twoProcessChild.ts', import.meta.url))

/** A child's answer to one command. */
export type Reply = { n: number; ok: boolean; code?: string } & Record<string, unknown>
/** A command as the test writes it; the harness numbers it. */
export type Command = ChildCommand extends infer C
  ? C extends unknown
    ? Omit<C, 'n'>
    : never
  : never

/** A child runtime process and a way to talk to it. */
export interface Child {
  pid: number
  send(command: Command): Promise<Reply>
  /** Resolves with the signal (or exit code) once the process is gone. */
  exited: Promise<string>
  proc: ChildProcessWithoutNullStreams
}

/** A temporary folder for child runtimes, and what the test reads back from it. */
export class ChildFolder {
  readonly #children: Child[] = []
  private constructor(readonly dir: string) {}

  static async create(): Promise<ChildFolder> {
    return new ChildFolder(await mkdtemp(join(tmpdir(), 'studypulse-two-')))
  }

  /** Starts a child on the folder; resolves once its runtime is open. */
  async start(
    prefix: string,
    options: { mode?: 'plain' | 'app' | 'undoHangs'; ownerStaleMs?: number } = {},
  ): Promise<Child> {
    const args = [this.dir, prefix, options.mode ?? 'plain']
    if (options.ownerStaleMs !== undefined) args.push(String(options.ownerStaleMs))
    const proc = spawn(process.execPath, [...nodeScript(childScript), ...args], {
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
    this.#children.push(child)
    return child
  }

  /** What the folder says was done: titles in tasks.json and intents in the run's journal (in its SQLite file). */
  async executions(runId: string): Promise<{ titles: string[]; intents: unknown[] }> {
    const tasks = await (await Workspace.open(this.dir)).readTasks()
    const journal = existsSync(join(this.dir, sqliteFileName)) ? storedJournal(this.dir, runId) : []
    return {
      titles: tasks.map((t) => t.title),
      intents: journal.filter((r) => r.type === 'intent').map((r) => r.confirmationId),
    }
  }

  /** Kills every child still running (SIGCONT first, for a stopped one) and removes the folder. */
  async dispose(): Promise<void> {
    for (const child of this.#children.splice(0)) {
      if (child.proc.exitCode === null && child.proc.signalCode === null) {
        child.proc.kill('SIGCONT')
        child.proc.kill('SIGKILL')
      }
      await child.exited
    }
    await rm(this.dir, { recursive: true, force: true, maxRetries: 3 })
  }
}

/** Starts a run in `owner` that reaches a card (saved); returns the run and card ids. */
export async function cardIn(
  owner: Child,
  title: string,
): Promise<{ runId: string; cardId: string }> {
  const started = await owner.send({ cmd: 'start', title })
  expect(started).toMatchObject({ ok: true, status: 'awaitingConfirmation' })
  const runId = started.runId as string
  const cardId = (started.pending as { confirmationId: string }).confirmationId
  return { runId, cardId }
}

/** Matches a refused command's reply. */
export const refused = (code: string) => expect.objectContaining({ ok: false, code })
