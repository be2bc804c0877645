import { artifactSlug, cleanArtifactTitle } from './artifactText.ts'
import { parseOrInvalid } from './parseOrInvalid.ts'
import {
  ArtifactSchema,
  type MemoryEntry,
  MemoryEntrySchema,
  type Notebook,
  NotebookSchema,
  type Task,
  TaskSchema,
} from './schemas.ts'
import { checkSourcePathForm, normalizeSourcePath } from './sourcePaths.ts'
import { WorkspaceError } from './WorkspaceError.ts'

// Every StudyWorkspace (a folder, memory, a database) validates what it is given here, so all
// of them accept and refuse exactly the same records with the same messages.

// The stored schema allows `' '` as an id or title; a blank one is never what a caller meant.
const TaskInputSchema = TaskSchema.refine((t) => t.id.trim() !== '', {
  path: ['id'],
  message: 'must not be blank',
}).refine((t) => t.title.trim() !== '', { path: ['title'], message: 'must not be blank' })

/** `task` validated for storing; throws `WorkspaceError('invalid_data')`. */
export function validTask(task: unknown): Task {
  return parseOrInvalid(TaskInputSchema, task, 'task')
}

/** A new memory entry for `text` (trimmed), validated; throws `WorkspaceError('invalid_data')`. */
export function newMemoryEntry(text: unknown, id: string, now: string): MemoryEntry {
  return parseOrInvalid(
    MemoryEntrySchema,
    { id, text: trimmed(text), createdAt: now },
    'memory entry',
  )
}

/** A new notebook over `sources` (checked, normalized, deduplicated; the id is drawn only then), validated; throws `WorkspaceError('invalid_data')`. */
export function newNotebook(
  title: unknown,
  sources: unknown,
  nextId: () => string,
  now: string,
): Notebook {
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
  return parseOrInvalid(
    NotebookSchema,
    { id: nextId(), title: trimmed(title), sources: paths, createdAt: now },
    'notebook',
  )
}

/** The name (slug) and cleaned title an artifact is saved under, validated; throws `WorkspaceError('invalid_data')`. */
export function artifactToSave(
  title: unknown,
  content: unknown,
  now: string,
): { name: string; title: string; content: string } {
  const clean = typeof title === 'string' ? cleanArtifactTitle(title) : title
  const name = artifactSlug(clean as string)
  const valid = parseOrInvalid(
    ArtifactSchema,
    { name, title: clean, content, updatedAt: now },
    'artifact',
  )
  return { name: valid.name, title: valid.title, content: valid.content }
}

// Leaves non-strings alone so the schema reports them instead of a TypeError.
function trimmed(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value
}
