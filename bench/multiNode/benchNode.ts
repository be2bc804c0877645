// One node of the `postgres` bench, driven by JSON lines on stdin (answers `{ id, ... }` lines):
//   { id, op: 'start', title }    starts a run; answers with its card once the card is saved
//   { id, op: 'show', runId }     makes the run known here, as a page showing its card does
//   { id, op: 'decide', runId, confirmationId, digest }   allows a card; answers { ok, at }
//   { id, op: 'settle' }          once every run started here rests, answers { cpuMs }
//   { id, op: 'cpu' }             answers { cpuMs }: this process's CPU time so far
// and, unasked, `{ executed: runId, at }` as each of its runs' calls completes (`at` in ms on
// the machine's clock, like `decide`'s, so the driver can subtract them).
// Usage: benchNode.ts postgres <url> <ownerId> [leaseMs]
// (a PostgreSQL node rescans for runs whose node died every third of its lease, as the app does)
import { createInterface } from 'node:readline'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { postgresRunStore } from '../../store/postgres/postgresRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { PostgresWorkspace } from '../../workspace/postgres/PostgresWorkspace.ts'
import { Workspace } from '../../workspace/Workspace.ts'

const [kind = '', location = '', ownerId = 'bench', lease = '15000'] = process.argv.slice(2)
if (kind !== 'postgres') throw new Error('usage: benchNode.ts postgres <url> <ownerId> [leaseMs]')
const leaseMs = Number(lease)
const model = new ScriptedModel((request: ModelRequest): ModelTurn => {
  const last = request.messages.at(-1)
  if (last?.role === 'tool') return { text: 'done' }
  const title = last?.role === 'user' ? last.content : 'unknown'
  return {
    toolCalls: [{ id: `${title}-call`, name: 'create_task', arguments: JSON.stringify({ title }) }],
  }
})
const store = await postgresRunStore({ connectionString: location }, { ownerId, leaseMs })
await store.listening()
const folder = await Workspace.openOrCreate(`${process.env.TMPDIR ?? '/tmp'}/sp-bench-sources`)
const workspace = await PostgresWorkspace.open(
  { pool: store.pool },
  { workspaceId: 'bench', sourcesDir: `${folder.root}/sources` },
)
const runtime = createAgentRuntime({
  model,
  tools: createToolRegistry(),
  workspace,
  store,
  rescanEveryMs: leaseMs / 3,
})
const now = () => performance.timeOrigin + performance.now()
const started: string[] = []
const send = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`)
runtime.subscribe((event) => {
  if (event.kind === 'toolCompleted') send({ executed: event.runId, at: now() })
})

type Command =
  | { id: number; op: 'start'; title: string }
  | { id: number; op: 'show'; runId: string }
  | { id: number; op: 'decide'; runId: string; confirmationId: string; digest: string }
  | { id: number; op: 'settle' }
  | { id: number; op: 'cpu' }

async function handle(command: Command): Promise<object> {
  if (command.op === 'start') {
    const runId = runtime.startRun({ input: command.title })
    started.push(runId)
    await waitForRun(runtime, runId, 'awaitingConfirmation', { timeoutMs: 300_000 })
    // Another node can decide the card only once it is in the store.
    await runtime.flush()
    const pending = runtime.view(runId).pending
    return { runId, confirmationId: pending?.confirmationId, digest: pending?.digest }
  }
  if (command.op === 'show') {
    await runtime.open(command.runId)
    return { ok: true }
  }
  if (command.op === 'decide') {
    const at = now()
    await runtime.submitConfirmation(command.runId, command.confirmationId, 'allow', {
      digest: command.digest,
    })
    return { ok: true, at }
  }
  if (command.op === 'cpu') return { cpuMs: cpuMs() }
  await Promise.all(
    started.map((runId) => waitForRun(runtime, runId, 'awaitingInput', { timeoutMs: 300_000 })),
  )
  await runtime.flush()
  return { cpuMs: cpuMs() }
}

function cpuMs(): number {
  const cpu = process.cpuUsage()
  return (cpu.user + cpu.system) / 1000
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as Command
  handle(command).then(
    (result) => send({ id: command.id, ...result }),
    (error: unknown) => send({ id: command.id, error: String(error) }),
  )
})
// Exits normally on SIGTERM, so that `--cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0))
send({ ready: true })
