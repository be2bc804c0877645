import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import pg from 'pg'
import { afterAll, expect, test } from 'vitest'
import { nodeScript } from '../../helpers/nodeScript.ts'
import { freshDatabase } from '../../helpers/postgres.ts'

const script = join(import.meta.dirname, 'soakNodeChild.ts')
const writes = Number(process.env.MULTINODE_SOAK_WRITES ?? 200)
const seed = Number(process.env.MULTINODE_SEED ?? Date.now() % 100_000)
// Besides the planned crashes, each task write also kills its own node at this chance, inside
// the effect's transaction.
const crashChance = 0.01
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
})

/** What a node is to die of: its own crash inside write `crashAt`'s transaction, or a SIGKILL `delayMs` after it printed `killAt`. */
type Death = { crashAt: number } | { killAt: number; delayMs: number }

/** How a node ended: `done`, or killed (crashed inside write `crashed`, if it said so); `took` runs it took over (each told as its claim landed). */
interface NodeEnd {
  end: 'done' | 'killed'
  crashed?: number
  took: number
}

/** Runs a node until it prints `done`, crashes, or is killed as `death` says. */
function runNode(url: string, name: string, death: Death | undefined): Promise<NodeEnd> {
  const crashAt = death !== undefined && 'crashAt' in death ? death.crashAt : 0
  const args = [url, name, String(writes), String(crashAt), String(crashChance)]
  const child = spawn(process.execPath, [...nodeScript(script), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const ended: NodeEnd = { end: 'killed', took: 0 }
  return new Promise<NodeEnd>((resolve, reject) => {
    let finished = false
    let killing = false
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line === 'done') finished = true
      else if (line.startsWith('took ')) ended.took += 1
      else if (line.startsWith('crash ')) ended.crashed = Number(line.slice(6))
      else if (
        death !== undefined &&
        'killAt' in death &&
        !killing &&
        Number(line) >= death.killAt
      ) {
        killing = true
        setTimeout(() => child.kill('SIGKILL'), death.delayMs)
      }
    })
    child.once('exit', (code, signal) => {
      if (finished) resolve({ ...ended, end: 'done' })
      else if (signal === 'SIGKILL') resolve(ended)
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
  // Deaths spread over the writes, taken in turn: a crash inside a write's transaction (its run
  // is left decided and mid-effect, so the next node must take it over), then a kill a few ms
  // after a write, wherever the node then is. A node that crashes by chance first leaves its
  // death to the next node.
  const deaths: Death[] = [0.15, 0.35, 0.55, 0.75].map((f, i) => {
    const at = Math.floor(writes * (f + next() * 0.1))
    return i % 2 === 0 ? { crashAt: at } : { killAt: at, delayMs: Math.floor(next() * 40) }
  })
  const ends: NodeEnd[] = []
  let turn = 0
  const leases = new pg.Client({ connectionString: url })
  await leases.connect()
  for (let i = 0; ends.at(-1)?.end !== 'done'; i++) {
    if (i > 100) throw new Error(`no node finished: ${JSON.stringify(ends)}`)
    const death = deaths[turn]
    const ended = await runNode(url, `node-${i}`, death)
    ends.push(ended)
    // The node is seen dead (its exit): its leases run out now, as they would once its last
    // renewal expired, so the next node takes its runs over at once. Leases timed by a short
    // clock instead let a busy machine decide: a live node lost its run to a late heartbeat.
    if (ended.end === 'killed') {
      await leases.query(
        'UPDATE studypulse.runs SET lease_expires_at = now() WHERE owner = $1 AND lease_expires_at > now()',
        [`node-${i}`],
      )
    }
    const met =
      death !== undefined &&
      ended.end === 'killed' &&
      ('crashAt' in death ? ended.crashed === death.crashAt : ended.crashed === undefined)
    if (met) turn++
  }
  await leases.end()
  // Every planned death happened.
  expect(turn).toBe(deaths.length)
  expect(ends[0]?.took).toBe(0)
  // The node after each crash took over the run it left mid-way (and maybe more).
  ends.forEach((ended, i) => {
    if (ended.crashed !== undefined) expect(ends[i + 1]?.took, `node-${i + 1}`).toBeGreaterThan(0)
  })

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
