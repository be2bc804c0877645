import { closeSync, fdatasyncSync, mkdirSync, openSync, statfsSync, writeSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createNodeAgentRuntime } from '../../runtime/createNodeAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
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
  /** The SQLite file its runs write, if they write one (the WAL's frames are counted there). */
  databaseFile?: string
}

// tmpfs (/tmp on many machines, /dev/shm) never reaches a disk: its fsync is free and measures nothing.
const tmpfsMagic = 0x01021994

/**
 * A folder for durable runs on a real disk: under the repository's `.scratch/` (the bench runs
 * in `bench/`), or `STUDYPULSE_BENCH_DIR`; refused when it is tmpfs.
 */
export async function diskFolder(prefix: string): Promise<string> {
  const parent = process.env.STUDYPULSE_BENCH_DIR ?? resolve(process.cwd(), '..', '.scratch')
  mkdirSync(parent, { recursive: true })
  if (statfsSync(parent).type === tmpfsMagic) {
    throw new Error(
      `${parent} is tmpfs: the durable bench needs a real disk (set STUDYPULSE_BENCH_DIR)`,
    )
  }
  return mkdtemp(join(parent, prefix))
}

async function tempWorkspace() {
  const dir = await diskFolder('studypulse-bench-durable-')
  const workspace = await Workspace.create(dir)
  return {
    workspace,
    titles: async () => (await workspace.readTasks()).map((task) => task.title),
    reset: () => writeFileAtomic(join(workspace.root, 'tasks.json'), emptyTasksJson),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
}

const emptyTasksJson = `${JSON.stringify({ version: 1, tasks: [] }, null, 2)}\n`

/** The durable runs' model: asks for the workload's create_task, then answers in text. */
export const durableScript = (request: ModelRequest): ModelTurn =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: workload.finalText }
    : { toolCalls: [{ id: workload.callId, name: workload.toolName, arguments: callArguments }] }

/**
 * StudyPulse's runtime with its real `create_task` over a real workspace and everything it
 * persists by default (the Node entry over a folder given no store: the folder's SQLite file):
 * snapshots, event log, intent journal and audit log, the decision and the outcome synced.
 */
export async function oursDurable(): Promise<DurableContender> {
  const ws = await tempWorkspace()
  const model = new ScriptedModel(durableScript)
  // No store: the default a folder workspace gets, `sqliteRunStore(root)`.
  const runtime = createNodeAgentRuntime({
    model,
    tools: createToolRegistry(),
    workspace: ws.workspace,
  })
  let last: string | undefined
  return {
    name: 'studypulse-durable',
    databaseFile: join(ws.workspace.root, 'studypulse.db'),
    titles: ws.titles,
    async reset() {
      // Untimed: end the finished run and wait for its last save, so no run's writes spill into
      // the next one's time and memory stays flat.
      if (last !== undefined) await endRun(runtime, last)
      last = undefined
      await runtime.flush()
      // The records are rows of studypulse.db now (imported on the runtime's first open).
      for (const task of await ws.workspace.readTasks()) await ws.workspace.deleteTask(task.id)
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

/**
 * The disk's floor for a confirmed call: two appends to one file, each fsynced (fdatasync) before
 * the next step, the decision and then the effect; what any durable approval must at least do.
 */
export async function twoFsyncedAppends(): Promise<DurableContender> {
  const dir = await diskFolder('studypulse-bench-floor-')
  const fd = openSync(join(dir, 'log.jsonl'), 'a')
  let appended = 0
  let next = 0
  return {
    name: 'two-fsynced-appends',
    titles: async () => (appended === 0 ? [] : [workload.taskTitle]),
    reset: async () => {
      appended = 0
    },
    async start() {
      return {
        async approve() {
          const id = ++next
          writeSync(fd, `{"decision":"allow","call":${id}}\n`)
          fdatasyncSync(fd)
          writeSync(
            fd,
            `{"effect":"task created","title":${JSON.stringify(workload.taskTitle)},"call":${id}}\n`,
          )
          fdatasyncSync(fd)
          appended++
          return workload.finalText
        },
      }
    },
    async dispose() {
      closeSync(fd)
      await rm(dir, { recursive: true, force: true })
    },
  }
}
