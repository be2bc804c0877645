import type { ModelClient } from '../models/messages.ts'
import { hasAtomicOutcomes } from '../store/AtomicOutcomes.ts'
import type { JournalRecord } from '../store/JournalRecord.ts'
import type { PreparedTool } from '../tools/PreparedTool.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import { type ToolResult, toolFailure } from '../tools/ToolResult.ts'
import type { ModelTurn } from '../vocabulary/ChatMessage.ts'
import { needsConfirmation } from '../vocabulary/PermissionLevel.ts'
import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import type { AgentRunContext } from './agentRunTypes.ts'
import { normalizeTurn } from './normalizeTurn.ts'

/** The edges a run's effects touch: the model, the tools and the workspace. */
export interface RunEffectDeps {
  model: ModelClient
  tools: ToolRegistry
  workspace: StudyWorkspace
  clock: () => Date
  generateId: () => string
  /** The name this node holds runs under, when claims are leases (`ClaimWatch`). */
  owner?: string
}

/** Asks the model for the next turn of a run in `thinking`; streamed text goes to `onTextDelta`. */
export async function callModel(
  deps: RunEffectDeps,
  context: AgentRunContext,
  signal: AbortSignal,
  onTextDelta: (text: string) => void,
): Promise<ModelTurn> {
  const raw: unknown = await deps.model.complete({
    messages: context.messages,
    tools: deps.tools.definitions(),
    signal,
    onTextDelta: (delta) => {
      if (!signal.aborted) onTextDelta(delta)
    },
  })
  return normalizeTurn(raw, deps.generateId, {
    maxCallsPerTurn: deps.tools.limits?.maxCallsPerTurn,
    maxArgumentDepth: deps.tools.limits?.maxArgumentDepth,
  })
}

/**
 * Whether a call waits its turn behind other calls of its tool. Confirmed calls do, so a call
 * still queued at a crash has no intent and is reported `not_started`. A StudyPulse tool on a
 * workspace that commits effects with their outcomes need not: an intent without an outcome
 * already proves nothing happened, and the database orders the writes.
 */
export function waitsItsTurn(deps: RunEffectDeps, prepared: PreparedTool): boolean {
  if (!needsConfirmation(prepared.permission)) return false
  return !(prepared.workspaceOnly && hasAtomicOutcomes(deps.workspace))
}

/** What executing a call needs besides the tool: where its intent and outcome are recorded. */
export interface ExecuteOptions {
  runId: string
  prepared: PreparedTool
  notebookId?: string
  confirmationId?: string
  signal: AbortSignal
  /** Records the intent durably before the effect; a failure here means the call never runs. */
  writeIntent: (record: JournalRecord) => Promise<void>
  /** Receives the outcome, to be saved with the run's next save. */
  keepOutcome: (record: JournalRecord) => void
}

/**
 * Executes a confirmed (or read) call. A non-read call's intent is durable before its effect,
 * so a crash in between is reported `interrupted`, never silently run twice.
 */
export async function executeCall(
  deps: RunEffectDeps,
  options: ExecuteOptions,
): Promise<ToolResult> {
  const { prepared } = options
  const journaled = needsConfirmation(prepared.permission)
  const base = { callId: prepared.callId, digest: prepared.digest }
  if (journaled) {
    try {
      await options.writeIntent({
        type: 'intent',
        ...base,
        ...(options.confirmationId !== undefined && { confirmationId: options.confirmationId }),
        at: deps.clock().toISOString(),
      })
    } catch (error) {
      // Without a durable intent a crash could run this twice; better not to run it at all.
      return toolFailure('not_executed', `could not record the call durably: ${String(error)}`)
    }
  }
  // Scope is read at execution time, so a notebook's current source list always applies.
  const notebook =
    options.notebookId === undefined ? undefined : await deps.workspace.notebook(options.notebookId)
  const context = {
    workspace: deps.workspace,
    now: deps.clock(),
    sourcePaths: notebook?.sources ?? [],
    signal: options.signal,
    generateId: deps.generateId,
  }
  const outcomeOf = (result: ToolResult): JournalRecord => ({
    type: 'outcome',
    ...base,
    result,
    at: deps.clock().toISOString(),
  })
  if (journaled && prepared.workspaceOnly && hasAtomicOutcomes(deps.workspace)) {
    // The effect and its outcome commit together: an intent without an outcome then proves the
    // effect never happened, so a restart may run it again (see `loadSavedRun`).
    return deps.workspace.withOutcome(
      options.runId,
      (workspace) => deps.tools.execute(prepared, { ...context, workspace }),
      outcomeOf,
      deps.owner === undefined ? {} : { owner: deps.owner },
    )
  }
  const result = await deps.tools.execute(prepared, context)
  if (journaled) options.keepOutcome(outcomeOf(result))
  return result
}
