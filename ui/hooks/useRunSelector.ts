import { useSelector } from '@xstate/react'
import type { RunSnapshotView, RunSource } from '../core/RunSource.ts'

/**
 * Selects from a run's snapshot with `@xstate/react`'s `useSelector`, so a component re-renders
 * only when the selection changes (by `compare`, default `Object.is`). Every `RunSource` is shaped
 * like an actor ref (`subscribe`, `getSnapshot`, `send`): an XState actor, a `LocalRunClient` or
 * a `RemoteRunClient` alike.
 */
export function useRunSelector<T>(
  run: RunSource | undefined,
  selector: (snapshot: RunSnapshotView | undefined) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(run, selector, compare)
}
