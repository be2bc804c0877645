import { readNotebookSource } from '../../workspace/readNotebookSource.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import type { SourceReader } from '../core/SourceReader.ts'

/** A workspace in the same JS context as a `SourceReader`, for `WorkspacePanel`'s reader pane. */
export function localSources(
  workspace: Pick<StudyWorkspace, 'notebook' | 'readSource'>,
): SourceReader {
  return {
    readNotebookSource: (notebookId, path) => readNotebookSource(workspace, notebookId, path),
  }
}
