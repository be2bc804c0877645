import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { RunSnapshotView, RunSource } from '../core/RunSource.ts'

interface Selection<T> {
  run: RunSource | undefined
  snapshot: RunSnapshotView | undefined
  selector: (snapshot: RunSnapshotView | undefined) => unknown
  value: T
}

/**
 * Selects from a run's snapshot and re-renders only when the selection changes (by `compare`,
 * default `Object.is`). Built on React's own `useSyncExternalStore`, so the UI needs no extra
 * package, and it takes any `RunSource`: an XState actor or a `RemoteRunClient`.
 */
export function useRunSelector<T>(
  run: RunSource | undefined,
  selector: (snapshot: RunSnapshotView | undefined) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (run === undefined) return () => {}
      const subscription = run.subscribe({ next: onChange, error: onChange })
      return () => subscription.unsubscribe()
    },
    [run],
  )
  const last = useRef<Selection<T> | undefined>(undefined)
  // React calls this repeatedly and needs the same value back while nothing changed.
  const select = (): T => {
    const snapshot = run?.getSnapshot()
    const previous = last.current
    const sameRun = previous !== undefined && previous.run === run
    if (sameRun && previous.snapshot === snapshot && previous.selector === selector)
      return previous.value
    const selected = selector(snapshot)
    const value = sameRun && compare(previous.value, selected) ? previous.value : selected
    last.current = { run, snapshot, selector, value }
    return value
  }
  return useSyncExternalStore(subscribe, select, select)
}
