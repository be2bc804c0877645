import type { ModelClient } from '../../models/messages.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { ToolRegistry } from '../../tools/ToolRegistry.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { sequentialIds, steppingClock, trackRuntime } from './tempWorkspace.ts'

/** A runtime over a given model and workspace with a deterministic clock and ids. */
export function makeRuntime(
  model: ModelClient,
  workspace: Workspace,
  tools: ToolRegistry = createToolRegistry(),
): AgentRuntime {
  const runtime = createAgentRuntime({
    model,
    tools,
    workspace,
    // The folder keeps its runs, as the app's runtime does.
    store: sqliteRunStore(workspace.root),
    clock: steppingClock(),
    generateId: sequentialIds('uuid'),
  })
  trackRuntime(runtime)
  const seen: AgentEvent[] = []
  delivered.set(runtime, seen)
  runtime.subscribe((event) => seen.push(event))
  return runtime
}

// Everything each harness runtime delivered, streamed text included (the stored log has none).
const delivered = new WeakMap<AgentRuntime, AgentEvent[]>()

/** Every event a harness runtime delivered for a run, in order: the log plus the live deltas. */
export function deliveredEvents(runtime: AgentRuntime, runId: string): AgentEvent[] {
  return (delivered.get(runtime) ?? []).filter((e) => e.runId === runId)
}

/** The confirmation id of the latest `confirmationRequired` event of a run. */
export function pendingId(runtime: AgentRuntime, runId: string): string {
  const event = runtime
    .view(runId)
    .events.filter((e) => e.kind === 'confirmationRequired')
    .at(-1)
  if (event?.confirmationId === undefined) throw new Error('no confirmation was requested')
  return event.confirmationId
}

/** The events of a run of one kind. */
export function eventsOf(
  runtime: AgentRuntime,
  runId: string,
  kind: AgentEvent['kind'],
): AgentEvent[] {
  return runtime.view(runId).events.filter((e) => e.kind === kind)
}

/**
 * Allows the card a run waits on as the person saw it (its id and its card digest), then waits
 * until the run rests for input again.
 */
export async function allowShownCard(runtime: AgentRuntime, runId: string): Promise<void> {
  const card = runtime.view(runId).pending
  if (card === undefined) throw new Error(`run ${runId} shows no card`)
  await runtime.command(runId, {
    kind: 'decide',
    confirmationId: card.confirmationId,
    decision: 'allow',
    digest: card.digest,
  })
  await waitForRun(runtime, runId, 'awaitingInput')
}
