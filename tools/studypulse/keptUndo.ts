import type { KeptChange } from '../../workspace/changes/KeptChange.ts'
import {
  type PlannedChange,
  planPatches,
  recordSet,
} from '../../workspace/changes/recordPatches.ts'
import type { Versioned } from '../../workspace/recordVersion.ts'
import type { WorkspaceView } from '../../workspace/WorkspaceView.ts'

/**
 * What undoing a kept change would do, read from the workspace: it is not kept, it was undone
 * already, some of its records moved on since (`moved`: their versions are not the ones the change
 * left), or the plan: its inverse patches over the records as they are now.
 */
export type KeptUndo =
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'undone'; change: KeptChange }
  | {
      ok: false
      reason: 'moved'
      change: KeptChange
      current: readonly (Versioned<unknown> | undefined)[]
    }
  | {
      ok: true
      change: KeptChange
      current: readonly (Versioned<unknown> | undefined)[]
      plan: PlannedChange
    }

/** Reads change `changeId` and the records it touched as they are now, and plans its undo. */
export async function keptUndo(
  view: Pick<WorkspaceView, 'readChange' | 'readTask' | 'readMemoryEntry' | 'readArtifact'>,
  changeId: string,
): Promise<KeptUndo> {
  const change = await view.readChange(changeId)
  if (change === undefined) return { ok: false, reason: 'missing' }
  if (change.undoneBy !== undefined) return { ok: false, reason: 'undone', change }
  const base = recordSet()
  const current: (Versioned<unknown> | undefined)[] = []
  for (const { kind, id } of change.records) {
    const now =
      kind === 'task'
        ? await view.readTask(id)
        : kind === 'memory'
          ? await view.readMemoryEntry(id)
          : await view.readArtifact(id)
    current.push(now)
    if (now !== undefined) (base[kind] as Record<string, unknown>)[id] = now.value
  }
  // The inverse only means what it says on the records exactly as the change left them.
  const moved = change.records.some(
    (record, index) => (current[index]?.version ?? null) !== record.after,
  )
  if (moved) return { ok: false, reason: 'moved', change, current }
  const plan = planPatches(base, change.inversePatches, change.patches, change.records)
  return { ok: true, change, current, plan }
}
