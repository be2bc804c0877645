import type { RunListPage } from '../../store/RunListing.ts'

/**
 * Where a run list reads its pages: a `StudyPulseClient` (over HTTP) or `localRuns(runtime)` (in
 * the same JS context).
 */
export interface RunLister {
  /** A page of runs, newest first; pass `nextCursor` on as `cursor` for older ones. */
  listRuns(query?: { limit?: number; cursor?: string }): Promise<RunListPage>
  /** Given, the list reads again each time a run changes state; returns the unsubscribe. */
  watchRuns?(listener: () => void): () => void
}
