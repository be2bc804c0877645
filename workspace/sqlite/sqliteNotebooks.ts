import type Database from 'libsql'
import { type Notebook, NotebookSchema } from '../schemas.ts'
import { summarizeZodIssues } from '../summarizeZodIssues.ts'
import { WorkspaceError } from '../WorkspaceError.ts'
import { prepared } from './preparedStatement.ts'

/** Every notebook, in the order they were made. */
export function listNotebooks(db: Database.Database): Notebook[] {
  const rows = prepared(db, 'SELECT notebook FROM workspace_notebooks ORDER BY position')
    .pluck(true)
    .all() as string[]
  return rows.map((text) => {
    const parsed = NotebookSchema.safeParse(jsonOrUndefined(text))
    if (parsed.success) return parsed.data
    const why = summarizeZodIssues(parsed.error)
    throw new WorkspaceError(
      'corrupt_file',
      `a notebook in studypulse.db is not valid (${why})`,
      'studypulse.db',
    )
  })
}

/** `text` as JSON, or undefined when it is not (the schema then says the row is damaged). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Adds `notebook` (or replaces the one with its id, in its place). */
export function putNotebook(db: Database.Database, notebook: Notebook): void {
  prepared(
    db,
    `INSERT INTO workspace_notebooks (id, notebook) VALUES (?, ?)
     ON CONFLICT (id) DO UPDATE SET notebook = excluded.notebook`,
  ).run(notebook.id, JSON.stringify(notebook))
}
