// A node of the SIGKILL soak on PostgreSQL: takes over what dead nodes left (the parent expires a
// dead node's leases once it has seen it exit: a signal, not a clock), then makes confirmed
// `create_task` writes until task-1..N exist, printing each done number. A task write kills its
// own process (SIGKILL) as it commits the task with its decision and outcome: always at write
// number <crashAt> (0: never), and at <crashChance> on any write. It prints `crash <k>` first, and
// `took <runId>` for each run it takes over as the claim lands, before the run's effect can run
// (and crash); a pipe's write is synchronous on Linux.
// Usage: soakNodeChild.ts <databaseUrl> <ownerId> <count> [crashAt] [crashChance]
import pg from 'pg'
import { AgentError } from '../../../runtime/AgentError.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { PostgresWorkspace } from '../../../workspace/postgres/PostgresWorkspace.ts'
import { startNode } from './nodeRuntime.ts'

const [url = '', ownerId = '', countText = '0', crashAtText = '0', crashText = '0'] =
  process.argv.slice(2)
const count = Number(countText)
const crashAt = Number(crashAtText)
const crashChance = Number(crashText)
// The write this node is making (0 while it finishes runs it took over).
let writing = 0
const crashHere = () => {
  if ((writing > 0 && writing === crashAt) || Math.random() < crashChance) {
    process.stdout.write(`crash ${writing}\n`)
    process.kill(process.pid, 'SIGKILL')
  }
}
// create_task sends its decision, task, kept change, intent and outcome as one statement (issue
// 37): the node dies with that statement sent, before PostgreSQL's answer (committed or not: the
// crash the store must prove harmless either way).
const query = pg.Pool.prototype.query
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const sent = (query as (...a: unknown[]) => unknown).apply(this, args)
  const text = typeof args[0] === 'string' ? args[0] : ''
  if (text.includes('INSERT INTO studypulse.tasks')) crashHere()
  return sent
} as typeof pg.Pool.prototype.query
// A change that is not only new rows (or whose key was taken) commits through commitChange,
// inside the transaction withOutcome holds for the effect and its outcome.
const commitChange = PostgresWorkspace.prototype.commitChange
PostgresWorkspace.prototype.commitChange = async function (change, writes) {
  const committed = await commitChange.call(this, change, writes)
  // Written in the transaction, not committed.
  crashHere()
  return committed
}
// The lease outlasts the test (startNode's default): a live node on a busy machine never loses
// its runs to a late heartbeat (it once did with a 1 s lease: "no longer held by node-5").
const node = await startNode(url, { ownerId })
const { runtime, store, workspace } = node

// Every claim this node makes before its first own write takes over a dead node's run.
let takingOver = true
const claim = store.claim.bind(store)
store.claim = async (runId) => {
  const claimed = await claim(runId)
  if (claimed.ok && takingOver) process.stdout.write(`took ${runId}\n`)
  return claimed
}

const settledStates = ['awaitingInput', 'failed', 'cancelled'] as const

/** Allows a run's cards until it rests; a card decided before a crash is applied by the runtime. */
async function finish(runId: string): Promise<void> {
  for (;;) {
    const status = await waitForRun(runtime, runId, ['awaitingConfirmation', ...settledStates], {
      timeoutMs: 60_000,
    })
    if (status !== 'awaitingConfirmation') break
    const pending = runtime.view(runId).pending
    if (pending !== undefined) {
      await runtime
        .submitConfirmation(runId, pending.confirmationId, 'allow')
        .catch((error: unknown) => {
          // Decided before the crash: the stored decision is applied on restore.
          if (!(error instanceof AgentError && error.code === 'confirmation_not_found')) throw error
        })
    }
    await waitForRun(runtime, runId, ['executing', 'reporting', 'thinking', ...settledStates], {
      timeoutMs: 60_000,
    })
  }
  if (runtime.view(runId).value === 'awaitingInput') runtime.cancel(runId)
  await runtime.flush()
}

// Every dead node's leases ran out before this node started, so one restore takes over all it
// left; a saved open run it did not take is a failure, not something to wait for.
const mine = await runtime.restore()
const left = []
for (const runId of await store.listOpenRuns()) {
  // A run killed before its first save has nothing to take over.
  if (!mine.includes(runId) && (await store.peekRun(runId)) !== undefined) left.push(runId)
}
if (left.length > 0)
  throw new Error(`open runs nobody holds were not taken over: ${left.join(', ')}`)
takingOver = false
for (const runId of mine) await finish(runId)

for (let k = 1; k <= count; k++) {
  const title = `task-${k}`
  const titles = new Set((await workspace.readTasks()).map((t) => t.title))
  writing = k
  if (!titles.has(title)) await finish(runtime.startRun({ input: `create ${title}` }))
  writing = 0
  process.stdout.write(`${k}\n`)
}
process.stdout.write('done\n')
await node.close()
process.exit(0)
