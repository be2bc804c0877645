import { z } from 'zod'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import { countOf } from '../../vocabulary/countOf.ts'
import { toolFailure } from '../../vocabulary/ToolResult.ts'
import { artifactSlug, cleanArtifactTitle } from '../../workspace/artifactText.ts'
import { type PlannedChange, planChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import type { Artifact } from '../../workspace/schemas.ts'
import { artifactInput } from '../../workspace/workspaceInput.ts'
import { defineTool } from '../defineTool.ts'
import { lineDiff } from '../lineDiff.ts'
import { boundNote } from './boundNote.ts'
import { missingTarget } from './boundTarget.ts'
import { commitPlanned } from './commitPlanned.ts'
import { noteName } from './noteName.ts'
import { quote } from './quote.ts'
import { cut } from './taskText.ts'

const parameters = z.strictObject({
  name: z.string().min(1).max(200),
  title: z.string().max(200).optional(),
  content: z.string().max(200_000).optional(),
  append: z.string().max(200_000).optional(),
})
type UpdateNoteArgs = z.infer<typeof parameters>

/** `update_note` (write): renames a saved note and/or replaces or adds to its text. */
export const updateNote = defineTool({
  name: 'update_note',
  description:
    'Change a saved note, by its name or title (see list_artifacts): a new `title` renames it; `content` replaces its text, or `append` adds lines at its end (one of the two). The person is shown the change line by line.',
  parameters,
  permission: 'write',
  editable: ['title', 'content', 'append'],
  workspaceOnly: true,
  check: (args) => {
    if (args.title === undefined && args.content === undefined && args.append === undefined)
      return 'give a new title, content or append'
    if (args.content !== undefined && args.append !== undefined)
      return 'content and append cannot both be given'
    if (args.title !== undefined && args.title.trim() === '') return 'title must not be blank'
    if (args.append !== undefined && args.append.trim() === '') return 'append must not be blank'
    return undefined
  },
  preview: (args) => `${verbOf(args)} your note ${quote(args.name.trim())}`,
  async describe(args, view): Promise<CallDescription> {
    const name = noteName(args.name)
    const stored = await view.readArtifact(name)
    if (stored === undefined) {
      return missingTarget(
        'note',
        name,
        `${verbOf(args)} your note ${quote(args.name.trim())}`,
        'nothing would change',
        args.name.trim(),
      )
    }
    const next = nextNote(stored.value, args, new Date(0).toISOString())
    const diff = lineDiff(stored.value.content, next.content)
    const renamed = next.title !== stored.value.title
    const taken = next.name !== name && (await view.readArtifact(next.name)) !== undefined
    return {
      version: 1,
      headline: cut(headline(stored.value.title, next.title, diff, taken), 500),
      ...(renamed && {
        fields: [{ label: 'Title', before: cut(stored.value.title), after: cut(next.title) }],
      }),
      ...(diff.added + diff.removed > 0 && { diff }),
      target: { kind: 'note', id: name, version: stored.version },
    }
  },
  async execute(args, { workspace, now, generateId, expectedVersion }) {
    const bound = await boundNote(workspace, args.name, expectedVersion)
    if (!bound.ok) return bound.result
    const { name, note: stored } = bound
    const next = nextNote(stored, args, now.toISOString())
    artifactInput(next.title, next.content, next.updatedAt)
    if (next.name !== name && (await workspace.readArtifact(next.name)) !== undefined) {
      return toolFailure(
        'artifact_exists',
        `a note called ${quote(next.title)} exists already; nothing was changed`,
      )
    }
    const call = { tool: 'update_note', what: `The note ${quote(stored.title)}` }
    const data = {
      name: next.name,
      title: next.title,
      ...(next.name !== name && { renamedFrom: name }),
    }
    return commitPlanned(planUpdate(stored, next), call, { workspace, now, generateId }, data)
  },
})

/** The note the call leaves: a new title moves it to that title's name, as save_artifact names notes. */
function nextNote(stored: Artifact, args: UpdateNoteArgs, updatedAt: string): Artifact {
  const title = args.title === undefined ? stored.title : cleanArtifactTitle(args.title)
  const content =
    args.content ??
    (args.append === undefined ? stored.content : appended(stored.content, args.append))
  const name = args.title === undefined ? stored.name : artifactSlug(title)
  return { name, title, content, updatedAt }
}

function appended(content: string, more: string): string {
  if (content.trim() === '') return more.trim()
  return `${content.replace(/\n+$/, '')}\n${more.trim()}`
}

/** The update as patches: the stored note changed in place, or moved to its new name. */
function planUpdate(stored: Artifact, next: Artifact): PlannedChange {
  return planChange(recordSet({ note: { [stored.name]: stored } }), (draft) => {
    if (next.name !== stored.name) {
      delete draft.note[stored.name]
      draft.note[next.name] = next
      return
    }
    const kept = draft.note[stored.name]
    if (kept !== undefined)
      Object.assign(kept, { title: next.title, content: next.content, updatedAt: next.updatedAt })
  })
}

function verbOf(args: UpdateNoteArgs): string {
  if (args.content !== undefined) return 'Replace the text of'
  if (args.append !== undefined) return 'Add to'
  return 'Rename'
}

function headline(
  before: string,
  after: string,
  diff: { added: number; removed: number },
  taken: boolean,
): string {
  const lines =
    diff.removed === 0
      ? `add ${countOf(diff.added, 'line')}`
      : `+${diff.added} −${diff.removed} ${diff.added + diff.removed === 1 ? 'line' : 'lines'}`
  const changesText = diff.added + diff.removed > 0
  if (before === after) return `Change your note ${quote(before)} (${lines})`
  const rename = `Rename your note ${quote(before)} to ${quote(after)}`
  if (taken) return `${rename}: a note with that title exists already, so nothing would change`
  return changesText
    ? `${rename} and ${lines.startsWith('add') ? lines : `change it (${lines})`}`
    : rename
}
