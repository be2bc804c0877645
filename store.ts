/**
 * For authors of a run store of their own (browser-safe): the `RunStore` port, the optional
 * `RunCluster` capability a store shared by several nodes adds, and the records they keep. A
 * store that implements them and passes the contract suites (test/store/) works with the runtime.
 *
 * @module studypulse-agent/store
 */

export type { AuditRecord } from './store/AuditRecord.ts'
export { type CardChange, cardChanges } from './store/confirmationCards.ts'
export type { DecisionRelay } from './store/DecisionRelay.ts'
export type { PasskeyCeremony, PasskeyStore, StoredPasskey } from './store/PasskeyStore.ts'
export type {
  DecisionOffer,
  DecisionOfferResult,
  EventFollow,
  FollowEventsOptions,
  KeptRuleRequest,
  OfferOptions,
  RunCluster,
  StoredDecision,
  StoredKeptRule,
} from './store/RunCluster.ts'
export {
  type AppliedRunCommand,
  parseStoredCommand,
  parseStoredOutcome,
  type RunCommand,
  type RunCommandOfferResult,
  type RunCommandOutcome,
  type RunCommandRefusal,
  type StoredRunCommand,
} from './store/RunCommand.ts'
export {
  defaultRunListLimit,
  maxRunListLimit,
  pageByPosition,
  type RunListPage,
  type RunListQuery,
  type RunStart,
  type RunSummary,
  readCursor,
  runListLimit,
  runTitle,
  summaryStatus,
} from './store/RunListing.ts'
export type {
  LoadedRun,
  PolicyChange,
  PolicyLoad,
  RunClaim,
  RunCommit,
  RunStore,
  StoredRunSnapshot,
} from './store/RunStore.ts'
export { RunStoreError, type RunStoreErrorCode } from './store/RunStoreError.ts'
export type { CallTarget } from './vocabulary/CallDescription.ts'
export type { JournalRecord } from './vocabulary/JournalRecord.ts'
export type { AuditReceipt, SignedCall, SignedReceipt } from './vocabulary/SignedReceipt.ts'
export type { AtomicOutcomes, OutcomeDecision, OutcomeOptions } from './workspace/AtomicOutcomes.ts'
export type { VersionedKind } from './workspace/recordVersion.ts'
