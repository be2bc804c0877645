// A child process for the two-process tests: opens a runtime on the workspace folder given and
// obeys JSON-line commands on stdin, one JSON-line reply each on stdout (`{ n, ok, ... }`).
// Usage: twoProcessChild.ts <dir> <id prefix> [plain|app|undoHangs] [owner stale ms]. `undoHangs`
// is `plain` whose `undo_change` never gets past the start of its execution (the test kills it there). `app` starts the
// runtime the way the web app and the terminal chat do (`startRuntime`, which also restores at
// start-up); `plain` uses `createAgentRuntime` over the folder's SQLite store.
import { createInterface } from 'node:readline'
import type { z } from 'zod'
import { startRuntime } from '../../../app/startRuntime.ts'
import type { ModelRequest } from '../../../models/messages.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { AgentError } from '../../../runtime/AgentError.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import { coreStudyPulseTools } from '../../../tools/createCoreToolRegistry.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { defineTool, type ToolDefinition } from '../../../tools/defineTool.ts'
import { undoChange } from '../../../tools/studypulse/undoChange.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import { latestChangeId } from '../../../ui/core/changeOf.ts'
import type { ModelTurn } from '../../../vocabulary/ChatMessage.ts'
import { Workspace } from '../../../workspace/Workspace.ts'

const [dir = '', prefix = 'p', mode = 'plain', staleMs] = process.argv.slice(2)

/** What the test may ask; `n` numbers the command so the reply can be matched to it. */
export type ChildCommand = { n: number } & (
  | { cmd: 'start'; title: string }
  | { cmd: 'restore' }
  | { cmd: 'card'; runId: string }
  | { cmd: 'allow'; runId: string; confirmationId: string }
  | { cmd: 'edit'; runId: string; confirmationId: string; title: string }
  /** Undo `changeId`, or the run's latest change. */
  | { cmd: 'undo'; runId: string; changeId?: string }
  | { cmd: 'allowUntilUndo'; runId: string; confirmationId: string }
  /** Waits (up to 10 s) until this process's own view of the run is in `status`. */
  | { cmd: 'wait'; runId: string; status: string }
  /** Allows through the runtime's intake, waiting for the call: its per-card answer. */
  | { cmd: 'decide'; runId: string; confirmationId: string }
  | { cmd: 'exit' }
)

// The model asks for the task the user named, then answers in text once it sees the result.
const model = new ScriptedModel((request: ModelRequest): ModelTurn => {
  const last = request.messages.at(-1)
  if (last?.role === 'tool') return { text: 'done' }
  const title = last?.role === 'user' ? last.content.replace(/^create /, '') : 'unknown'
  return {
    toolCalls: [{ id: `call-${title}`, name: 'create_task', arguments: JSON.stringify({ title }) }],
  }
})

// Resolved when a hanging undo (`undoHangs`) is decided and its execution has begun.
let reachedUndo: () => void = () => undefined
const undoReached = new Promise<void>((resolve) => {
  reachedUndo = resolve
})
const hangingUndo = defineTool({
  ...(undoChange as ToolDefinition<z.ZodType>),
  execute: () => {
    reachedUndo()
    return new Promise<never>(() => {})
  },
})
const tools =
  mode === 'undoHangs'
    ? new ToolRegistry([...coreStudyPulseTools.filter((t) => t !== undoChange), hangingUndo])
    : createToolRegistry()

let ids = 0
const generateId = () => `${prefix}-${++ids}`
const runtime: AgentRuntime =
  mode === 'app'
    ? (
        await startRuntime({
          model,
          env: { ...process.env, STUDYPULSE_WORKSPACE: dir },
          log: (line) => process.stderr.write(`${line}\n`),
        })
      ).runtime
    : createAgentRuntime({
        model,
        tools,
        workspace: await Workspace.open(dir),
        store: sqliteRunStore(dir, staleMs === undefined ? {} : { ownerStaleMs: Number(staleMs) }),
        generateId,
      })

const settled = ['awaitingConfirmation', 'awaitingInput', 'failed', 'cancelled'] as const

async function obey(command: ChildCommand): Promise<Record<string, unknown>> {
  switch (command.cmd) {
    case 'start': {
      const runId = runtime.startRun({ input: `create ${command.title}` })
      const status = await waitForRun(runtime, runId, settled)
      // The card is on disk before the test lets the other process look for it.
      await runtime.flush()
      return { runId, status, pending: runtime.view(runId).pending }
    }
    case 'restore':
      return { restored: await runtime.restore() }
    case 'card': {
      const { runId } = command
      return {
        status: runtime.view(runId).value,
        pending: runtime.view(runId).pending,
        cards: runtime
          .view(runId)
          .events.filter((e) => e.kind === 'confirmationRequired')
          .map((e) => e.confirmationId),
        lastSeq: runtime.view(runId).events.at(-1)?.seq,
      }
    }
    case 'allow': {
      const { runId, confirmationId } = command
      await runtime.submitConfirmation(runId, confirmationId, 'allow')
      const status = await waitForRun(runtime, runId, settled)
      await runtime.flush()
      return { status }
    }
    case 'edit': {
      const { runId, confirmationId, title } = command
      const result = await runtime.command(runId, { kind: 'edit', confirmationId, args: { title } })
      return { replacedBy: result.applied ? result.confirmationId : undefined }
    }
    case 'undo': {
      const { runId } = command
      const changeId = command.changeId ?? latestChangeId(runtime.view(runId).events)
      if (changeId === undefined) return { changeId }
      await runtime.command(runId, { kind: 'undo', changeId })
      const status = await waitForRun(runtime, runId, settled)
      await runtime.flush()
      return { changeId, status, pending: runtime.view(runId).pending }
    }
    case 'allowUntilUndo': {
      const { runId, confirmationId } = command
      // The decision is taken and the undo's execution begins; then it hangs until killed.
      void runtime.submitConfirmation(runId, confirmationId, 'allow')
      await undoReached
      return {}
    }
    case 'wait': {
      const { runId, status } = command
      return { status: await waitForRun(runtime, runId, status as (typeof settled)[number]) }
    }
    case 'decide': {
      const { runId, confirmationId } = command
      const answer = await runtime.decide({
        face: 'test',
        answers: [{ runId, confirmationId, decision: 'allow' }],
      })
      return { answer }
    }
    case 'exit':
      await runtime.close()
      return {}
  }
}

process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`)
// One command at a time, in order: the test decides what runs concurrently (across processes).
let queue = Promise.resolve()
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as ChildCommand
  queue = queue.then(async () => {
    let reply: Record<string, unknown>
    try {
      reply = { n: command.n, ok: true, ...(await obey(command)) }
    } catch (error) {
      if (!(error instanceof AgentError)) throw error
      reply = { n: command.n, ok: false, code: error.code, message: error.message }
    }
    process.stdout.write(`${JSON.stringify(reply)}\n`)
    if (command.cmd === 'exit') process.exit(0)
  })
}
