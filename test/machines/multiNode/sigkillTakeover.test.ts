import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import pg from 'pg'
import { afterAll, expect, test } from 'vitest'
import { freshDatabase } from '../../helpers/postgres.ts'

const script = join(import.meta.dirname, 'soakNodeChild.ts')
const writes = Number(process.env.MULTINODE_SOAK_WRITES ?? 200)
const seed = Number(process.env.MULTINODE_SEED ?? Date.now() % 100_000)
// Each task write also kills its own node at this chance, inside the effect's transaction.
const crashChance = 0.02
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
})

/** Runs a node until it prints `done`, or kills it (SIGKILL) `delayMs` after it printed `killAt`. */
function runNode(url: string, name: string, killAt: number, delayMs: number, took: number[]) {
  const args = [script, url, name, String(writes), String(crashChance)]
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise<'done' | 'killed'>((resolve, reject) => {
    let finished = false
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line === 'done') finished = true
      else if (line.startsWith('took ')) took.push(Number(line.slice(5)))
      else if (Number(line) >= killAt) setTimeout(() => child.kill('SIGKILL'), delayMs)
    })
    child.once('exit', (code, signal) => {
      if (finished) resolve('done')
      else if (signal === 'SIGKILL') resolve('killed')
      else reject(new Error(`${name} exited (${code}): ${stderr.slice(-2000)}`))
    })
  })
}

test(`SIGKILL of the owning node during ${writes} confirmed writes: another node takes over, nothing lost or doubled (seed ${seed})`, {
  timeout: 600_000,
}, async () => {
  const { url } = await freshDatabase()
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
  // Kill points spread over the writes; each node is killed a few ms after one of them.
  const killPoints = [0.15, 0.35, 0.55, 0.75].map((f) => Math.floor(writes * (f + next() * 0.1)))
  const outcomes: string[] = []
  const took: number[] = []
  for (let i = 0; outcomes.at(-1) !== 'done'; i++) {
    if (i > 100) throw new Error(`no node finished: ${outcomes.join(', ')}`)
    const killAt = killPoints[i] ?? Number.POSITIVE_INFINITY
    outcomes.push(await runNode(url, `node-${i}`, killAt, Math.floor(next() * 40), took))
  }
  expect(outcomes.filter((o) => o === 'killed').length).toBeGreaterThanOrEqual(killPoints.length)
  // The later nodes took over runs the killed ones left mid-way.
  expect(took[0]).toBe(0)
  expect(took.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0)

  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const q = async <T extends pg.QueryResultRow>(text: string) =>
      (await client.query<T>(text)).rows
    const titles = (
      await q<{ title: string }>("SELECT task->>'title' AS title FROM studypulse.tasks")
    ).map((r) => r.title)
    // 0 lost, 0 duplicated.
    expect(titles.sort()).toEqual(Array.from({ length: writes }, (_, k) => `task-${k + 1}`).sort())
    const outcomesOk = await q<{ n: number }>(
      "SELECT count(*)::int AS n FROM studypulse.run_journal WHERE record->>'type' = 'outcome' AND record->'result'->>'ok' = 'true'",
    )
    expect(outcomesOk[0]?.n).toBe(writes)
    // Audit complete: one line per reported call, none twice.
    const reported = await q<{ key: string }>(
      "SELECT run_id || '/' || (event->>'toolCallId') AS key FROM studypulse.run_events WHERE event->>'kind' IN ('toolCompleted', 'toolFailed')",
    )
    const audited = await q<{ key: string }>(
      "SELECT run_id || '/' || (record->>'toolCallId') AS key FROM studypulse.audit",
    )
    expect(new Set(audited.map((r) => r.key)).size).toBe(audited.length)
    expect(new Set(audited.map((r) => r.key))).toEqual(new Set(reported.map((r) => r.key)))
    const completed = await q<{ n: number }>(
      "SELECT count(*)::int AS n FROM studypulse.run_events WHERE event->>'kind' = 'toolCompleted' AND event->>'payloadJson' LIKE '%\"ok\":true%'",
    )
    expect(completed[0]?.n).toBe(writes)
    // No allowed write was given up as `interrupted` (then retried by a new run): none was lost.
    const notOk = await q<{ payload: string }>(
      "SELECT event->>'payloadJson' AS payload FROM studypulse.run_events WHERE event->>'kind' IN ('toolCompleted', 'toolFailed') AND event->>'payloadJson' NOT LIKE '%\"ok\":true%'",
    )
    expect(notOk).toEqual([])
  } finally {
    await client.end()
  }
})
