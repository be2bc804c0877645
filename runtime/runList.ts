import {
  pageByPosition,
  type RunListPage,
  type RunListQuery,
  type RunStart,
  type RunSummary,
  summaryStatus,
} from '../store/RunListing.ts'
import type { RunStore } from '../store/RunStore.ts'
import { AgentError } from './AgentError.ts'

/** What the runtime's run list reads besides the store: the live state of the runs it sees. */
export interface RunListDeps {
  store: RunStore | undefined
  /** The state a run this runtime holds or follows is in now; undefined for any other. */
  liveStatus: (runId: string) => string | undefined
  /** Without a store: the runs held in memory, oldest first, with their starts. */
  held: () => Iterable<{ runId: string; start: RunStart }>
}

/**
 * One page of the runs, newest first (see `AgentRuntime.listRuns`): the store's, with the live
 * state of each run this runtime holds or follows (a save may lag a step behind). A runtime that
 * keeps nothing lists the runs it holds.
 */
export async function listRuns(deps: RunListDeps, query: RunListQuery): Promise<RunListPage> {
  const live = (summary: RunSummary): RunSummary => {
    const value = deps.liveStatus(summary.runId)
    return value === undefined ? summary : { ...summary, ...summaryStatus(value) }
  }
  let page: RunListPage
  try {
    page = deps.store === undefined ? heldPage(deps, query) : await deps.store.listRuns(query)
  } catch (error) {
    if ((error as { code?: unknown }).code === 'invalid_cursor')
      throw new AgentError('invalid_cursor', (error as Error).message)
    throw error
  }
  return { ...page, runs: page.runs.map(live) }
}

function heldPage(deps: RunListDeps, query: RunListQuery): RunListPage {
  return pageByPosition([...deps.held()], query, ({ runId, start }) => {
    const value = deps.liveStatus(runId)
    if (value === undefined || (query.owner !== undefined && start.owner !== query.owner)) return
    return { runId, ...start, ...summaryStatus(value) }
  })
}
