import type { AgentRunEvent } from '../machines/agentRunTypes.ts'
import { approvalsNeeded, type DecisionRefusal, decisionRefusal } from '../machines/runGuards.ts'
import type { KeptRuleRequest, RunCluster, StoredDecision } from '../store/RunCluster.ts'
import type { ApprovalRules } from '../vocabulary/ApprovalRules.ts'
import { type DecidedBy, type Decision, describeRule } from '../vocabulary/Decision.ts'
import type { Identity } from '../vocabulary/Identity.ts'
import { isWellFormedDigest, isWellFormedId } from '../vocabulary/ids.ts'
import { AuditReceiptSchema } from '../vocabulary/SignedReceipt.ts'
import type { OutcomeDecision } from '../workspace/AtomicOutcomes.ts'
import { AgentError } from './AgentError.ts'
import { LostDecision, lostOrRefused, RefusedDecision, winnerIn } from './decisionErrors.ts'
import type { ForeignRun } from './foreignRuns.ts'
import { holdRule, verdictOn } from './keptRules.ts'
import type { PolicyStore } from './PolicyStore.ts'
import type { RunSession } from './RunSession.ts'

/** What the decision path needs from its runtime. */
export interface DecisionsDeps {
  cluster: RunCluster
  clock: () => Date
  policies: PolicyStore
  /** The host's rules for who may decide which cards (the chart's guard applies them). */
  approvalRules?: ApprovalRules | undefined
  /** The run's session, if this runtime holds it. */
  sessionOf(runId: string): RunSession | undefined
  /** The run as followed here, if another node owns it. */
  followed(runId: string): ForeignRun | undefined
  onError(error: unknown): void
  /**
   * Whether an allow on a held run's card may commit with the call it allows (`HeldDecision`):
   * the store's cards live in the database the workspace commits the call's effect to.
   */
  decidesWithEffect?(session: RunSession): boolean
  /**
   * The store's compare-and-set picks the one decision of a card (a store shared by nodes): a
   * decision it took may reach the run first through the store's notice. Otherwise the run's
   * guard is the compare-and-set, and a decision the run refused did not take.
   */
  storeDecides?: boolean
  /** Drops a held run and restores it from the store (its card was decided elsewhere first). */
  reload?(runId: string): Promise<void>
}

/**
 * A person's allow that the store has not taken yet: the call it lets run carries its
 * compare-and-set on the card into its own commit (one commit for the decision and the effect).
 * `settle` says what became of it: `taken` (committed, or the call ran and failed as any call
 * may), `lost` (another decision took the card first; nothing was written), `moved` (the run's
 * lease passed to another node: nothing was written) or `not_run`.
 */
export interface HeldDecision {
  readonly decision: OutcomeDecision
  settle(outcome: HeldOutcome): void
}

/** What became of a `HeldDecision`. */
export type HeldOutcome = 'taken' | 'lost' | 'moved' | 'not_run'

const notFound = (message: string) => new AgentError('confirmation_not_found', message)

/** A decision as `decide` takes it: `digest: undefined` names the card by its single-use id alone. */
export type DecisionInput = Omit<Decision, 'digest'> & { digest: string | undefined }

/** What a decision that did not fail did: took the card, or counted toward its quorum. */
export type DecideOutcome = 'taken' | 'counted'

/** The statechart event a decision is: a person's or a rule's answer, or the clock's expiry. */
export function decisionEvent(decision: Decision): AgentRunEvent {
  if (decision.by.kind === 'timeout') return { type: 'EXPIRE', decision }
  return { type: decision.decision === 'allow' ? 'CONFIRM' : 'DENY', decision }
}

/**
 * The one path every decision on a card takes, whoever makes it (a click, HTTP, another node, a
 * rule, the clock): an early refusal by the chart's own check (never a copy of it), the store's
 * compare-and-set (of several at once, exactly one wins), then the run's owner applies it, and the
 * chart's guard, the only gate to `executing`, takes it or not. A decision is reported as taken
 * only if it is the one that took. Editing a card is `CardEdits`.
 */
export class RunDecisions {
  readonly #deps: DecisionsDeps
  readonly #held = new Map<string, HeldDecision>()

  constructor(deps: DecisionsDeps) {
    this.#deps = deps
  }

