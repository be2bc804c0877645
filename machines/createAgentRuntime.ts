import { type Actor, createActor } from 'xstate'
import type { ChatMessage, ModelClient } from '../models/messages.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { Workspace } from '../workspace/Workspace.ts'
import { AgentError } from './AgentError.ts'
import type { AgentEvent, ConfirmationDecision, RunStatus } from './AgentEvent.ts'
import type { PendingConfirmation } from './agentRunTypes.ts'
import { type AgentRunMachine, createAgentRunMachine } from './agentRunMachine.ts'
import { createRunActors } from './runActors.ts'

/** What a runtime is built from; clock and id generator default to the real ones. */
export interface AgentRuntimeOptions {
  model: ModelClient
  tools: ToolRegistry
  workspace: Workspace
  clock?: () => Date
  generateId?: () => string
  /** Model turns allowed after each user message (default 25). */
  maxTurns?: number
  /** A system prompt put before every run's first user message. */
  systemPrompt?: string
}

/** What starting a run takes. */
export interface StartRunOptions {
  input: string
  notebookId?: string
}

/** A running agent-run actor. */
export type AgentRunActor = Actor<AgentRunMachine>

/** Runs agents: starts runs, passes on the user's decisions, and reports what happened. */
export interface AgentRuntime {
  readonly model: ModelClient
  readonly tools: ToolRegistry
  readonly workspace: Workspace
  /** Starts a run; returns its id at once while the model thinks. */
  startRun(options: StartRunOptions): string
  /** Sends the user's next message to a run that is waiting for input. */
  sendInput(runId: string, text: string): void
  /** Ends a run: aborts the model or tool, drops any pending confirmation. */
  cancel(runId: string, reason?: string): void
  /** Passes on the user's decision; throws `AgentError('confirmation_not_found')` unless it matches. */
  submitConfirmation(runId: string, confirmationId: string, decision: ConfirmationDecision): void
  status(runId: string): RunStatus
  /** The confirmation a run waits for, if any. */
  pendingConfirmation(runId: string): PendingConfirmation | undefined
  /** Resolves once the run is in one of the given states; rejects on timeout or if it ends elsewhere. */
  waitFor(
    runId: string,
    status: RunStatus | readonly RunStatus[],
    options?: { timeoutMs?: number },
  ): Promise<RunStatus>
  events(runId: string): readonly AgentEvent[]
  /** Calls `listener` with each event of the run from now on; returns the unsubscribe function. */
  subscribe(runId: string, listener: (event: AgentEvent) => void): () => void
  /** Calls `listener` with every event of every run started from now on. */
  onEvent(listener: (event: AgentEvent) => void): () => void
  actor(runId: string): AgentRunActor
  runIds(): readonly string[]
}

const finalStatuses: ReadonlySet<RunStatus> = new Set(['failed', 'cancelled'])

