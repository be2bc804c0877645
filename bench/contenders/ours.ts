import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
// Straight from the modules `index.ts` re-exports: the same public API without loading every tool.
import { type AgentRuntime, createAgentRuntime } from '../../machines/createAgentRuntime.ts'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { defineTool } from '../../tools/defineTool.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import { toolOk } from '../../tools/ToolResult.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import type { Contender } from '../lib/Contender.ts'
import { check } from '../lib/check.ts'
import type { TaskStore } from '../lib/TaskStore.ts'
import { callArguments, cycleFinalText, cycleTitle, workload } from '../lib/workload.ts'

/** A registry holding one in-memory `create_task` tool that writes to `store`. */
export function inMemoryRegistry(store: TaskStore): ToolRegistry {
  const createTask = defineTool({
    name: workload.toolName,
    description: workload.toolDescription,
    parameters: z.strictObject({ title: z.string().min(1).max(500) }),
    permission: 'write',
    preview: (args) => `Create task “${args.title}”`,
    execute: (args) => toolOk(store.add(args.title)),
  })
  return new ToolRegistry([createTask])
}

const singleScript = (request: ModelRequest): ModelTurn =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: workload.finalText }
    : { toolCalls: [{ id: workload.callId, name: workload.toolName, arguments: callArguments }] }

function cyclesScript(cycles: number) {
  return (request: ModelRequest): ModelTurn => {
    const done = request.messages.filter((m) => m.role === 'tool').length
    if (done >= cycles) return { text: cycleFinalText(cycles) }
    const args = JSON.stringify({ title: cycleTitle(done + 1) })
    return { toolCalls: [{ id: `call_${done + 1}`, name: workload.toolName, arguments: args }] }
  }
}

/** The last assistant text a run's event log holds. */
export function lastAssistantText(events: readonly AgentEvent[]): string {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]
    if (event?.kind === 'assistantMessage') return event.text ?? ''
  }
  return ''
}

/** Approves the confirmation a run waits for (public API only). */
export function approvePending(runtime: AgentRuntime, runId: string): void {
  const pending = runtime.pendingConfirmation(runId)
  check(pending !== undefined, 'the run waits for no confirmation')
  runtime.submitConfirmation(runId, pending.confirmationId, 'allow')
}

/**
 * Ends a finished conversation and drops it from memory, as the peers drop theirs; without this
 * the runtime would keep every run's actor and log (the "finished run still held" column).
 */
export function endRun(runtime: AgentRuntime, runId: string): void {
  runtime.cancel(runId)
  runtime.release(runId)
}

/** A runtime with an in-memory tool over a throwaway workspace folder (the tool never touches it). */
async function inMemoryRuntime(
  store: TaskStore,
  script: (r: ModelRequest) => ModelTurn,
  maxTurns?: number,
) {
  const dir = await mkdtemp(join(tmpdir(), 'studypulse-bench-'))
  const workspace = await Workspace.create(dir)
  const model = new ScriptedModel(script)
  const tools = inMemoryRegistry(store)
  // In memory like the peers: no run files, journal or audit log (scenario (c) measures those).
  const runtime = createAgentRuntime({
    model,
    tools,
    workspace,
    durable: false,
    ...(maxTurns !== undefined && { maxTurns }),
  })
  return { runtime, model, dispose: () => rm(dir, { recursive: true, force: true }) }
}

/** StudyPulse Agent's runtime through its public API, with `ScriptedModel`. */
export async function ours(store: TaskStore): Promise<Contender> {
  const single = await inMemoryRuntime(store, singleScript)
  const { runtime, model } = single
  const disposers = [single.dispose]
  const cycleRuntimes = new Map<number, Awaited<ReturnType<typeof inMemoryRuntime>>>()
  return {
    name: 'studypulse',
    async start() {
      const runId = runtime.startRun({ input: workload.userInput })
      await runtime.waitFor(runId, 'awaitingConfirmation')
      // ScriptedModel logs every request; drop the log so it does not count as the run's memory.
      model.requests.length = 0
      return {
        async approve() {
          approvePending(runtime, runId)
          await runtime.waitFor(runId, 'awaitingInput')
          model.requests.length = 0
          const text = lastAssistantText(runtime.events(runId))
          endRun(runtime, runId)
          return text
        },
      }
    },
    async cycles(cycles, onApproval) {
      let own = cycleRuntimes.get(cycles)
      if (own === undefined) {
        own = await inMemoryRuntime(store, cyclesScript(cycles), cycles + 1)
        cycleRuntimes.set(cycles, own)
        disposers.push(own.dispose)
      }
      const runId = own.runtime.startRun({ input: workload.userInput })
      for (let k = 1; ; k++) {
        const status = await own.runtime.waitFor(runId, ['awaitingConfirmation', 'awaitingInput'])
        if (status === 'awaitingInput') break
        onApproval(k)
        approvePending(own.runtime, runId)
      }
      own.model.requests.length = 0
      const text = lastAssistantText(own.runtime.events(runId))
      endRun(own.runtime, runId)
      return text
    },
    async dispose() {
      await Promise.all(disposers.map((d) => d()))
    },
  }
}
