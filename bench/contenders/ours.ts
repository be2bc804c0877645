import { z } from 'zod'
// The public API, from the browser-safe entry point.
import {
  type AgentEvent,
  type AgentRuntime,
  createAgentRuntime,
  defineTool,
  MemoryWorkspace,
  type ModelClient,
  type ModelRequest,
  type ModelTurn,
  ToolRegistry,
  toolOk,
  waitForRun,
} from '../../core.ts'
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
export function approvePending(runtime: AgentRuntime, runId: string): Promise<void> {
  const { pending } = runtime.view(runId)
  check(pending !== undefined, 'the run waits for no confirmation')
  return runtime.submitConfirmation(runId, pending.confirmationId, 'allow', {
    digest: pending.digest,
  })
}

/**
 * Ends a finished conversation and drops it from memory, as the peers drop theirs; without this
 * the runtime would keep every run's actor and log (the "finished run still held" column).
 */
export async function endRun(runtime: AgentRuntime, runId: string): Promise<void> {
  await runtime.cancel(runId)
  runtime.release(runId)
}

/** A model that answers from a script function, as the peers' scripted models do (no request log). */
function scriptedModel(script: (r: ModelRequest) => ModelTurn): ModelClient {
  return { name: 'bench', complete: async (request) => script(request) }
}

/** A runtime with an in-memory tool over an in-memory workspace (the tool never touches it). */
function inMemoryRuntime(
  store: TaskStore,
  script: (r: ModelRequest) => ModelTurn,
  maxTurns?: number,
) {
  // In memory like the peers: no run store, journal or audit log (scenario (c) measures those).
  return createAgentRuntime({
    model: scriptedModel(script),
    tools: inMemoryRegistry(store),
    workspace: new MemoryWorkspace(),
    durable: false,
    ...(maxTurns !== undefined && { maxTurns }),
  })
}

/** StudyPulse Agent's runtime through its public API. */
export async function ours(store: TaskStore): Promise<Contender> {
  const runtime = inMemoryRuntime(store, singleScript)
  const cycleRuntimes = new Map<number, AgentRuntime>()
  return {
    name: 'studypulse',
    async start() {
      const runId = runtime.startRun({ input: workload.userInput })
      await waitForRun(runtime, runId, 'awaitingConfirmation')
      return {
        async approve() {
          await approvePending(runtime, runId)
          await waitForRun(runtime, runId, 'awaitingInput')
          const text = lastAssistantText(runtime.view(runId).events)
          await endRun(runtime, runId)
          return text
        },
      }
    },
    async cycles(cycles, onApproval) {
      let own = cycleRuntimes.get(cycles)
      if (own === undefined) {
        own = inMemoryRuntime(store, cyclesScript(cycles), cycles + 1)
        cycleRuntimes.set(cycles, own)
      }
      const runId = own.startRun({ input: workload.userInput })
      for (let k = 1; ; k++) {
        const status = await waitForRun(own, runId, ['awaitingConfirmation', 'awaitingInput'])
        if (status === 'awaitingInput') break
        onApproval(k)
        await approvePending(own, runId)
      }
      const text = lastAssistantText(own.view(runId).events)
      await endRun(own, runId)
      return text
    },
  }
}
