import type { ToolContext } from '../../tools/defineTool.ts'
import type { Workspace } from '../../workspace/Workspace.ts'

/** What a tool is executed with outside a run: the workspace, now, no sources, a fresh signal. */
export function toolContext(workspace: Workspace): ToolContext {
  return {
    workspace,
    now: new Date(),
    sourcePaths: [],
    signal: new AbortController().signal,
    generateId: () => 'id',
  }
}