  /**
   * Decides a card: resolves `taken`, or `counted` for an approval short of the quorum; rejects
   * with `confirmation_not_found` (and why) unless this decision took, a `LostDecision` when
   * another decision took the card first. `digest: undefined` names the card by its single-use
   * id alone (the decider did not say which call it saw): the run's owner checks the card's own digest.
   */
  async decide(input: DecisionInput): Promise<DecideOutcome> {
    const { cluster, policies, sessionOf } = this.#deps
    const { runId, confirmationId } = input
    const { session, decision, counted, keep } = this.#judge(input)
    if (
      session !== undefined &&
      decision.decision === 'allow' &&
      decision.by.kind === 'user' &&
      keep === undefined &&
      !counted &&
      this.#deps.decidesWithEffect?.(session) === true
    ) {
      return this.#decideWithEffect(session, decision, identityOf(decision.by))
    }
    const offered = await cluster.offerDecision(
      runId,
      {
        confirmationId,
        decision: decision.decision,
        decidedBy: byName(decision.by),
        ...(decision.by.kind === 'user' && { decider: identityOf(decision.by) }),
        ...(input.digest !== undefined && { digest: input.digest }),
        ...(decision.by.kind === 'rule' && { rule: decision.by.rule }),
        ...(keep !== undefined && { keep, rule: `kept as a rule: ${describeRule(keep)}` }),
        ...(input.receipt !== undefined && { receipt: input.receipt }),
      },
      { saved: () => session?.persister?.flush() ?? Promise.resolve() },
    )
    if (!offered.ok) {
      if (offered.lost !== undefined) throw new LostDecision(offered.message, offered.lost)
      throw new AgentError(offered.code, offered.message)
    }
    const here = sessionOf(runId)
    if (here === undefined) {
      // The store took it for the run's owner: an "always" rule is saved from here, and a
      // session rule lasts on this node too.
      if (keep?.scope === 'always' || keep?.scope === 'session') policies.add(keep)
      return offered.counted === true || counted ? 'counted' : 'taken'
    }
    // The store took this decision; the run may have had it first from the store itself (a
    // shared store's notice of its decisions, applied by `applyStored`): it took the card either way.
    const took = here.send(decisionEvent(decision))
    if (!took && !(this.#deps.storeDecides === true && loggedAs(here, decision))) {
      throw lostOrRefused(
        here.log,
        confirmationId,
        `run ${runId} refused confirmation ${confirmationId}`,
      )
    }
    // The store lets the next approver in once the approval is saved: answered after it, so
    // whoever this approver tells next finds the card open.
    if (counted) await here.persister?.flush()
    // An allowed call whose effect commits with its decision: answered once that commit is on
    // the disk, so no acknowledged Allow is lost to a crash (see `RunPersister.track`).
    else if (decision.decision === 'allow') {
      await here.persister?.settled()
      // The store refused to save it (nothing ran): its decider hears why; the card waits again.
      const refusal = here.takeRefusal(confirmationId)
      if (refusal !== undefined) throw refusal
    }
    // Kept only once the run took the decision (the next card's rules are read a microtask on).
    if (keep?.scope === 'always') policies.add(keep)
    else if (keep !== undefined) holdRule(policies, keep)
    return counted ? 'counted' : 'taken'
  }

  /**
   * The checks `decide` makes before it offers anything, made alone: throws the refusal `decide`
   * would (a `LostDecision` for a card already taken), else says whether the decision would be
   * counted toward a quorum and how many more approvals the card would then need.
   */
  check(input: DecisionInput): { counted: boolean; needed: number } {
    const { counted, context, decision } = this.#judge(input)
    const needed =
      context === undefined ? 0 : approvalsNeeded(context, decision, this.#deps.approvalRules)
    return { counted, needed }
  }

  // The decision as the chart takes it, checked against the run as held or followed here.
  #judge(input: DecisionInput) {
    const { policies, sessionOf } = this.#deps
    const { runId, confirmationId } = input
    if (input.decision !== 'allow' && input.decision !== 'deny') {
      throw new AgentError('invalid_decision', 'decision must be "allow" or "deny"')
    }
    // Malformed ids and digests name no card, and reach no store (PostgreSQL refuses a NUL byte).
    if (!isWellFormedId(confirmationId)) throw notFound('no confirmation has that id')
    if (input.digest !== undefined && !isWellFormedDigest(input.digest)) {
      throw notFound(`confirmation ${confirmationId} is for another call (the digest fits none)`)
    }
    const session = sessionOf(runId)
    const seen = session === undefined ? this.#deps.followed(runId) : undefined
    const context = session?.state().context ?? seen?.context
    const decision: Decision = {
      ...input,
      digest: input.digest ?? context?.pending?.digest ?? '',
    }
    const { approvalRules } = this.#deps
    const refusal =
      context === undefined
        ? undefined
        : decisionRefusal(context, decision, this.#deps.clock(), approvalRules)
    let tool: string | undefined
    // Counted, but short of the host's quorum: the card stays open for other people.
    let counted = false
    if (session !== undefined && context !== undefined) {
      if (refusal?.code === 'confirmation_not_found')
        throw lostOrRefused(session.log, confirmationId, refusal.message)
      if (refusal !== undefined) throw refusedAs(refusal)
      tool = context.current?.prepared?.name
      counted = approvalsNeeded(context, decision, approvalRules) > 0
    } else {
      // Another node's run, as last saved: only the rules' refusal is sure enough to give here
      // (the card may be newer than the save), and a card its log says was taken; the owner's
      // guard checks everything again.
      if (refusal?.code === 'approver_not_allowed') {
        throw new AgentError(refusal.code, refusal.message)
      }
      const to = seen === undefined ? undefined : winnerIn(seen.log, confirmationId)
      if (to !== undefined) {
        throw new LostDecision(
          `confirmation ${confirmationId} was decided first by another decision`,
          to,
        )
      }
      tool = seen?.log.find(
        (e) => e.kind === 'confirmationRequired' && e.confirmationId === confirmationId,
      )?.toolName
      // As last saved: the owner (or the store) says so when it knows better.
      counted =
        context !== undefined &&
        refusal === undefined &&
        approvalsNeeded(context, decision, approvalRules) > 0
    }
    const keep = keptRule(decision, tool)
    // Checked before deciding, kept only once the decision took: no rule outlives a refusal.
    if (keep !== undefined) policies.check(keep)
    return { session, context, decision, counted, keep }
  }

  /**
   * The allow `runId`'s call is to commit with its effect, if one waits for it (taken once). It is
   * held only for the one step that sends it to the run (see `#decideWithEffect`), so the call
   * taking it is the call it allowed: the chart's guard matched them.
   */
  takeHeld(runId: string): HeldDecision | undefined {
    const held = this.#held.get(runId)
    this.#held.delete(runId)
    return held
  }

  /**
   * An allow on a held run whose call commits with its effect: the run takes it first (the
   * chart's guard, as always), then the call's one commit holds the card's compare-and-set, and
   * only then is the decision reported taken. Lost to another decision, nothing was written: the
   * run is restored from the store, which applies the decision that won.
   */
  async #decideWithEffect(
    session: RunSession,
    decision: Decision,
    decider: Identity,
  ): Promise<DecideOutcome> {
    const { runId, confirmationId } = decision
    let settle: (outcome: HeldOutcome) => void = () => undefined
    const settled = new Promise<HeldOutcome>((resolve) => {
      settle = resolve
    })
    this.#held.set(runId, {
      decision: { confirmationId, digest: decision.digest, decidedBy: 'user', decider },
      settle: (outcome) => settle(outcome),
    })
    if (!session.send(decisionEvent(decision))) {
      this.#held.delete(runId)
      throw lostOrRefused(
        session.log,
        confirmationId,
        `run ${runId} refused confirmation ${confirmationId}`,
      )
    }
    // The guard took it, and the call started at once (a StudyPulse write waits for no turn),
    // taking the decision with it. A run that went elsewhere leaves it here: stored on its own.
    if (this.#held.delete(runId)) {
      await this.#deps.cluster.offerDecision(runId, {
        confirmationId,
        decision: 'allow',
        decidedBy: 'user',
        decider,
        digest: decision.digest,
      })
      return 'taken'
    }
    const outcome = await settled
    if (outcome === 'taken') return 'taken'
    // The store refused to save the decision (nothing ran): its decider hears why; the card waits again.
    const refusal = outcome === 'not_run' ? session.takeRefusal(confirmationId) : undefined
    if (refusal !== undefined) throw refusal
    if (outcome === 'moved') {
      // This node was paused past its lease: the run is the new owner's now. The decision is
      // offered again through the store, whose compare-and-set says whether it took the card
      // (for the new owner to apply) or lost it to the decision that did.
      await this.#deps.reload?.(runId)
      if (this.#deps.sessionOf(runId) === undefined) return this.decide(decision)
    }
    const message = `confirmation ${confirmationId} of run ${runId} was decided elsewhere first`
    if (outcome !== 'lost') throw notFound(message)
    await this.#deps.reload?.(runId)
    const log = this.#deps.sessionOf(runId)?.log ?? this.#deps.followed(runId)?.log ?? []
    throw new LostDecision(message, winnerIn(log, confirmationId))
  }

  /**
   * Sends a run's decisions that other nodes won in the store (and its log has not resolved) to
   * the run, as the events the clicks would have sent. A rule kept with one is held here if it
   * passes the checks (`verdictOn`); one that does not is reported and ignored, the decision goes.
   * `known`: the one decision the store's notice carried, sent without reading the store.
   */
  async applyStored(session: RunSession, known?: StoredDecision): Promise<void> {
    const { cluster, policies, onError } = this.#deps
    const decided = known === undefined ? await cluster.decidedUnresolved(session.runId) : [known]
    for (const stored of decided) {
      if (session.ended()) return
      const { context } = session.state()
      const plain = storedDecision(stored, undefined)
      const refusal = decisionRefusal(context, plain, this.#deps.clock(), this.#deps.approvalRules)
      if (refusal?.code === 'approver_not_allowed') {
        // Won in the store, refused by the rules here (the deciding node saw an older card or
        // other rules): the card is open again for someone the rules let decide it. Reported once
        // it is, so whoever hears of the refusal may decide the card at once.
        await cluster.releaseDecision(session.runId, stored.confirmationId)
        onError(new AgentError(refusal.code, `run ${session.runId}: ${refusal.message}`))
        continue
      }
      // A rule kept with it is read only for a decision that answers the open card.
      const answers = refusal === undefined
      const verdict = answers
        ? verdictOn(policies, session.runId, stored, context.current?.prepared?.name)
        : ({ kind: 'none' } as const)
      if (verdict.kind === 'refused') onError(verdict.error)
      const decision = verdict.kind === 'hold' ? storedDecision(stored, verdict.rule) : plain
      // The log must not say a rule was kept when it was refused here.
      const took = session.send(decisionEvent(decision))
      if (took && verdict.kind === 'hold') holdRule(policies, verdict.rule)
    }
  }
}

