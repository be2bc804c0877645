import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import Database from 'libsql'
import { sqliteFileName } from '../../store/sqlite/sqliteRunStore.ts'
import type { JournalRecord } from '../../vocabulary/JournalRecord.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { check } from './check.ts'
import { cardTitle } from './raceCards.ts'

type Reply = { type: string } & Record<string, unknown>

/** A worker process and the replies it sent, taken in order. */
class Worker {
  readonly #child: ChildProcess
  readonly #replies: Reply[] = []
  readonly #waiting: ((reply: Reply) => void)[] = []
  readonly persistErrors: string[] = []
  #failed: Error | undefined
  #stderr = ''

  constructor(dir: string, role: number, cards: number, timeoutMs: number, script: ScriptArgs) {
    const worker = join(import.meta.dirname, '..', 'raceWorker.ts')
    this.#child = spawn(process.execPath, [...script(worker), dir, String(role), String(cards)], {
      cwd: join(import.meta.dirname, '..'),
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
    })
    this.#child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr += chunk.toString()
      if (process.env.RACE_DEBUG) process.stderr.write(chunk)
    })
    createInterface({ input: this.#child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (process.env.RACE_DEBUG) process.stderr.write(`[${role}] ${line.slice(0, 200)}\n`)
      const reply = JSON.parse(line) as Reply
      if (reply.type === 'persistError') this.persistErrors.push(String(reply.message))
      else this.#deliver(reply)
    })
    this.#child.on('exit', (code) => {
      if (code === 0) return
      this.#failed = new Error(`race worker ${role} exited with ${code}: ${this.#stderr}`)
      for (const resolve of this.#waiting.splice(0)) resolve({ type: 'failed' })
    })
  }

  #deliver(reply: Reply) {
    const waiter = this.#waiting.shift()
    if (waiter) waiter(reply)
    else this.#replies.push(reply)
  }

  /** The next reply, which must be of `type`. */
  async next(type: string): Promise<Reply> {
    const reply =
      this.#replies.shift() ??
      (this.#failed ? { type: 'failed' } : await new Promise<Reply>((r) => this.#waiting.push(r)))
    if (this.#failed) throw this.#failed
    check(reply.type === type, `race worker sent ${reply.type}, not ${type}`)
    return reply
  }

  send(command: object): void {
    this.#child.stdin?.write(`${JSON.stringify(command)}\n`)
  }

  /** Sends the last command and closes the pipe, so the worker's loop ends. */
  end(command: object): void {
    this.#child.stdin?.end(`${JSON.stringify(command)}\n`)
  }

  exited(): Promise<void> {
    if (this.#child.exitCode !== null) return Promise.resolve()
    return new Promise((resolve) => this.#child.once('exit', () => resolve()))
  }
}

const sumCodes = (...all: unknown[]) => {
  const total: Record<string, number> = {}
  for (const codes of all) {
    for (const [code, n] of Object.entries(codes as Record<string, number>)) {
      total[code] = (total[code] ?? 0) + n
    }
  }
  return total
}

/** What the race scenario counts. */
export type RaceCount = Awaited<ReturnType<typeof race>>

/** How `node` runs a TypeScript file: through tsx here; the test suite passes its prebuilt bundles. */
export type ScriptArgs = (file: string) => string[]
const throughTsx: ScriptArgs = (file) => ['--import', 'tsx', file]

/**
 * Two processes, each with its own runtime over one workspace folder, race on `cards` cards:
 * each starts half the runs; both restore (seeing the other's runs as owned elsewhere) and both
 * try to allow every card at once; then one closes and the other takes its runs over, finding
 * no card left. Counted from the folder afterwards: the stored tasks and journal intents
 * (in the folder's SQLite file).
 */
export async function race({
  cards,
  timeoutMs,
  script = throughTsx,
}: {
  cards: number
  timeoutMs: number
  script?: ScriptArgs
}) {
  const dir = await mkdtemp(join(tmpdir(), 'studypulse-bench-race-'))
  try {
    await Workspace.create(dir)
    const t0 = performance.now()
    const workers = [0, 1].map((role) => new Worker(dir, role, cards, timeoutMs, script))
    const [a, b] = workers as [Worker, Worker]
    const ready = await Promise.all(workers.map((w) => w.next('ready')))
    const tReady = performance.now()
    // Both get every run, interleaved by card, so they reach each card at about the same time.
    const ids = ready.map((r) => r.runIds as string[])
    const all: string[] = []
    for (let i = 0; i < cards; i++) all.push(ids[i % 2]?.[Math.floor(i / 2)] as string)
    check(new Set(all).size === cards, 'the workers started the wrong runs')
    for (const w of workers) w.send({ type: 'go', runIds: all })
    const done = await Promise.all(workers.map((w) => w.next('done')))
    const tRaced = performance.now()
    a.end({ type: 'close' })
    await a.next('closed')
    const tClosed = performance.now()
    await a.exited()
    if (process.env.RACE_DEBUG) {
      const exitedMs = performance.now() - tClosed
      process.stderr.write(`closed in ${tClosed - tRaced} ms, exited ${exitedMs} ms later\n`)
    }
    b.send({ type: 'takeover' })
    const tookOver = await b.next('tookOver')
    b.end({ type: 'close' })
    await b.next('closed')
    await b.exited()
    const tDone = performance.now()

    const tasks = await (await Workspace.open(dir)).readTasks()
    const perTitle = new Map<string, number>()
    for (const task of tasks) perTitle.set(task.title, (perTitle.get(task.title) ?? 0) + 1)
    let intents = 0
    let outcomes = 0
    let runsWithSeveralIntents = 0
    // The journal as the default store keeps it: the folder's SQLite file, read only.
    const db = new Database(join(dir, sqliteFileName), { readonly: true })
    const rows = db.prepare('SELECT run_id, body FROM run_log WHERE kind = 2').raw(true).all() as [
      string,
      string,
    ][]
    db.close()
    const intentsPerRun = new Map<string, number>()
    for (const [runId, text] of rows) {
      const record = JSON.parse(text) as JournalRecord
      if (record.type === 'intent') {
        intents++
        intentsPerRun.set(runId, (intentsPerRun.get(runId) ?? 0) + 1)
      } else if (record.type === 'outcome' && record.result.ok) outcomes++
    }
    for (const n of intentsPerRun.values()) if (n > 1) runsWithSeveralIntents++
    const expected = Array.from({ length: cards }, (_, i) => cardTitle(i))
    const codes = sumCodes(...done.map((d) => d.codes))
    return {
      cards,
      tasks: tasks.length,
      intents,
      okOutcomes: outcomes,
      duplicateTasks: [...perTitle.values()].filter((n) => n > 1).length,
      missingTasks: expected.filter((title) => !perTitle.has(title)).length,
      runsWithSeveralIntents,
      allowedA: done[0]?.allowed as number,
      allowedB: done[1]?.allowed as number,
      ownedElsewhere: codes.run_owned_elsewhere ?? 0,
      alreadyDecided: codes.confirmation_not_found ?? 0,
      noCard: codes.no_card ?? 0,
      otherRefusals:
        Object.values(codes).reduce((s, n) => s + n, 0) -
        (codes.run_owned_elsewhere ?? 0) -
        (codes.confirmation_not_found ?? 0) -
        (codes.no_card ?? 0),
      takenOver: tookOver.restored as number,
      allowedAfterTakeover: tookOver.allowed as number,
      persistErrors: a.persistErrors.length + b.persistErrors.length,
      startMs: tReady - t0,
      raceMs: tRaced - tReady,
      handoverMs: tDone - tRaced,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
