import type { StudyWorkspace } from './StudyWorkspace.ts'
import { quoteSourcePath, type SourceReadResult, sourceFailure } from './sourcePaths.ts'

/**
 * The text of `path` if it is one of notebook `notebookId`'s sources, read through the workspace's
 * scoping (no traversal, no links out of `sources/`, at most 1 MiB); every refusal is data.
 */
export async function readNotebookSource(
  workspace: Pick<StudyWorkspace, 'notebook' | 'readSource'>,
  notebookId: string,
  path: string,
): Promise<SourceReadResult> {
  const notebook = await workspace.notebook(notebookId)
  if (notebook === undefined)
    return sourceFailure(
      'source_not_allowed',
      `${quoteSourcePath(path)} cannot be read: no notebook has id ${quoteSourcePath(notebookId)}`,
    )
  return workspace.readSource(notebook.sources, path)
}
