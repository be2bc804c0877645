import { z } from 'zod'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import { toolFailure } from '../../vocabulary/ToolResult.ts'
import type { KeptChange } from '../../workspace/changes/KeptChange.ts'
import { type PlannedChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import type { Versioned } from '../../workspace/recordVersion.ts'
import { defineTool } from '../defineTool.ts'
import { targetChanged } from './boundTarget.ts'
import { recordChangeView } from './changeRows.ts'
import { commitPlanned, refusal } from './commitPlanned.ts'
import { keptUndo } from './keptUndo.ts'
import { cut } from './taskText.ts'

const UndoArgs = z.strictObject({ changeId: z.string().min(1).max(200) })

/**
 * `undo_change` (destructive, the most an undo can do: it removes what a change made): takes back
 * one executed workspace change by its `changeId`, once, only while every record it touched is
 * still as the change left it. Undoing an undo makes the change again (a redo).
 */
export const undoChange = defineTool({
  name: 'undo_change',
  description:
    'Take back one change made to the workspace (a task, memory or note), by the `changeId` in the result of the call that made it. The person is shown exactly what undoing will do and must allow it. A change can be undone once; undoing an undo makes the change again. Code runs and other services cannot be undone.',
  parameters: UndoArgs,
  permission: 'destructive',
  workspaceOnly: true,
  writes: ['task', 'memory', 'note'],
  preview: (args) => `Undo change ${args.changeId}`,
  async describe(args, view): Promise<CallDescription> {
    const undo = await keptUndo(view, args.changeId)
    const headline = `Undo change ${args.changeId}`
    if (!undo.ok && undo.reason === 'missing') {
      const text = `No change has the id ${args.changeId} in this workspace; nothing would change.`
      return {
        version: 1,
        headline: cut(`${headline}: there is no such change`, 500),
        notice: { code: 'target_missing', text: cut(text, 500) },
      }
    }
    const { change } = undo as { change: KeptChange }
    const first = change.records[0] as KeptChange['records'][number]
    if (!undo.ok && undo.reason === 'undone') {
      const text = `Change ${change.changeId} was undone already (by change ${undo.change.undoneBy}); nothing would change. Undo ${undo.change.undoneBy} to make it again.`
      return {
        version: 1,
        headline: cut(`${headline}: undone already`, 500),
        notice: { code: 'already_undone', text: cut(text, 500) },
      }
    }
    if (!undo.ok) {
      const version = undo.current[0]?.version ?? null
      const text = `${movedSince(change, undo.current)} since ${verb(change)} (in another window, process or run), so undoing it now would write nothing. Show the person what it is now.`
      return {
        version: 1,
        headline: cut(`${headline}: it changed since`, 500),
        notice: { code: 'target_changed', text: cut(text, 500) },
        target: { kind: first.kind, id: first.id, version },
      }
    }
    return undoDescription(change, undo.plan, undo.current[0]?.version ?? null)
  },
  async execute(args, { workspace, now, generateId, expectedVersion }) {
    const undo = await keptUndo(workspace, args.changeId)
    if (!undo.ok && undo.reason === 'missing') {
      return toolFailure(
        'change_not_found',
        `no change has id "${args.changeId}" in this workspace; nothing was written`,
      )
    }
    if (!undo.ok && undo.reason === 'undone') {
      return refusal(
        { ok: false, code: 'already_undone', undoneBy: undo.change.undoneBy ?? '' },
        '',
      )
    }
    const { change } = undo as { change: KeptChange }
    const first = change.records[0] as KeptChange['records'][number]
    const what = `What change ${change.changeId} ${verb(change)}`
    if (!undo.ok) return targetChanged(what, first.kind, first.id)
    // Bound to the card: the record as the person was shown it, too.
    if (expectedVersion !== undefined && expectedVersion !== (undo.current[0]?.version ?? null)) {
      return targetChanged(what, first.kind, first.id)
    }
    const call = { tool: 'undo_change', what, undoes: change.changeId }
    return commitPlanned(
      undo.plan,
      call,
      { workspace, now, generateId },
      { undid: change.changeId },
    )
  },
})

/** The card of an undo that can go ahead: what happens to each record, from the inverse patches. */
function undoDescription(
  change: KeptChange,
  plan: PlannedChange,
  version: string | null,
): CallDescription {
  const views = change.records.map(({ kind, id }) =>
    recordChangeView(kind, id, plan.before, plan.after),
  )
  const sentences = views.map((view) =>
    view.effect === 'back'
      ? `bring back ${view.name}`
      : view.effect === 'gone'
        ? `remove ${view.name}`
        : `put ${view.name} back as it was`,
  )
  const word = change.undoes === undefined ? 'Undo' : 'Redo'
  const first = change.records[0] as KeptChange['records'][number]
  const diff = views.find((view) => view.diff !== undefined && view.diff.hunks.length > 0)?.diff
  return {
    version: 1,
    headline: cut(`${word} ${verb(change)}: ${sentences.join('; ')}`, 500),
    fields: views.flatMap((view) => view.fields).slice(0, 20),
    ...(diff !== undefined && { diff }),
    target: { kind: first.kind, id: first.id, version },
  }
}

/** "The task “Essay (renamed)” changed" or "The note exam-plan is gone": what moved on, as it is now. */
function movedSince(
  change: KeptChange,
  current: readonly (Versioned<unknown> | undefined)[],
): string {
  const moved = change.records.flatMap((record, index) => {
    const now = current[index]
    if ((now?.version ?? null) === record.after) return []
    if (now === undefined) return [`the ${record.kind} ${record.id} is gone`]
    const set = recordSet()
    ;(set[record.kind] as Record<string, unknown>)[record.id] = now.value
    return [`${recordChangeView(record.kind, record.id, set, set).name} changed`]
  })
  const text = moved.join('; ')
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

const verbs: Readonly<Record<string, string>> = {
  create_task: 'creating a task',
  update_task: 'changing a task',
  delete_task: 'deleting a task',
  write_memory: 'remembering something',
  forget_memory: 'forgetting something',
  save_artifact: 'saving a note',
  undo_change: 'an undo',
}

/** "deleting a task": what the change was, as a card's headline names it. */
function verb(change: KeptChange): string {
  return `${verbs[change.tool] ?? change.tool} (change ${change.changeId})`
}
