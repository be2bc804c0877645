import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { fileRunStore } from '../../store/fileRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { writeFileAtomic } from '../../workspace/atomicWrite.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import type { Contender } from '../lib/Contender.ts'
import { callArguments, workload } from '../lib/workload.ts'
import { approvePending, endRun, lastAssistantText } from './ours.ts'

/** A contender whose side effect lands in a real workspace folder; checks read it back untimed. */
export interface DurableContender extends Contender {
  /** The titles stored in the workspace's `tasks.json`. */
  titles(): Promise<string[]>
  /** Empties the task list again (untimed, between runs). */
  reset(): Promise<void>
}

async function tempWorkspace() {
  const dir = await mkdtemp(join(tmpdir(), 'studypulse-bench-durable-'))
  const workspace = await Workspace.create(dir)
  return {
    workspace,
    titles: async () => (await workspace.readTasks()).map((task) => task.title),
    reset: () => writeFileAtomic(join(workspace.root, 'tasks.json'), emptyTasksJson),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
}

const emptyTasksJson = `${JSON.stringify({ version: 1, tasks: [] }, null, 2)}\n`

const script = (request: ModelRequest): ModelTurn =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: workload.finalText }
    : { toolCalls: [{ id: workload.callId, name: workload.toolName, arguments: callArguments }] }

/**
 * StudyPulse's runtime with its real `create_task` over a real workspace and everything it
 * persists by default: snapshots, event log, intent journal and audit log, each save fsynced.
 */
export async function oursDurable(): Promise<DurableContender> {
  const ws = await tempWorkspace()
  const model = new ScriptedModel(script)
  // The store the app gives a folder workspace: `fileRunStore(root)`.
  const runtime = createAgentRuntime({
    model,
    tools: createToolRegistry(),
    workspace: ws.workspace,
    store: fileRunStore(ws.workspace.root),
  })
  let last: string | undefined
  return {
    name: 'studypulse-durable',
    titles: ws.titles,
    async reset() {
      // Untimed: end the finished run and wait for its last save, so no run's writes spill into
      // the next one's time and memory stays flat.
      if (last !== undefined) await endRun(runtime, last)
      last = undefined
      await runtime.flush()
      await ws.reset()
    },
    async start() {
      const runId = runtime.startRun({ input: workload.userInput })
      last = runId
      await waitForRun(runtime, runId, 'awaitingConfirmation')
      model.requests.length = 0
      return {
        async approve() {
          await approvePending(runtime, runId)
          await waitForRun(runtime, runId, 'awaitingInput')
          // Count the saving too: done means on disk, not merely decided in memory.
          await runtime.flush()
          model.requests.length = 0
          return lastAssistantText(runtime.view(runId).events)
        },
      }
    },
    async dispose() {
      await runtime.close()
      await ws.dispose()
    },
  }
}

/** The floor for (c): the same task written with one bare `writeFileAtomic` of `tasks.json`. */
export async function atomicWriteOnly(): Promise<DurableContender> {
  const ws = await tempWorkspace()
  const path = join(ws.workspace.root, 'tasks.json')
  let next = 0
  return {
    name: 'atomic-write',
    titles: ws.titles,
    reset: ws.reset,
    async start() {
      return {
        async approve() {
          const at = new Date().toISOString()
          const task = {
            id: `task-${++next}`,
            title: workload.taskTitle,
            done: false,
            createdAt: at,
            updatedAt: at,
          }
          await writeFileAtomic(path, `${JSON.stringify({ version: 1, tasks: [task] }, null, 2)}\n`)
          return workload.finalText
        },
      }
    },
    dispose: ws.dispose,
  }
}
