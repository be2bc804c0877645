import { fromPromise } from 'xstate'
import type { ModelClient, ModelTurn } from '../models/messages.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import { type ToolResult, toolFailure } from '../tools/ToolResult.ts'
import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import type { ModelCallInput, ToolCallInput } from './agentRunTypes.ts'
import type { JournalRecord } from '../store/JournalRecord.ts'
import { normalizeTurn } from './normalizeTurn.ts'

/** The edges a run's actors touch: the model, the tools and the workspace. */
export interface RunActorDeps {
  model: ModelClient
  tools: ToolRegistry
  workspace: StudyWorkspace
  clock: () => Date
  generateId: () => string
  /** Receives streamed assistant text of a run's model call. */
  onTextDelta?: (runId: string, delta: string) => void
  /** Durable record of each non-read execution: the intent before it, the outcome after. */
  journal?: (runId: string, record: JournalRecord) => Promise<void>
}

/** The run's I/O, as XState actors: calling the model and executing a prepared tool. */
export function createRunActors(deps: RunActorDeps) {
  return {
    callModel: fromPromise<ModelTurn, ModelCallInput>(async ({ input, signal }) => {
      const raw: unknown = await deps.model.complete({
        messages: input.messages,
        tools: deps.tools.definitions(),
        signal,
        onTextDelta: (delta) => {
          if (!signal.aborted) deps.onTextDelta?.(input.runId, delta)
        },
      })
      return normalizeTurn(raw, deps.generateId)
    }),
    executeTool: fromPromise<ToolResult, ToolCallInput>(async ({ input, signal }) => {
      const { prepared, runId } = input
      const journal = prepared.permission === 'read' ? undefined : deps.journal
      const base = { callId: prepared.callId, digest: prepared.digest }
      try {
        await journal?.(runId, {
          type: 'intent',
          ...base,
          ...(input.confirmationId !== undefined && { confirmationId: input.confirmationId }),
          at: deps.clock().toISOString(),
        })
      } catch (error) {
        // Without a durable intent a crash could run this twice; better not to run it at all.
        return toolFailure('not_executed', `could not record the call durably: ${String(error)}`)
      }
      // Scope is read at execution time, so a notebook's current source list always applies.
      const notebook =
        input.notebookId === undefined ? undefined : await deps.workspace.notebook(input.notebookId)
      const result = await deps.tools.execute(prepared, {
        workspace: deps.workspace,
        now: deps.clock(),
        sourcePaths: notebook?.sources ?? [],
        signal,
        generateId: deps.generateId,
      })
      await journal?.(runId, { type: 'outcome', ...base, result, at: deps.clock().toISOString() })
      return result
    }),
  }
}
