import { z } from 'zod'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import { toolFailure } from '../../vocabulary/ToolResult.ts'
import { toolWords } from '../../vocabulary/toolWords.ts'
import type { KeptChange } from '../../workspace/changes/KeptChange.ts'
import { type PlannedChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import type { Versioned } from '../../workspace/recordVersion.ts'
import { defineTool } from '../defineTool.ts'
import { targetChanged } from './boundTarget.ts'
import { recordChangeView } from './changeRows.ts'
import { commitPlanned, refusal } from './commitPlanned.ts'
import { keptUndo } from './keptUndo.ts'
import { quote } from './quote.ts'
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
  editable: [],
  workspaceOnly: true,
  writes: ['task', 'memory', 'note'],
  // Ids are for the model; the person reads what the change did (the card's headline says it).
  preview: () => 'Undo a change',
  async describe(args, view): Promise<CallDescription> {
    const undo = await keptUndo(view, args.changeId)
    const headline = 'Undo a change'
    if (!undo.ok && undo.reason === 'missing') {
      const text = 'There is no such change in this workspace; nothing would change.'
      return {
        version: 1,
        headline: cut(`${headline}: there is no such change`, 500),
        notice: { code: 'target_missing', text: cut(text, 500) },
      }
    }
    const { change } = undo as { change: KeptChange }
    const first = change.records[0] as KeptChange['records'][number]
    if (!undo.ok && undo.reason === 'undone') {
      const text = `${capital(verb(change))} was undone already, so nothing would change. Undoing that undo makes it again.`
      return {
        version: 1,
        headline: cut(`Undo ${verb(change)}: undone already`, 500),
        notice: { code: 'already_undone', text: cut(text, 500) },
      }
    }
    if (!undo.ok) {
      const version = undo.current[0]?.version ?? null
      const text = `${movedSince(change, undo.current)} since ${verb(change)} (in another window, process or run), so undoing it now would write nothing. Show the person what it is now.`
      return {
        version: 1,
        headline: cut(`Undo ${verb(change)}: it changed since`, 500),
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
    const what = `What ${verb(change)} made`
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
  // One record the change already names ("deleting the task “Essay”"): "it", not its name again.
  const named = views.length === 1 && subjectOf(change) !== undefined
  const sentences = views.map((view) => {
    const name = named ? 'it' : view.name
    return view.effect === 'back'
      ? `bring ${named ? 'it back' : `back ${name}`}`
      : view.effect === 'gone'
        ? `remove ${name}`
        : `put ${name} back as it was`
  })
  const word = change.undoes === undefined ? 'Undo' : 'Redo'
  const first = change.records[0] as KeptChange['records'][number]
  const diff = views.find((view) => view.diff !== undefined && view.diff.hunks.length > 0)?.diff
  return {
    version: 1,
    headline: cut(`${word} ${verb(change)}: ${sentences.join('; ')}`, 500),
    fields: views.flatMap((view) => view.fields).slice(0, 20),
    ...(diff !== undefined && { diff }),
    ...(views.every((view) => view.effect === 'back') && { bringsBack: true as const }),
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
  create_task: 'adding',
  update_task: 'changing',
  delete_task: 'deleting',
  write_memory: 'remembering',
  forget_memory: 'forgetting',
  save_artifact: 'saving',
  update_note: 'changing',
  delete_note: 'deleting',
}

/**
 * "deleting the task “Essay”": what the change was, named by the record it touched as the change
 * kept it (its patches hold the record that came or went), never by an id.
 */
function verb(change: KeptChange): string {
  if (change.tool === 'undo_change') return 'an undo'
  const subject = subjectOf(change)
  const doing = verbs[change.tool]
  if (doing === undefined || subject === undefined) return toolWords(change.tool).doing
  return `${doing} ${subject}`
}

const kindWords = { task: 'the task ', memory: '', note: 'the note ' } as const

function subjectOf(change: KeptChange): string | undefined {
  const first = change.records[0]
  if (first === undefined) return undefined
  for (const patch of [...change.patches, ...change.inversePatches]) {
    const [kind, id, field] = patch.path
    const value = patch.value as { title?: unknown; text?: unknown } | undefined
    if (kind !== first.kind || id !== first.id) continue
    const words = field === undefined ? (value?.title ?? value?.text) : undefined
    if (typeof words === 'string') return `${kindWords[first.kind]}${quote(cut(words, 100))}`
  }
  return undefined
}

function capital(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}