// A refusal of the chart's check, as the error `decide` rejects with.
function refusedAs(refusal: DecisionRefusal): AgentError {
  return refusal.code === 'input_changed'
    ? new RefusedDecision(refusal.code, refusal.message)
    : new AgentError(refusal.code, refusal.message)
}

function byName(by: DecidedBy): 'user' | 'policy' | 'timeout' {
  return by.kind === 'rule' ? 'policy' : by.kind
}

// Who decided, as the store keeps it for the run's owner (its guard checks the rules with it).
function identityOf(by: Extract<DecidedBy, { kind: 'user' }>): Identity {
  return {
    ...(by.id !== undefined && { id: by.id }),
    ...(by.name !== undefined && { name: by.name }),
    ...(by.groups !== undefined && { groups: [...by.groups] }),
  }
}

// Whether the run's log resolves the decision's card with its answer (looked up by id, as a
// store finds a row: whether it may take it is the guard's to say, and it already did).
function loggedAs(session: RunSession, decision: Decision): boolean {
  const by = decision.by.kind === 'user' ? decision.by.id : undefined
  return session.log.some(
    (e) =>
      e.confirmationId === decision.confirmationId &&
      e.decision === decision.decision &&
      (e.kind === 'confirmationResolved' ||
        // An approval short of the quorum, counted when the store's notice brought it first.
        (e.kind === 'confirmationApproved' && by !== undefined && e.decider?.id === by)),
  )
}

// The rule a person asked to keep with a decision, as the policy store takes it.
function keptRule(decision: Decision, tool: string | undefined): KeptRuleRequest | undefined {
  if (decision.remember === undefined) return undefined
  return {
    tool: tool ?? '',
    effect: decision.decision,
    scope: decision.remember,
    runId: decision.runId,
  }
}

// A decision another node won, as the decision object the chart takes.
function storedDecision(stored: StoredDecision, kept: KeptRuleRequest | undefined): Decision {
  const by: DecidedBy =
    stored.decidedBy === 'timeout'
      ? { kind: 'timeout' }
      : stored.decidedBy === 'policy'
        ? { kind: 'rule', rule: stored.rule ?? 'a rule' }
        : { kind: 'user', ...stored.decider }
  // A damaged receipt is left out (the audit's check then names the line unsigned); the decision goes.
  const receipt = AuditReceiptSchema.safeParse(stored.receipt)
  return {
    runId: stored.runId,
    confirmationId: stored.confirmationId,
    decision: stored.decision,
    digest: stored.digest,
    by,
    ...(kept !== undefined && { remember: kept.scope }),
    ...(receipt.success && { receipt: receipt.data }),
  }
}
