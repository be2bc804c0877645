import { artifactSlug, cleanArtifactTitle } from './artifactText.ts'
import { parseOrInvalid } from './parseOrInvalid.ts'
import {
  ArtifactSchema,
  type MemoryEntry,
  MemoryEntrySchema,
  type Notebook,
  NotebookSchema,
  TaskSchema,
} from './schemas.ts'
import { checkSourcePathForm, normalizeSourcePath } from './sourcePaths.ts'
import { WorkspaceError } from './WorkspaceError.ts'

// Shared by every StudyWorkspace implementation, so a folder, a database and memory refuse the
// same input. Imports nothing from Node: MemoryWorkspace runs in a browser.

/** A task as a caller may store it: the stored schema, minus blank ids and titles. */
export const TaskInputSchema = TaskSchema.refine((t) => t.id.trim() !== '', {
  path: ['id'],
  message: 'must not be blank',
}).refine((t) => t.title.trim() !== '', { path: ['title'], message: 'must not be blank' })

/** Trims a string; leaves non-strings alone so the schema reports them instead of a TypeError. */
export function trimmed(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value
}

/** A notebook's source list checked and normalized (duplicates dropped); throws `invalid_data`. */
export function notebookSourcePaths(sources: unknown): string[] {
  if (!Array.isArray(sources))
    throw new WorkspaceError('invalid_data', 'sources must be a list of paths')
  const paths: string[] = []
  for (const source of sources) {
    const reason = checkSourcePathForm(source)
    if (reason) {
      const message = `invalid source path ${JSON.stringify(source)}: ${reason}`
      throw new WorkspaceError('invalid_data', message)
    }
    const path = normalizeSourcePath(source)
    if (!paths.includes(path)) paths.push(path)
  }
  return paths
}

/** The name and one-line title an artifact is saved under, after validating it; throws `invalid_data`. */
export function artifactInput(
  title: string,
  content: string,
  updatedAt: string,
): { name: string; title: string } {
  const clean = typeof title === 'string' ? cleanArtifactTitle(title) : title
  const name = artifactSlug(clean)
  parseOrInvalid(ArtifactSchema, { name, title: clean, content, updatedAt }, 'artifact')
  return { name, title: clean }
}

/** A new memory entry, validated: the text trimmed, with the id and time given; throws `invalid_data`. */
export function memoryEntryInput(text: unknown, id: string, createdAt: string): MemoryEntry {
  return parseOrInvalid(MemoryEntrySchema, { id, text: trimmed(text), createdAt }, 'memory entry')
}

/** A new notebook, validated: the title trimmed, its sources checked; throws `invalid_data`. */
export function notebookInput(
  title: unknown,
  sources: unknown,
  id: string,
  createdAt: string,
): Notebook {
  const paths = notebookSourcePaths(sources)
  const candidate = { id, title: trimmed(title), sources: paths, createdAt }
  return parseOrInvalid(NotebookSchema, candidate, 'notebook')
}
