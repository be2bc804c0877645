import type { PendingConfirmation } from '../../machines/agentRunTypes.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import type { PersonProposal } from '../../vocabulary/personProposal.ts'

/** The part of a run the UI reads: its state, its log (with streamed text), messages and card. */
export interface RunSnapshotView {
  /** The statechart state, e.g. `'awaitingConfirmation'`. */
  value: unknown
  /** The actor's own status: `'active'`, `'done'`, `'error'` or `'stopped'`. */
  status: string
  context: {
    runId: string
    events: readonly AgentEvent[]
    messages: readonly ChatMessage[]
    pending?: PendingConfirmation | undefined
  }
}

/** The commands a UI sends to a run (a subset of the statechart's events). */
export type RunSourceCommand =
  | { type: 'CONFIRM'; confirmationId: string; digest: string }
  | { type: 'DENY'; confirmationId: string; digest: string }
  | { type: 'CANCEL'; reason?: string }
  | { type: 'USER_INPUT'; text: string }
  /** Take back an executed workspace change: the run shows an `undo_change` card for it. */
  | { type: 'UNDO'; changeId: string }
  /** Ask for a change from the app's own buttons: the run shows its card (see `PersonProposal`). */
  | { type: 'PROPOSE'; proposal: PersonProposal }

/** An observer of snapshots, as an XState actor takes it. */
export interface RunObserver {
  next?: (snapshot: RunSnapshotView) => void
  error?: (error: unknown) => void
  complete?: () => void
}

/**
 * What the hooks and components take as a run, shaped like an XState actor ref: a
 * `LocalRunClient` (a runtime in the same JS context), a `RemoteRunClient`, or an actor itself.
 * `subscribe` takes an observer or its `next` function (and `error`, `complete`), as an actor's does.
 */
export interface RunSource {
  subscribe(observer: RunObserver): { unsubscribe(): void }
  subscribe(
    next: (snapshot: RunSnapshotView) => void,
    error?: (error: unknown) => void,
    complete?: () => void,
  ): { unsubscribe(): void }
  getSnapshot(): RunSnapshotView
  send(command: RunSourceCommand): void
}
