import { useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import type { RunLister } from '../core/RunLister.ts'
import { RunListModel, type RunListSnapshot } from '../core/RunListModel.ts'

/** A run list as a component shows it, and its two actions. */
export interface RunListView extends RunListSnapshot {
  /** Reads the newest runs again. */
  refresh(): void
  /** Reads the next page of older runs. */
  loadMore(): void
}

/**
 * The runs of `lister`, newest first, page by page, selected with `@xstate/react` from a
 * `RunListModel`; read again whenever `refreshKey` changes and, if the lister can say so,
 * whenever a run changes state.
 */
export function useRunList(
  lister: RunLister,
  options: { pageSize?: number; refreshKey?: unknown } = {},
): RunListView {
  const { pageSize, refreshKey } = options
  const model = useMemo(
    () => new RunListModel(lister, pageSize === undefined ? {} : { pageSize }),
    [lister, pageSize],
  )
  useEffect(() => model.start(), [model])
  // `refreshKey` is a trigger only: the list is read again whenever it changes.
  useEffect(() => {
    if (refreshKey !== undefined) void model.refresh()
  }, [model, refreshKey])
  const snapshot = useSelector(model, (s) => s)
  return useMemo(
    () => ({
      ...snapshot,
      refresh: () => void model.refresh(),
      loadMore: () => void model.loadMore(),
    }),
    [snapshot, model],
  )
}
