// One node of the `postgres` bench, driven by JSON lines on stdin (answers `{ id, ... }` lines):
//   { id, op: 'start', titles }    starts one run per title; answers with each card once saved
//   { id, op: 'decide', runId, confirmationId, digest }   allows a card; answers { ok, at }
//   { id, op: 'executed' }         once its runs rest, answers { at: { runId: ms } }: when each call ran
// Usage: benchNode.ts file <folder> | postgres <url> <ownerId>
import { createInterface } from 'node:readline'
import { createRuntime } from '../../machines/createRuntime.ts'
import type { ModelRequest, ModelTurn } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { fileRunStore } from '../../store/fileRunStore.ts'
import { PostgresWorkspace } from '../../store/postgres/PostgresWorkspace.ts'
import { postgresRunStore } from '../../store/postgres/postgresRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { Workspace } from '../../workspace/Workspace.ts'

const [kind = '', location = '', ownerId = 'bench'] = process.argv.slice(2)
const model = new ScriptedModel((request: ModelRequest): ModelTurn => {
  const last = request.messages.at(-1)
  if (last?.role === 'tool') return { text: 'done' }
  const title = last?.role === 'user' ? last.content : 'unknown'
  return {
    toolCalls: [{ id: `${title}-call`, name: 'create_task', arguments: JSON.stringify({ title }) }],
  }
})
let runtime: ReturnType<typeof createRuntime>
if (kind === 'postgres') {
  const store = await postgresRunStore({ connectionString: location }, { ownerId })
  const folder = await Workspace.openOrCreate(`${process.env.TMPDIR ?? '/tmp'}/sp-bench-sources`)
  const workspace = await PostgresWorkspace.open(
    { pool: store.pool },
    { workspaceId: 'bench', sourcesDir: `${folder.root}/sources` },
  )
  runtime = createRuntime({ model, tools: createToolRegistry(), workspace, store })
} else {
  const workspace = await Workspace.openOrCreate(location)
  runtime = createRuntime({
    model,
    tools: createToolRegistry(),
    workspace,
    store: fileRunStore(location),
  })
}
const executed = new Map<string, number>()
const started: string[] = []
runtime.onEvent((event) => {
  if (event.kind === 'toolCompleted')
    executed.set(event.runId, performance.timeOrigin + performance.now())
})

type Command =
  | { id: number; op: 'start'; titles: string[] }
  | { id: number; op: 'decide'; runId: string; confirmationId: string; digest: string }
  | { id: number; op: 'executed' }

async function handle(command: Command): Promise<object> {
  if (command.op === 'start') {
    const cards = await Promise.all(
      command.titles.map(async (title) => {
        const runId = runtime.startRun({ input: title })
        started.push(runId)
        await runtime.waitFor(runId, 'awaitingConfirmation', { timeoutMs: 300_000 })
        const pending = runtime.pendingConfirmation(runId)
        return { runId, confirmationId: pending?.confirmationId, digest: pending?.digest }
      }),
    )
    await runtime.flush()
    return { cards }
  }
  if (command.op === 'decide') {
    const at = performance.timeOrigin + performance.now()
    await runtime.decide(command.runId, command.confirmationId, 'allow', { digest: command.digest })
    return { ok: true, at }
  }
  // Every run this node started has run its call and rests, waiting for input.
  await Promise.all(
    started.map((runId) => runtime.waitFor(runId, 'awaitingInput', { timeoutMs: 300_000 })),
  )
  await runtime.flush()
  return { at: Object.fromEntries(executed) }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as Command
  handle(command).then(
    (result) => process.stdout.write(`${JSON.stringify({ id: command.id, ...result })}\n`),
    (error: unknown) =>
      process.stdout.write(`${JSON.stringify({ id: command.id, error: String(error) })}\n`),
  )
})
process.stdout.write(`${JSON.stringify({ ready: true })}\n`)
