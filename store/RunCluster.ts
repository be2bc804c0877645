import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { ConfirmationDecision } from '../vocabulary/Decision.ts'
import type { WinningDecision } from '../vocabulary/DecisionRequest.ts'
import type { Identity } from '../vocabulary/Identity.ts'
import type { AuditReceipt } from '../vocabulary/SignedReceipt.ts'
import type {
  RunCommand,
  RunCommandOfferResult,
  RunCommandOutcome,
  StoredRunCommand,
} from './RunCommand.ts'

/** A decision on a confirmation card, as it arrives at whichever node the person reached. */
export interface DecisionOffer {
  confirmationId: string
  decision: ConfirmationDecision
  decidedBy: 'user' | 'policy' | 'timeout'
  /** The policy rule that decided, for `decidedBy: 'policy'`. */
  rule?: string
  /** The signed-in person who decided (`decidedBy: 'user'`), as authentication said: the owner's guard checks the host's rules with it. */
  decider?: Identity
  /** When given, the card must be for exactly this call (a caller that names only the card's single-use id leaves it out). */
  digest?: string
  /** The rule the user asked to keep with this decision, for the run's owner to hold. */
  keep?: KeptRuleRequest
  /** The decider's verified signature with the card's call, for the owner to log (audit line). */
  receipt?: AuditReceipt
}

/** A rule kept with a decision, as offered: the owner checks it again before it holds it. */
export interface KeptRuleRequest {
  tool: string
  effect: 'allow' | 'deny'
  scope: 'run' | 'session' | 'always'
  runId?: string
}

/**
 * Whether an offered decision won the card: only one offer per card ever does. `counted`: it won
 * a place among the card's approvals, and the card waits for more; `lost`: the decision that took
 * the card first, when the store or the run's owner knows it.
 */
export type DecisionOfferResult =
  | { ok: true; counted?: boolean }
  | {
      ok: false
      code: 'confirmation_not_found' | 'run_owned_elsewhere'
      message: string
      lost?: WinningDecision
    }

/** What an offer may need from the node making it. */
export interface OfferOptions {
  /**
   * Resolves once this node's saves so far are in the store. A store that opens cards from
   * commits waits for it before deciding a card of a run this node holds (the card may be on its
   * way); one that decides on this node alone need not.
   */
  saved?: () => Promise<void>
}

/** A decision the store accepted and that the run's log has not resolved yet. */
export interface StoredDecision {
  runId: string
  confirmationId: string
  digest: string
  decision: ConfirmationDecision
  decidedBy: 'user' | 'policy' | 'timeout'
  rule?: string
  /** Who decided, as the deciding node's authentication said. */
  decider?: Identity
  /** The rule kept with the decision, as stored: untrusted input until checked. */
  keep?: unknown
  /** The decider's signature as stored (an `AuditReceipt`): untrusted input until read through zod. */
  receipt?: unknown
  /** ISO time the store accepted it. */
  decidedAt: string
}

/** A rule kept with an accepted decision, and the decision it came with. */
export type StoredKeptRule = Pick<StoredDecision, 'confirmationId' | 'decision' | 'decidedBy'> & {
  /** As stored: untrusted input until checked. */
  keep: unknown
}

/** What one save added beyond its events, when the store's notice of it carried it all. */
export interface FollowedSave {
  /** The save's messages: positions `from` on of the run's message log (none: it added none). */
  messages?: { from: number; items: readonly ChatMessage[] }
}

/** What `followEvents` calls back with. */
export interface FollowEventsOptions {
  /** Deliver only events with a greater `seq` (0, the default, delivers the whole log). */
  afterSeq?: number
  /**
   * Receives the next events of the run, in `seq` order, with no gap and no repeat; `save` when
   * they are exactly one save's, told whole (the follower then need not read the run again).
   */
  onEvents: (events: AgentEvent[], save?: FollowedSave) => void
  /** Told when the store could not read or listen for a while; following goes on. */
  onError?: (error: Error) => void
}

/** A running follow; `close()` stops it. */
export interface EventFollow {
  /** Resolves once the events already logged when following began were delivered. */
  readonly caughtUp: Promise<void>
  close(): void
}

