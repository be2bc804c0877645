import { fromPromise } from 'xstate'
import type { ModelClient, ModelTurn } from '../models/messages.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { ToolResult } from '../tools/ToolResult.ts'
import type { Workspace } from '../workspace/Workspace.ts'
import type { ModelCallInput, ToolCallInput } from './agentRunTypes.ts'
import { normalizeTurn } from './normalizeTurn.ts'

/** The edges a run's actors touch: the model, the tools and the workspace. */
export interface RunActorDeps {
  model: ModelClient
  tools: ToolRegistry
  workspace: Workspace
  clock: () => Date
  generateId: () => string
}

/** The run's I/O, as XState actors: calling the model and executing a prepared tool. */
export function createRunActors(deps: RunActorDeps) {
  return {
    callModel: fromPromise<ModelTurn, ModelCallInput>(async ({ input, signal }) => {
      const raw: unknown = await deps.model.complete({
        messages: input.messages,
        tools: deps.tools.definitions(),
        signal,
      })
      return normalizeTurn(raw, deps.generateId)
    }),
    executeTool: fromPromise<ToolResult, ToolCallInput>(async ({ input, signal }) => {
      // Scope is read at execution time, so a notebook's current source list always applies.
      const notebook =
        input.notebookId === undefined ? undefined : await deps.workspace.notebook(input.notebookId)
      return deps.tools.execute(input.prepared, {
        workspace: deps.workspace,
        now: deps.clock(),
        sourcePaths: notebook?.sources ?? [],
        signal,
        generateId: deps.generateId,
      })
    }),
  }
}
