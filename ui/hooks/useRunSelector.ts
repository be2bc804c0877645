import { useSelector } from '@xstate/react'
import type { AnyActorRef } from 'xstate'
import type { RunSnapshotView, RunSource } from '../core/RunSource.ts'

type SelectorActor = Pick<AnyActorRef, 'subscribe' | 'getSnapshot'>

/**
 * `useSelector` from `@xstate/react` over a `RunSource`. It calls only `subscribe({ next, error })`
 * and `getSnapshot()`, which every `RunSource` has; the cast bridges XState's wider actor type.
 */
export function useRunSelector<T>(
  run: RunSource | undefined,
  selector: (snapshot: RunSnapshotView | undefined) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(run as SelectorActor | undefined, selector, compare)
}
