import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import type { RunStatus } from '../../vocabulary/RunStatus.ts'
import type { RunSnapshotView } from './RunSource.ts'

// Selectors return values already in the snapshot (or primitives), so `===` compares them and a
// component re-renders only when what it reads changed.

/** The run's status (its statechart state). */
export const selectStatus = (snapshot: RunSnapshotView | undefined): RunStatus | undefined =>
  topState(snapshot?.value) as RunStatus | undefined

/** The run's event log. */
export const selectEvents = (snapshot: RunSnapshotView | undefined): readonly AgentEvent[] =>
  snapshot?.context.events ?? noEvents

/** The conversation the model sees. */
export const selectMessages = (snapshot: RunSnapshotView | undefined): readonly ChatMessage[] =>
  snapshot?.context.messages ?? noMessages

/** Whether the run waits for a decision on a card now. */
export const selectWaiting = (snapshot: RunSnapshotView | undefined): boolean =>
  selectStatus(snapshot) === 'awaitingConfirmation'

/** The id of the confirmation the run waits for, if it waits for one. */
export const selectPendingId = (snapshot: RunSnapshotView | undefined): string | undefined =>
  selectStatus(snapshot) === 'awaitingConfirmation'
    ? snapshot?.context.pending?.confirmationId
    : undefined

/** The `confirmationRequired` event of the confirmation the run waits for, if any. */
export const selectPendingConfirmation = (
  snapshot: RunSnapshotView | undefined,
): AgentEvent | undefined => {
  const id = selectPendingId(snapshot)
  if (id === undefined || snapshot === undefined) return undefined
  return snapshot.context.events.findLast(
    (e) => e.kind === 'confirmationRequired' && e.confirmationId === id,
  )
}

/** How many tool calls have completed; changes exactly when the workspace may have changed. */
export const selectCompletedCount = (snapshot: RunSnapshotView | undefined): number =>
  (snapshot?.context.events ?? noEvents).reduce(
    (n, e) => (e.kind === 'toolCompleted' ? n + 1 : n),
    0,
  )

/** How many cards have been decided (by the user, a rule or the clock); rules may have changed. */
export const selectResolvedCount = (snapshot: RunSnapshotView | undefined): number =>
  (snapshot?.context.events ?? noEvents).reduce(
    (n, e) => (e.kind === 'confirmationResolved' ? n + 1 : n),
    0,
  )

/** True while the run is working or waiting for a decision (cancelling makes sense). */
export const selectBusy = (snapshot: RunSnapshotView | undefined): boolean => {
  const status = selectStatus(snapshot)
  return status !== undefined && !idleStatuses.has(status)
}

// A nested state value such as `{ awaitingConfirmation: 'x' }` still names its top-level state.
function topState(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (value !== null && typeof value === 'object') return Object.keys(value)[0]
  return undefined
}

const idleStatuses: ReadonlySet<RunStatus> = new Set(['awaitingInput', 'failed', 'cancelled'])
const noEvents: readonly AgentEvent[] = Object.freeze([])
const noMessages: readonly ChatMessage[] = Object.freeze([])