/** Creates a runtime over a model, a tool registry and a workspace. */
export function createAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const clock = options.clock ?? (() => new Date())
  const generateId = options.generateId ?? (() => crypto.randomUUID())
  const { model, tools, workspace } = options
  const logic = createAgentRunMachine({ tools, clock, generateId }).provide({
    actors: createRunActors({ model, tools, workspace, clock, generateId }),
  })
  const history: ChatMessage[] =
    options.systemPrompt === undefined ? [] : [{ role: 'system', content: options.systemPrompt }]
  const runs = new Map<string, AgentRunActor>()
  const runListeners = new Map<string, Set<(event: AgentEvent) => void>>()
  const allListeners = new Set<(event: AgentEvent) => void>()

  const find = (runId: string): AgentRunActor => {
    const actor = typeof runId === 'string' ? runs.get(runId) : undefined
    if (actor === undefined) throw new AgentError('run_not_found', `no run has id "${runId}"`)
    return actor
  }
  const statusOf = (actor: AgentRunActor): RunStatus => actor.getSnapshot().value as RunStatus

  const fanOut = (runId: string, actor: AgentRunActor) => {
    let delivered = 0
    const deliver = () => {
      const events = actor.getSnapshot().context.events
      while (delivered < events.length) {
        const event = events[delivered++] as AgentEvent
        for (const listener of allListeners) listener(event)
        for (const listener of runListeners.get(runId) ?? []) listener(event)
      }
    }
    actor.subscribe({ next: deliver, error: deliver, complete: deliver })
    return deliver
  }

  const notFound = (message: string) => new AgentError('confirmation_not_found', message)

  return {
    model,
    tools,
    workspace,
    startRun({ input, notebookId }) {
      if (typeof input !== 'string' || input.trim() === '') {
        throw new AgentError('invalid_input', 'a run needs a non-empty input')
      }
      const runId = generateId()
      const actor = createActor(logic, {
        id: runId,
        input: {
          runId,
          input,
          history,
          ...(notebookId !== undefined && { notebookId }),
          ...(options.maxTurns !== undefined && { maxTurns: options.maxTurns }),
        },
      })
      runs.set(runId, actor)
      const deliver = fanOut(runId, actor)
      actor.start()
      deliver()
      return runId
    },
    sendInput(runId, text) {
      const actor = find(runId)
      if (typeof text !== 'string' || text.trim() === '') {
        throw new AgentError('invalid_input', 'input must be a non-empty string')
      }
      if (statusOf(actor) !== 'awaitingInput') {
        throw new AgentError('not_awaiting_input', `run ${runId} is ${statusOf(actor)}, not awaiting input`)
      }
      actor.send({ type: 'USER_INPUT', text })
    },
    cancel(runId, reason) {
      const actor = find(runId)
      if (finalStatuses.has(statusOf(actor))) return
      actor.send({ type: 'CANCEL', ...(reason !== undefined && { reason }) })
    },
    submitConfirmation(runId, confirmationId, decision) {
      const actor = runs.get(runId)
      if (actor === undefined) throw notFound(`no run has id "${runId}"`)
      if (decision !== 'allow' && decision !== 'deny') {
        throw new AgentError('invalid_decision', 'decision must be "allow" or "deny"')
      }
      const { context } = actor.getSnapshot()
      const pending = statusOf(actor) === 'awaitingConfirmation' ? context.pending : undefined
      if (pending === undefined) throw notFound(`run ${runId} is not waiting for a confirmation`)
      if (pending.confirmationId !== confirmationId) {
        throw notFound(
          context.retiredConfirmationIds.includes(confirmationId)
            ? `confirmation ${confirmationId} was already decided`
            : `confirmation ${confirmationId} is not the one run ${runId} is waiting for`,
        )
      }
      const type = decision === 'allow' ? 'CONFIRM' : 'DENY'
      actor.send({ type, confirmationId, digest: pending.digest })
      if (actor.getSnapshot().context.pending?.confirmationId === confirmationId) {
        throw notFound(`run ${runId} refused confirmation ${confirmationId}`)
      }
    },
    status: (runId) => statusOf(find(runId)),
    pendingConfirmation(runId) {
      const actor = find(runId)
      return statusOf(actor) === 'awaitingConfirmation' ? actor.getSnapshot().context.pending : undefined
    },
    waitFor(runId, status, { timeoutMs = 10_000 } = {}) {
      const actor = find(runId)
      const wanted: readonly RunStatus[] = typeof status === 'string' ? [status] : status
      return new Promise<RunStatus>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined
        let subscription: { unsubscribe(): void } | undefined
        const settle = (): boolean => {
          const now = statusOf(actor)
          if (wanted.includes(now)) {
            finish()
            resolve(now)
            return true
          }
          if (finalStatuses.has(now) || actor.getSnapshot().status === 'error') {
            finish()
            reject(new AgentError('run_ended', `run ${runId} ended as ${now}, not ${wanted.join('/')}`))
            return true
          }
          return false
        }
        const finish = () => {
          if (timer !== undefined) clearTimeout(timer)
          subscription?.unsubscribe()
        }
        if (settle()) return
        subscription = actor.subscribe({ next: settle, error: settle, complete: settle })
        timer = setTimeout(() => {
          finish()
          reject(
            new AgentError(
              'wait_timeout',
              `run ${runId} did not reach ${wanted.join('/')} in ${timeoutMs} ms (it is ${statusOf(actor)})`,
            ),
          )
        }, timeoutMs)
      })
    },
    events: (runId) => find(runId).getSnapshot().context.events,
    subscribe(runId, listener) {
      find(runId)
      const set = runListeners.get(runId) ?? new Set()
      runListeners.set(runId, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    onEvent(listener) {
      allListeners.add(listener)
      return () => allListeners.delete(listener)
    },
    actor: find,
    runIds: () => [...runs.keys()],
  }
}
