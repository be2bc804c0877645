import { diag, type Tracer } from '@opentelemetry/api'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { AgentRuntime, Identity, RuntimeCommand } from '../AgentRuntime.ts'
import { internalsOf, type RuntimeInternals, registerInternals } from '../runtimeInternals.ts'
import { RunSpans } from './RunSpans.ts'
import { type RunSpanIds, turnOf } from './runSpanIds.ts'

/** How `traceRuns` traces a runtime's runs. */
export interface TraceRunsOptions {
  tracer: Tracer
  /**
   * The id generator the tracer's provider was given (`idGenerator: ids`): each turn's span then
   * gets the id its children name, in this process or in the one that restores the run.
   */
  ids: RunSpanIds
  /** Record tool arguments, results and card previews on the spans; default false. */
  recordContent?: boolean
  /** `gen_ai.agent.name` (default `studypulse`). */
  agentName?: string
}

/**
 * The same runtime, traced: an `invoke_agent` span per turn of each run it holds (a user message
 * until the run waits for the next one or ends), an `execute_tool` span per tool execution and an
 * `await_approval` span per card, from the card to its decision. Built on the runtime's listener
 * alone; the `chat` spans come from the model (`traceModel`). Use the returned runtime in its
 * place, so the spans of decisions and edits name who made them (the host's `by`).
 */
export function traceRuns(runtime: AgentRuntime, options: TraceRunsOptions): AgentRuntime {
  const { tracer, ids, recordContent = false, agentName = 'studypulse' } = options
  const internals = internalsIfAny(runtime)
  // Runs another node owns reach the listener too; their owner traces them.
  const holds = (runId: string) => internals === undefined || internals.session(runId) !== undefined
  const runs = new Map<string, RunSpans>()
  const deciders = new Map<string, Identity>()
  let warned = false
  const spansFor = (runId: string) =>
    new RunSpans(runId, {
      tracer,
      ids,
      recordContent,
      agentName,
      turnNow: () => turnOf(runtime.view(runId).messages),
      deciderOf: (confirmationId) => deciders.get(confirmationId),
      unpinned: () => {
        if (warned) return
        warned = true
        diag.warn(
          'studypulse: the tracer provider does not use the ids given to traceRuns (idGenerator); turn spans will not parent their children',
        )
      },
    })
  const listener = (event: AgentEvent) => {
    if (event.kind === 'assistantDelta') return
    const { runId } = event
    if (!holds(runId)) {
      runs.delete(runId)
      return
    }
    let spans = runs.get(runId)
    if (spans === undefined) {
      spans = spansFor(runId)
      runs.set(runId, spans)
      // A run restored here (or taken over): its log so far says which turn, card or call is open.
      for (const earlier of runtime.view(runId).events) {
        if (earlier.seq >= event.seq) break
        spans.take(earlier, false)
      }
    }
    spans.take(event, true)
    if (
      event.kind === 'statusChanged' &&
      (event.status === 'failed' || event.status === 'cancelled')
    )
      runs.delete(runId)
  }
  const unsubscribe = runtime.subscribe(listener)

  const traced: AgentRuntime = {
    model: runtime.model,
    tools: runtime.tools,
    workspace: runtime.workspace,
    store: runtime.store,
    policies: runtime.policies,
    approvalRules: runtime.approvalRules,
    startRun: (start) => runtime.startRun(start),
    command(runId, command, commandOptions) {
      const by = deciderIn(command)
      if (by === undefined || deciders.has(by.confirmationId)) {
        return runtime.command(runId, command, commandOptions)
      }
      // Noted until the command settles: the run logs its answer to the card before then.
      deciders.set(by.confirmationId, by.identity)
      const done = () => deciders.delete(by.confirmationId)
      const result = runtime.command(runId, command, commandOptions)
      result.then(done, done)
      return result
    },
    decide(request) {
      const { id, name } = request.by ?? {}
      const identity = { ...(id !== undefined && { id }), ...(name !== undefined && { name }) }
      const noted =
        id === undefined && name === undefined
          ? []
          : (Array.isArray(request.answers) ? request.answers : [])
              .map((answer) => answer?.confirmationId)
              .filter(
                (confirmationId) =>
                  typeof confirmationId === 'string' && !deciders.has(confirmationId),
              )
      // Noted until the request settles: the run logs its answer to the card before then.
      for (const confirmationId of noted) deciders.set(confirmationId, identity)
      const done = () => {
        for (const confirmationId of noted) deciders.delete(confirmationId)
      }
      const result = runtime.decide(request)
      result.then(done, done)
      return result
    },
    async submitConfirmation(runId, confirmationId, decision, decisionOptions = {}) {
      await traced.command(runId, { kind: 'decide', confirmationId, decision, ...decisionOptions })
    },
    sendInput: (runId, text) => runtime.sendInput(runId, text),
    cancel: (runId, reason) => runtime.cancel(runId, reason),
    view: (runId) => runtime.view(runId),
    subscribe: runtime.subscribe.bind(runtime),
    open: (runId) => runtime.open(runId),
    runIds: () => runtime.runIds(),
    listRuns: (query) => runtime.listRuns(query),
    release: (runId) => runtime.release(runId),
    restore: () => runtime.restore(),
    flush: () => runtime.flush(),
    async close() {
      unsubscribe()
      runs.clear()
      await runtime.close()
    },
  }
  if (internals !== undefined) registerInternals(traced, internals)
  return traced
}

/** The identity a decision or an edit names, if the host gave one with an id or a name. */
function deciderIn(
  command: RuntimeCommand,
): { confirmationId: string; identity: Identity } | undefined {
  if (command.kind !== 'decide' && command.kind !== 'edit') return undefined
  const { id, name } = command.by ?? {}
  if (id === undefined && name === undefined) return undefined
  return {
    confirmationId: command.confirmationId,
    identity: { ...(id !== undefined && { id }), ...(name !== undefined && { name }) },
  }
}

function internalsIfAny(runtime: AgentRuntime): RuntimeInternals | undefined {
  try {
    return internalsOf(runtime)
  } catch {
    return undefined
  }
}
