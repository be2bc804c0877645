// A child for the one-transaction crash test. `crash <dir> <point>`: starts a run that asks for
// create_task, allows its card, and SIGKILLs itself at `point` of the tool's one transaction
// (`before`: at its BEGIN, the effect worked out and nothing written; `inside`: every statement
// run, the COMMIT not; `after`: right after the COMMIT, before the run's next save).
// `recover <dir>`: restores what the crash left, allows a card that came back, waits for the
// run to end its turn, and prints what the folder holds as one JSON line.
import Database from 'libsql'
import type { ModelRequest } from '../../../models/messages.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { createNodeAgentRuntime } from '../../../runtime/createNodeAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import type { ModelTurn } from '../../../vocabulary/ChatMessage.ts'
import { folderDatabase } from '../../../workspace/sqlite/folderDatabase.ts'
import { SqliteWorkspace } from '../../../workspace/sqlite/SqliteWorkspace.ts'
import { Workspace } from '../../../workspace/Workspace.ts'

const [mode = '', dir = '', point = ''] = process.argv.slice(2)

const model = new ScriptedModel((request: ModelRequest): ModelTurn => {
  if (request.messages.at(-1)?.role === 'tool') return { text: 'done' }
  return {
    toolCalls: [
      { id: 'call-1', name: 'create_task', arguments: JSON.stringify({ title: 'Essay' }) },
    ],
  }
})

// Armed when the tool's transaction starts (withOutcome), so only its statements are watched.
let armed = false
const withOutcome = SqliteWorkspace.prototype.withOutcome
SqliteWorkspace.prototype.withOutcome = function (this: SqliteWorkspace, ...args) {
  armed = true
  return withOutcome.apply(this, args as never) as never
} as typeof withOutcome
const exec = Database.prototype.exec
Database.prototype.exec = function (this: Database.Database, sql: string) {
  const kill = () => process.kill(process.pid, 'SIGKILL')
  if (armed && sql === 'BEGIN IMMEDIATE' && point === 'before') kill()
  if (armed && sql === 'COMMIT' && point === 'inside') kill()
  const result = exec.call(this, sql)
  if (armed && sql === 'COMMIT' && point === 'after') kill()
  return result
} as typeof exec

const workspace = await Workspace.open(dir)
const runtime = createNodeAgentRuntime({ model, tools: createToolRegistry(), workspace })

async function allowUntilDone(runId: string): Promise<void> {
  for (;;) {
    const status = await waitForRun(runtime, runId, ['awaitingConfirmation', 'awaitingInput'], {
      timeoutMs: 30_000,
    })
    if (status !== 'awaitingConfirmation') return
    const pending = runtime.view(runId).pending
    if (pending) await runtime.submitConfirmation(runId, pending.confirmationId, 'allow')
  }
}

if (mode === 'crash') {
  await allowUntilDone(runtime.startRun({ input: 'add my essay' }))
  process.stdout.write('no crash\n')
  process.exit(1)
}
const restored = await runtime.restore()
for (const runId of restored) await allowUntilDone(runId)
await runtime.flush()
const db = folderDatabase(dir)
const rows = (sql: string) => db.prepare(sql).raw(true).all() as unknown[][]
process.stdout.write(
  `${JSON.stringify({
    restored: restored.length,
    tasks: (await workspace.readTasks()).map((task) => task.title),
    audit: (await runtime.store?.readAudit())?.map((line) => [line.toolCallId, line.outcome]),
    outcomes: rows('SELECT body FROM run_log WHERE kind = 2').filter((r) =>
      String(r[0]).includes('"type":"outcome"'),
    ).length,
    decisions: rows('SELECT decision FROM pending_confirmations WHERE decision IS NOT NULL').length,
  })}\n`,
)
await runtime.close()
process.exit(0)
