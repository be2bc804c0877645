import type { RunSummary } from '../../store/RunListing.ts'
import type { RunLister } from './RunLister.ts'

/** What a run list shows now. */
export interface RunListSnapshot {
  runs: readonly RunSummary[]
  /** `loading` until the first page is read. */
  status: 'loading' | 'ready' | 'failed'
  /** Why the last read failed, when it did. */
  error?: string
  /** Older runs exist beyond those shown (`loadMore` reads them). */
  more: boolean
  /** Older runs are being read. */
  loadingMore: boolean
}

type Listener = (snapshot: RunListSnapshot) => void

/**
 * The framework-free part of a run list, shaped like an actor ref (`subscribe`, `getSnapshot`),
 * so `@xstate/react`'s `useSelector` or any other store binding reads it: the runs, newest
 * first, page by page (`loadMore`), read again on `refresh` and, while started, whenever the
 * lister says a run changed. Reads never overlap: a refresh asked for during one runs once after it.
 */
export class RunListModel {
  readonly #lister: RunLister
  readonly #pageSize: number
  readonly #listeners = new Set<Listener>()
  #snapshot: RunListSnapshot = { runs: [], status: 'loading', more: false, loadingMore: false }
  #cursor: string | undefined
  #reading: Promise<void> | undefined
  #again = false

  constructor(lister: RunLister, options: { pageSize?: number } = {}) {
    this.#lister = lister
    this.#pageSize = options.pageSize ?? 20
  }

  /** Calls `listener` with each new snapshot; the actor `subscribe` shape. */
  subscribe(listener: Listener | { next?: Listener }): { unsubscribe(): void } {
    const next = typeof listener === 'function' ? listener : listener.next
    if (next === undefined) return { unsubscribe: () => {} }
    this.#listeners.add(next)
    return { unsubscribe: () => this.#listeners.delete(next) }
  }

  /** What the list shows now (the same object until something changes). */
  getSnapshot(): RunListSnapshot {
    return this.#snapshot
  }

  /** Reads the first page and follows the lister's changes; returns the stop. */
  start(): () => void {
    void this.refresh()
    return this.#lister.watchRuns?.(() => void this.refresh()) ?? (() => {})
  }

  /** Reads again as many of the newest runs as are shown (at least a page). */
  refresh(): Promise<void> {
    if (this.#reading !== undefined) {
      this.#again = true
      return this.#reading
    }
    const limit = Math.min(100, Math.max(this.#pageSize, this.#snapshot.runs.length))
    this.#reading = this.#read({ limit }, (page) => page.runs).finally(() => {
      this.#reading = undefined
      if (this.#again) {
        this.#again = false
        void this.refresh()
      }
    })
    return this.#reading
  }

  /** Reads the next page of older runs, after those shown. */
  loadMore(): Promise<void> {
    // After a read under way, which may change where the next page starts.
    if (this.#reading !== undefined) return this.#reading.then(() => this.loadMore())
    const cursor = this.#cursor
    if (cursor === undefined) return Promise.resolve()
    this.#update({ loadingMore: true })
    this.#reading = this.#read({ limit: this.#pageSize, cursor }, (page, shown) => {
      const known = new Set(shown.map((r) => r.runId))
      return [...shown, ...page.runs.filter((r) => !known.has(r.runId))]
    }).finally(() => {
      this.#reading = undefined
    })
    return this.#reading
  }

  async #read(
    query: { limit: number; cursor?: string },
    merge: (page: { runs: RunSummary[] }, shown: readonly RunSummary[]) => RunSummary[],
  ): Promise<void> {
    try {
      const page = await this.#lister.listRuns(query)
      this.#cursor = page.nextCursor
      const { error: _error, ...rest } = this.#snapshot
      this.#snapshot = {
        ...rest,
        runs: merge(page, this.#snapshot.runs),
        status: 'ready',
        more: page.nextCursor !== undefined,
        loadingMore: false,
      }
      this.#notify()
    } catch (error) {
      this.#update({
        status: this.#snapshot.status === 'loading' ? 'failed' : this.#snapshot.status,
        error: error instanceof Error ? error.message : String(error),
        loadingMore: false,
      })
    }
  }

  #update(patch: Partial<RunListSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch }
    this.#notify()
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener(this.#snapshot)
  }
}
