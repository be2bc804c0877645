import { z } from 'zod'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import { countOf } from '../../vocabulary/countOf.ts'
import { planChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import { defineTool } from '../defineTool.ts'
import { lineDiff } from '../lineDiff.ts'
import { boundNote } from './boundNote.ts'
import { missingTarget } from './boundTarget.ts'
import { commitPlanned } from './commitPlanned.ts'
import { noteName } from './noteName.ts'
import { quote } from './quote.ts'
import { cut, formatDay } from './taskText.ts'

/** `delete_note` (destructive): removes a saved note; the person can undo it afterwards. */
export const deleteNote = defineTool({
  name: 'delete_note',
  description:
    'Delete a saved note, by its name or title (see list_artifacts). The person is shown its whole text first.',
  parameters: z.strictObject({ name: z.string().min(1).max(200) }),
  permission: 'destructive',
  editable: [],
  workspaceOnly: true,
  check: (args) => (args.name.trim() === '' ? 'name must not be blank' : undefined),
  preview: (args) => `Delete your note ${quote(args.name.trim())}`,
  async describe(args, view): Promise<CallDescription> {
    const name = noteName(args.name)
    const stored = await view.readArtifact(name)
    if (stored === undefined) {
      return missingTarget(
        'note',
        name,
        `Delete your note ${quote(args.name.trim())}`,
        'nothing would be deleted',
        args.name.trim(),
      )
    }
    const { title, content, updatedAt } = stored.value
    // The text that goes is the card's "before": every line of it, as removed lines.
    const diff = lineDiff(content, '')
    return {
      version: 1,
      headline: cut(`Delete your note ${quote(title)} (${countOf(diff.removed, 'line')})`, 500),
      fields: [
        { label: 'Title', before: cut(title) },
        { label: 'Text', before: cut(content) },
        { label: 'Saved', before: formatDay(updatedAt.slice(0, 10)) },
      ],
      diff,
      target: { kind: 'note', id: name, version: stored.version },
    }
  },
  async execute(args, { workspace, now, generateId, expectedVersion }) {
    const bound = await boundNote(workspace, args.name, expectedVersion)
    if (!bound.ok) return bound.result
    const { name, note } = bound
    const plan = planChange(recordSet({ note: { [name]: note } }), (draft) => {
      delete draft.note[name]
    })
    const call = { tool: 'delete_note', what: `The note ${quote(note.title)}` }
    const data = { deleted: { name, title: note.title } }
    return commitPlanned(plan, call, { workspace, now, generateId }, data)
  },
})
