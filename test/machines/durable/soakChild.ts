// A child process for the SIGKILL soak: makes confirmed `create_task` writes until task-1..N exist,
// restoring whatever a previous (killed) process left behind first. Prints `done` at the end.
// The store is the folder default (the Node entry given no store: the folder's SQLite file).

import type { ModelRequest } from '../../../models/messages.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { createNodeAgentRuntime } from '../../../runtime/createNodeAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import type { ModelTurn } from '../../../vocabulary/ChatMessage.ts'
import { Workspace } from '../../../workspace/Workspace.ts'

const [dir = '', countText = '0'] = process.argv.slice(2)
const count = Number(countText)

// The model asks for the task the user named, then answers in text once it sees the result.
const model = new ScriptedModel((request: ModelRequest): ModelTurn => {
  const last = request.messages.at(-1)
  if (last?.role === 'tool') return { text: 'done' }
  const title = last?.role === 'user' ? last.content.replace(/^create /, '') : 'unknown'
  const n = request.messages.filter((m) => m.role === 'assistant').length
  return {
    toolCalls: [
      { id: `${title}-call-${n}`, name: 'create_task', arguments: JSON.stringify({ title }) },
    ],
  }
})
const workspace = await Workspace.open(dir)
const runtime = createNodeAgentRuntime({ model, tools: createToolRegistry(), workspace })

async function finish(runId: string): Promise<void> {
  for (;;) {
    const status = await waitForRun(
      runtime,
      runId,
      ['awaitingConfirmation', 'awaitingInput', 'failed', 'cancelled'],
      {
        timeoutMs: 30_000,
      },
    )
    if (status !== 'awaitingConfirmation') return
    const pending = runtime.view(runId).pending
    // A refusal (the card was decided meanwhile) shows in the next look at the run.
    if (pending)
      await runtime.submitConfirmation(runId, pending.confirmationId, 'allow').catch(() => {})
  }
}

// Runs a crash left behind come first, so no title is asked for twice.
process.stdout.write('restoring\n')
for (const runId of await runtime.restore()) await finish(runId)
process.stdout.write('restored\n')
await runtime.flush()
for (let k = 1; k <= count; k++) {
  const title = `task-${k}`
  const titles = new Set((await workspace.readTasks()).map((t) => t.title))
  if (titles.has(title)) continue
  const runId = runtime.startRun({ input: `create ${title}` })
  await finish(runId)
  await runtime.cancel(runId)
  await runtime.flush()
  // The parent kills this process at a point it picks by these lines, not by the clock.
  process.stdout.write(`wrote ${k}\n`)
}
process.stdout.write('done\n')
process.exit(0)
