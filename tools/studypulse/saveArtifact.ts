import { z } from 'zod'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import { countOf } from '../../vocabulary/countOf.ts'
import { artifactSlug, cleanArtifactTitle } from '../../workspace/artifactText.ts'
import { type PlannedChange, planChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import type { Artifact } from '../../workspace/schemas.ts'
import { artifactInput } from '../../workspace/workspaceInput.ts'
import { defineTool } from '../defineTool.ts'
import { lineDiff } from '../lineDiff.ts'
import { targetChanged } from './boundTarget.ts'
import { commitPlanned } from './commitPlanned.ts'
import { quote } from './quote.ts'
import { cut } from './taskText.ts'

/** `save_artifact` (write): saves a note, summary or plan as a markdown file, or overwrites one. */
export const saveArtifact = defineTool({
  name: 'save_artifact',
  description:
    'Save a note, summary or study plan as a markdown note. A title that is already saved overwrites that note (the user is shown the change line by line).',
  parameters: z.strictObject({ title: z.string().max(200), content: z.string().max(200_000) }),
  permission: 'write',
  workspaceOnly: true,
  writes: ['note'],
  check: (args) => (args.title.trim() === '' ? 'title must not be blank' : undefined),
  preview: (args) =>
    `Save note “${args.title.trim()}” (${countOf(args.content.length, 'character')})`,
  async describe(args, view): Promise<CallDescription> {
    const title = cleanArtifactTitle(args.title)
    const name = artifactSlug(title)
    const stored = await view.readArtifact(name)
    // What the card shows is what the patches make, as execute commits them.
    const note = { name, title, content: args.content, updatedAt: new Date(0).toISOString() }
    const after = planSave(stored?.value, note).after.note[name] as Artifact
    const diff = lineDiff(stored?.value.content ?? '', after.content)
    // The pair counts one kind of thing: "line" only when one line changes in all.
    const counts = `+${diff.added} −${diff.removed} ${diff.added + diff.removed === 1 ? 'line' : 'lines'}`
    if (stored === undefined) {
      return {
        version: 1,
        headline: cut(`Save a new note ${quote(title)} (${countOf(diff.added, 'line')})`, 500),
        diff,
        target: { kind: 'note', id: name, version: null },
      }
    }
    const renamed = stored.value.title !== title
    return {
      version: 1,
      headline: cut(`Overwrite your note ${quote(stored.value.title)} (${counts})`, 500),
      ...(renamed && {
        fields: [{ label: 'Title', before: cut(stored.value.title), after: cut(title) }],
      }),
      diff,
      target: { kind: 'note', id: name, version: stored.version },
    }
  },
  async execute(args, { workspace, now, generateId, expectedVersion }) {
    const at = now.toISOString()
    const { name, title } = artifactInput(args.title, args.content, at)
    // Unbound, it overwrites whatever is there as it reads it now; bound, only what the card showed.
    const stored = await workspace.readArtifact(name)
    const shown = expectedVersion === undefined ? (stored?.version ?? null) : expectedVersion
    if ((stored?.version ?? null) !== shown) {
      return targetChanged(`The note ${quote(title)}`, 'note', name)
    }
    const plan = planSave(stored?.value, { name, title, content: args.content, updatedAt: at })
    const call = { tool: 'save_artifact', what: `The note ${quote(title)}` }
    const data = { name, title, overwrote: stored !== undefined }
    return commitPlanned(plan, call, { workspace, now, generateId }, data)
  },
})

/** Saving `note` as patches: a new note, or the stored one's title, content and time replaced. */
function planSave(stored: Artifact | undefined, note: Artifact): PlannedChange {
  const base = recordSet(stored === undefined ? {} : { note: { [stored.name]: stored } })
  return planChange(base, (draft) => {
    const kept = draft.note[note.name]
    if (kept === undefined) draft.note[note.name] = note
    else
      Object.assign(kept, { title: note.title, content: note.content, updatedAt: note.updatedAt })
  })
}
