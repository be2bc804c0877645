import type { SourceReadResult } from '../../workspace/sourcePaths.ts'

/** Opens a notebook's sources for the reader pane; a `StudyPulseClient` and `localSources(workspace)` both offer it. */
export interface SourceReader {
  /** The text of `path` if notebook `notebookId` lists it; a refusal (not listed, missing, too large) is data. */
  readNotebookSource(notebookId: string, path: string): Promise<SourceReadResult>
}
