import { z } from 'zod'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import { countOf } from '../../vocabulary/countOf.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import { artifactSlug, cleanArtifactTitle } from '../../workspace/artifactText.ts'
import { defineTool } from '../defineTool.ts'
import { lineDiff } from '../lineDiff.ts'
import { targetChanged } from './boundTarget.ts'
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
  check: (args) => (args.title.trim() === '' ? 'title must not be blank' : undefined),
  preview: (args) =>
    `Save note “${args.title.trim()}” (${countOf(args.content.length, 'character')})`,
  async describe(args, view): Promise<CallDescription> {
    const title = cleanArtifactTitle(args.title)
    const name = artifactSlug(title)
    const stored = await view.readArtifact(name)
    const diff = lineDiff(stored?.value.content ?? '', args.content)
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
  async execute(args, { workspace, expectedVersion }) {
    const title = args.title.trim()
    const name = artifactSlug(cleanArtifactTitle(title))
    // Unbound, it overwrites whatever is there as it reads it now; bound, only what the card showed.
    const stored = expectedVersion === undefined ? await workspace.readArtifact(name) : undefined
    const at = expectedVersion === undefined ? (stored?.version ?? null) : expectedVersion
    const saved = await workspace.saveArtifactAt(title, args.content, at)
    if (!saved.ok) return targetChanged(`The note ${quote(title)}`, 'note', name)
    return toolOk({ name: saved.value.name, title: saved.value.title, overwrote: at !== null })
  },
})
