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
  /**
   * Runs started here, oldest first: with a store, those it does not list yet (their first save
   * is on its way); without one, every run held in memory.
   */
  starts: () => Iterable<{ runId: string; start: RunStart }>
}

/**
 * One page of the runs, newest first (see `AgentRuntime.listRuns`): the store's, with the live
 * state of each run this runtime holds or follows (a save may lag a step behind), and on the
 * first page, before them, runs started here whose first save has not landed yet (so a page may
 * hold those besides its limit). A runtime that keeps nothing lists the runs it holds.
 */
export async function listRuns(deps: RunListDeps, query: RunListQuery): Promise<RunListPage> {
  const live = (summary: RunSummary): RunSummary => {
    const value = deps.liveStatus(summary.runId)
    return value === undefined ? summary : { ...summary, ...summaryStatus(value) }
  }
  let page: RunListPage
  try {
    page = deps.store === undefined ? heldPage(deps, query) : await storePage(deps, query)
  } catch (error) {
    if ((error as { code?: unknown }).code === 'invalid_cursor')
      throw new AgentError('invalid_cursor', (error as Error).message)
    throw error
  }
  return { ...page, runs: page.runs.map(live) }
}

async function storePage(deps: RunListDeps, query: RunListQuery): Promise<RunListPage> {
  // Taken before the store is read: a run whose first save lands meanwhile is in one or the other.
  const unlisted = query.cursor === undefined ? [...deps.starts()] : []
  const page = await (deps.store as RunStore).listRuns(query)
  const listed = new Set(page.runs.map((run) => run.runId))
  const fresh = unlisted
    .reverse()
    .filter(({ runId }) => !listed.has(runId))
    .flatMap((held) => heldSummary(deps, query, held) ?? [])
  return fresh.length === 0 ? page : { ...page, runs: [...fresh, ...page.runs] }
}

function heldPage(deps: RunListDeps, query: RunListQuery): RunListPage {
  return pageByPosition([...deps.starts()], query, (held) => heldSummary(deps, query, held))
}

/** A run started here as the list shows it: live, and only if it is the asked person's. */
function heldSummary(
  deps: RunListDeps,
  query: RunListQuery,
  { runId, start }: { runId: string; start: RunStart },
): RunSummary | undefined {
  const value = deps.liveStatus(runId)
  if (value === undefined || (query.owner !== undefined && start.owner !== query.owner)) return
  return { runId, ...start, ...summaryStatus(value) }
}