/**
 * What a store shared by several nodes adds to `RunStore`, as one capability object
 * (`RunStore.cluster`), read once by the runtime. A store without it serves one node, and the
 * runtime stands in the one-node version of each part. The runtime decides what each part means;
 * the store only keeps and tells.
 *
 * - Claims are leases held under `ownerId`: a node that could not renew in time (paused, cut
 *   off) may find its run taken over, and must stop advancing it.
 * - Decisions are decided in the store, once: a store opens a card when a commit logs its
 *   `confirmationRequired` and closes it when a commit logs the matching `confirmationResolved`;
 *   `offerDecision` is a compare-and-set on the open, undecided card, so of many nodes, one wins.
 * - Commands (input, cancel, edit) go through the store to the run's owner, which applies them in
 *   order and records each as applied in the commit that saves what it did
 *   (`RunCommit.commands`), so a takeover after a crash applies each once. An edit is a
 *   compare-and-set on the open card: it wins over decisions offered after it.
 * - The event feed lets any node follow a run another node advances, every event once, in order.
 * - Shared rules: a save of the kept ("always") rules tells the other nodes, and the rules kept
 *   with a run's decisions can be read back by whoever owns the run next.
 */
export interface RunCluster {
  /** The owner name this store claims runs under (what `AtomicOutcomes` checks). */
  readonly ownerId: string
  /**
   * How far the clock every node of the cluster shares (a database's) is ahead of this node's,
   * in ms: the runtime adds it to its own clock, so each node sets and checks cards' deadlines on
   * that one clock, shows the same deadline and expires a card at it.
   */
  clockOffsetMs?(): number
  /**
   * The cards live in the database an atomic workspace (`AtomicOutcomes`) over the same database
   * commits to, so an allow may be decided in the commit of the effect it allows.
   */
  readonly decidesWithEffects?: boolean
  /** Calls `listener` with each run this store held and has lost; returns an unsubscribe. */
  onClaimLost(listener: (runId: string) => void): () => void
  /** The open runs a claim could take now: no owner, this one, or a lease that ran out. */
  listClaimableRuns(): Promise<string[]>

  /** Decides the open card `offer.confirmationId` of `runId`, unless it is decided, closed or unknown. */
  offerDecision(
    runId: string,
    offer: DecisionOffer,
    options?: OfferOptions,
  ): Promise<DecisionOfferResult>
  /** Accepted decisions of `runId` whose `confirmationResolved` is not logged yet, oldest first. */
  decidedUnresolved(runId: string): Promise<StoredDecision[]>
  /**
   * Calls `listener` with the run id whenever any node accepts a decision, and with the decision
   * itself when the notice carried it (else the listener reads `decidedUnresolved`); once this
   * node hears decisions and after a lost connection, with each of its runs that has one
   * unresolved (a decision made before then woke nobody); returns an unsubscribe.
   */
  onDecision(listener: (runId: string, decision?: StoredDecision) => void): () => void
  /**
   * Undoes an accepted decision the run's owner refused (the host's approval rules do not let its
   * decider make it), so the card can be decided again; a card already resolved is left alone.
   */
  releaseDecision(runId: string, confirmationId: string): Promise<void>

  /** Stores a command for `runId`'s owner and wakes it. */
  offerCommand(
    runId: string,
    command: RunCommand,
    options?: OfferOptions,
  ): Promise<RunCommandOfferResult>
  /** Commands of `runId` not applied yet, oldest first. */
  pendingCommands(runId: string): Promise<StoredRunCommand[]>
  /**
   * Calls `listener` with the run id whenever any node offers a command (and, once this node
   * hears offers and after a lost connection, with each of its runs that has one waiting: an
   * offer made before then woke nobody); returns an unsubscribe.
   */
  onCommand(listener: (runId: string) => void): () => void
  /** Resolves with the command's outcome once its owner applied it; undefined if not within `timeoutMs`. */
  commandOutcome(id: string, timeoutMs: number): Promise<RunCommandOutcome | undefined>

  /** Follows `runId`'s event log from `afterSeq`. */
  followEvents(runId: string, options: FollowEventsOptions): EventFollow

  /**
   * Calls `listener` whenever any node saved the kept rules, once this node hears such saves, and
   * after a lost connection to the store comes back (a save may have been missed before);
   * returns an unsubscribe.
   */
  onPoliciesChanged(listener: () => void): () => void
  /** The rules kept with the accepted decisions of `runId`, oldest first. */
  keptRulesOf(runId: string): Promise<StoredKeptRule[]>
  /** Drops the kept rules of `runId` for `tool` and `effect`: revoked, they never come back. */
  forgetKeptRules(runId: string, tool: string, effect: string): Promise<void>
}
