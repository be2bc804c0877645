import { type ToolResult, toolFailure, toolOk } from '../../vocabulary/ToolResult.ts'
import type { ChangeCommit } from '../../workspace/changes/ChangeCommit.ts'
import { type KeptChange, keptChangeVersion } from '../../workspace/changes/KeptChange.ts'
import type { PlannedChange } from '../../workspace/changes/recordPatches.ts'
import type { ToolContext } from '../defineTool.ts'
import { targetChanged } from './boundTarget.ts'

/** How a planned change is named in its result: the tool, and what a refusal calls the record. */
export interface PlannedCall {
  tool: string
  /** "The task “Essay”": what a `target_changed` message says changed. */
  what: string
  /** The change it takes back, for `undo_change`. */
  undoes?: string
}

/**
 * Makes a planned change in one step and keeps it (patches and inverse) in the workspace under a
 * fresh `changeId`, which the result's `data` carries at the top, as the model and the Activity
 * panel see it. Refusals are results that say nothing was written.
 */
export async function commitPlanned(
  plan: PlannedChange,
  call: PlannedCall,
  context: Pick<ToolContext, 'workspace' | 'now' | 'generateId'>,
  data: Readonly<Record<string, unknown>>,
): Promise<ToolResult> {
  const change: KeptChange = {
    version: keptChangeVersion,
    changeId: context.generateId(),
    tool: call.tool,
    at: context.now.toISOString(),
    records: plan.records,
    patches: plan.patches,
    inversePatches: plan.inversePatches,
    ...(call.undoes !== undefined && { undoes: call.undoes }),
  }
  const committed = await context.workspace.commitChange(change, plan.writes)
  if (committed.ok) return toolOk({ ...data, changeId: committed.change.changeId })
  return refusal(committed, call.what)
}

/** The result for a change that was not committed: nothing was written. */
export function refusal(committed: Exclude<ChangeCommit, { ok: true }>, what: string): ToolResult {
  if (committed.code === 'target_changed') return targetChanged(what, committed.kind, committed.id)
  if (committed.code === 'already_undone') {
    return toolFailure(
      'already_undone',
      // Words for the person (the message may reach a screen); the undo's id is in the data.
      'that change was undone already; nothing was written. Undoing that undo (its change is undoneBy) makes it again.',
      { undoneBy: committed.undoneBy },
    )
  }
  return toolFailure(
    'change_not_found',
    `no change has id "${committed.changeId}" in this workspace; nothing was written`,
  )
}
