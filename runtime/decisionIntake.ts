import type { AgentRunContext } from '../machines/agentRunTypes.ts'
import { bindingMismatch } from '../machines/runGuards.ts'
import { cardDigest } from '../tools/digest.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ApprovalRules } from '../vocabulary/ApprovalRules.ts'
import type {
  CallOutcome,
  CardAnswer,
  CardAnswerResult,
  DecisionRefusalCode,
  DecisionRequest,
  DecisionResult,
} from '../vocabulary/DecisionRequest.ts'
import { personOf } from '../vocabulary/Identity.ts'
import { isWellFormedId } from '../vocabulary/ids.ts'
import type { SignedCall } from '../vocabulary/SignedReceipt.ts'
import { AgentError, isSignatureErrorCode } from './AgentError.ts'
import type { RunView } from './AgentRuntime.ts'
import { LostDecision, RefusedDecision } from './decisionErrors.ts'
import type { DecisionInput, RunDecisions } from './decisions.ts'
import type { SignedApprovals, SignedReceipt } from './SignedApprovals.ts'
import { checkSignature, signsAny } from './signedAnswer.ts'
import { signedCallOf } from './signedCall.ts'

/** What the intake needs from its runtime. */
export interface DecisionIntakeDeps {
  decisions: RunDecisions
  tools: ToolRegistry
  clock: () => Date
  /** Makes a run known here (`AgentRuntime.open`); rejects `run_not_found` for an unknown one. */
  open(runId: string): Promise<void>
  /** Whether this runtime holds the run (else another node or process does). */
  holds(runId: string): boolean
  /** The run's context as held or last seen here. */
  context(runId: string): AgentRunContext | undefined
  view(runId: string): RunView
  /** Listens to a run wherever it runs (one another node or process holds is followed meanwhile). */
  subscribe(runId: string, listener: (event?: AgentEvent) => void): () => void
  /** The host's approval rules, read for the cards that require a signed approval. */
  approvalRules?: ApprovalRules | undefined
  /** The host's checker of signed decisions; none: a card that must be signed is refused. */
  signedApprovals?: SignedApprovals | undefined
}

/** The default wait for an allowed call's outcome. */
const outcomeTimeoutMs = 10_000

// A checked answer: the decision as `RunDecisions` takes it, and what the check foresaw.
interface Checked {
  answer: CardAnswer
  input: DecisionInput
  needed: number
  approvals: number
  callId: string | undefined
  /** The verified signature, kept once the decision takes or counts. */
  receipt?: SignedReceipt
  /** The card's call in canonical form, kept with the receipt in the audit log. */
  call?: SignedCall
}

type Verdict = Checked | CardAnswerResult

const refused = (answer: CardAnswer, code: DecisionRefusalCode, message: string) =>
  ({
    runId: answer.runId,
    confirmationId: answer.confirmationId,
    decision: answer.decision,
    status: 'refused',
    code,
    message,
  }) as const satisfies CardAnswerResult

// The runtime's refusals that are answers to a decision (any other error is thrown).
const refusalCodes: ReadonlySet<string> = new Set<DecisionRefusalCode>([
  'confirmation_not_found',
  'approver_not_allowed',
  'invalid_decision',
  'policy_not_allowed',
  'run_not_found',
  'run_owned_elsewhere',
])

const unknownCard = (answer: CardAnswer) =>
  refused(answer, 'confirmation_not_found', 'no confirmation has that id')

/**
 * The runtime's one decision intake, every face's way to decide cards (`AgentRuntime.decide`):
 * the request is checked as a whole (each answer as `RunDecisions` checks a decision, plus
 * answers twice to one card, the asker's scope, the input the card showed and its deadline), and
 * only when every answer passes are they applied, each through the one decision path (the
 * store's compare-and-set: of several at once, one takes the card). The answer says per card
 * what happened; an expected failure is an answer, never a throw.
 */
export function createDecisionIntake(
  deps: DecisionIntakeDeps,
): (request: DecisionRequest) => Promise<DecisionResult> {
  return async (request) => {
    const answers = Array.isArray(request?.answers) ? request.answers : []
    const verdicts: Verdict[] = []
    for (const answer of answers) verdicts.push(await checkAnswer(deps, request, answer))
    markConflicts(answers, verdicts)
    if (verdicts.some((v) => 'status' in v)) {
      const fault = verdicts.find((v): v is CardAnswerResult => 'status' in v)
      const why = fault === undefined ? '' : ` (${'message' in fault ? fault.message : ''})`
      const cards = verdicts.map((v) =>
        'status' in v
          ? v
          : refused(
              v.answer,
              'request_refused',
              `another answer of this request was refused${why}: nothing was decided`,
            ),
      )
      return { ok: false, cards }
    }
    const cards: CardAnswerResult[] = []
    for (const checked of verdicts as Checked[]) cards.push(await apply(deps, request, checked))
    return { ok: cards.every((c) => c.status === 'taken' || c.status === 'waiting'), cards }
  }
}

// Answers twice to one card in one request: the whole request is refused, whichever was meant.
function markConflicts(answers: readonly CardAnswer[], verdicts: Verdict[]): void {
  const key = (a: CardAnswer) => `${String(a.runId)}\u0000${String(a.confirmationId)}`
  const counts = new Map<string, number>()
  for (const answer of answers) counts.set(key(answer), (counts.get(key(answer)) ?? 0) + 1)
  answers.forEach((answer, i) => {
    if ((counts.get(key(answer)) ?? 0) > 1) {
      verdicts[i] = refused(
        answer,
        'conflicting_answers',
        'this request answers the card more than once: nothing was decided',
      )
    }
  })
}

// One answer checked against the run as held or seen here, before anything is applied.
async function checkAnswer(
  deps: DecisionIntakeDeps,
  request: DecisionRequest,
  answer: CardAnswer,
): Promise<Verdict> {
  if (answer === null || typeof answer !== 'object') {
    return refused(
      { runId: '', confirmationId: '', decision: 'deny' },
      'invalid_decision',
      'an answer is an object',
    )
  }
  if (answer.decision !== 'allow' && answer.decision !== 'deny') {
    return refused(answer, 'invalid_decision', 'decision must be "allow" or "deny"')
  }
  const { runId, confirmationId } = answer
  if (!isWellFormedId(runId) || !isWellFormedId(confirmationId)) return unknownCard(answer)
  try {
    await deps.open(runId)
  } catch (error) {
    if (error instanceof AgentError && error.code === 'run_not_found') return unknownCard(answer)
    throw error
  }
  const view = deps.view(runId)
  // Another asker's card is answered as no card at all: its existence is not theirs to learn.
  if (!inScope(request, view)) return unknownCard(answer)
  const context = deps.context(runId)
  // The card as the run's log shows it (a lookup: whether the answer fits it is the guard's to say).
  const card = view.events.findLast(
    (e) => e.kind === 'confirmationRequired' && e.confirmationId === confirmationId,
  )
  // A run held elsewhere may show its card here only later: its owner or the store checks it.
  if (card === undefined && deps.holds(runId)) return unknownCard(answer)
  let digest = answer.digest
  if (answer.input !== undefined) {
    if (card === undefined) return refused(answer, 'input_changed', 'the card is not known here')
    const again = digestOf(deps, card, context, answer.input)
    if (again.refusal !== undefined) return refused(answer, 'input_changed', again.refusal)
    digest = again.digest
  }
  if (card?.expiresAt !== undefined && Date.parse(card.expiresAt) <= deps.clock().getTime()) {
    return refused(answer, 'confirmation_expired', `confirmation ${confirmationId} has expired`)
  }
  const by = { kind: 'user' as const, ...request.by }
  const input: DecisionInput = {
    runId,
    confirmationId,
    decision: answer.decision,
    digest,
    by,
    ...(answer.remember !== undefined && { remember: answer.remember }),
  }
  let needed: number
  try {
    needed = deps.decisions.check(input).needed
  } catch (error) {
    return notTaken(answer, error)
  }
  // Checked last: verifying uses the signature's single-use ceremony up.
  const shownDigest =
    bindingMismatch({ confirmationId }, { confirmationId: view.pending?.confirmationId }) ===
    undefined
      ? view.pending?.digest
      : card?.digest
  // Hosts with no signing rule pay no extra await (the intake's timing is as it always was).
  const signed = signsAny(deps.approvalRules)
    ? await checkSignature(deps, request, answer, card, shownDigest, digest)
    : ({ kind: 'unsigned' } as const)
  if (signed.kind === 'refused') return refused(answer, signed.code, signed.message)
  const call = card === undefined ? undefined : signedCallOf(card, deps.tools)
  return {
    answer,
    input,
    needed,
    approvals: (view.pending?.approvals?.length ?? 0) + 1,
    callId: card?.toolCallId,
    ...(signed.kind === 'signed' && { receipt: signed.receipt }),
    ...(signed.kind === 'signed' && call !== undefined && { call }),
  }
}

// Whether the run is the asker's: started by the asker's person, held by the asker's face.
function inScope(request: DecisionRequest, view: RunView): boolean {
  const asker = request.asker
  if (asker === undefined) return true
  if (asker.person !== undefined && view.startedBy?.id !== asker.person.id) return false
  return asker.owns === undefined || asker.owns(view.runId)
}

// The card digest of the input answered, prepared as the card's call was (the chart's guard
// compares it with the card's), or why it cannot be prepared.
function digestOf(
  deps: DecisionIntakeDeps,
  card: AgentEvent,
  context: AgentRunContext | undefined,
  input: unknown,
): { digest: string; refusal?: undefined } | { refusal: string } {
  if (card.toolCallId === undefined || card.toolName === undefined) {
    return { refusal: 'the card’s call is not known here' }
  }
  try {
    const again = deps.tools.prepare(card.toolCallId, card.toolName, input)
    return { digest: cardDigest(again.digest, context?.current?.description?.target) }
  } catch (error) {
    return { refusal: error instanceof Error ? error.message : String(error) }
  }
}

// A decision that did not take its card, as the answer says it.
function notTaken(answer: CardAnswer, error: unknown): CardAnswerResult {
  if (error instanceof LostDecision) {
    return {
      runId: answer.runId,
      confirmationId: answer.confirmationId,
      decision: answer.decision,
      status: 'lost',
      message: error.message,
      ...(error.to !== undefined && { to: error.to }),
    }
  }
  if (error instanceof RefusedDecision) return refused(answer, error.reason, error.message)
  // Anything else (a damaged rules file, a store that failed) is the host's to see, not an answer.
  if (!(error instanceof AgentError) || !refusalCodes.has(error.code)) throw error
  const code = error.code as DecisionRefusalCode
  return refused(answer, code, error.message)
}

// Applies one checked answer through the one decision path, and says what became of it.
async function apply(
  deps: DecisionIntakeDeps,
  request: DecisionRequest,
  checked: Checked,
): Promise<CardAnswerResult> {
  const { answer, input } = checked
  const card = {
    runId: answer.runId,
    confirmationId: answer.confirmationId,
    decision: answer.decision,
  }
  let took: 'taken' | 'counted'
  // The signature goes with the decision: the run logs it on the card's approval or resolution,
  // wherever the run is held, and the call's audit line carries it from there.
  const { receipt, call } = checked
  const signed =
    receipt === undefined || call === undefined
      ? input
      : { ...input, receipt: { version: 1 as const, call, receipt } }
  try {
    took = await deps.decisions.decide(signed)
  } catch (error) {
    return notTaken(answer, error)
  }
  if (checked.receipt !== undefined) await deps.signedApprovals?.keep?.(checked.receipt)
  if (took === 'counted') {
    return { ...card, status: 'waiting', approvals: checked.approvals, needed: checked.needed }
  }
  const by = personOf(request.by)
  const taken = { ...card, status: 'taken' as const, ...(by !== undefined && { by }) }
  if (answer.decision !== 'allow' || request.awaitOutcome === false) return taken
  const outcome = await outcomeOf(deps, answer.runId, checked.callId, request.timeoutMs)
  return outcome === undefined ? taken : { ...taken, outcome }
}

/**
 * The outcome of call `callId` once the run logs it, or undefined if it does not within
 * `timeoutMs` (or the run ends first). Waits on the run's own events: listening follows a run
 * another node or process holds.
 */
function outcomeOf(
  deps: DecisionIntakeDeps,
  runId: string,
  callId: string | undefined,
  timeoutMs = outcomeTimeoutMs,
): Promise<CallOutcome | undefined> {
  if (callId === undefined) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    let done = false
    let stop = () => {}
    const finish = (outcome: CallOutcome | undefined) => {
      if (done) return
      done = true
      clearTimeout(timer)
      stop()
      resolve(outcome)
    }
    const look = () => {
      const view = deps.view(runId)
      const event = view.events.findLast(
        (e) => (e.kind === 'toolCompleted' || e.kind === 'toolFailed') && e.toolCallId === callId,
      )
      if (event !== undefined) return finish(callOutcome(event))
      if (view.status !== 'active') finish(undefined)
    }
    const timer = setTimeout(() => finish(undefined), timeoutMs)
    try {
      stop = deps.subscribe(runId, (event) => {
        if (event?.kind !== 'assistantDelta') look()
      })
    } catch {
      // Released meanwhile (it ended): its last view answers.
    }
    look()
  })
}

/** What a `toolCompleted` or `toolFailed` event says of its call. */
export function callOutcome(event: AgentEvent): CallOutcome {
  let payload: { ok?: boolean; error?: { code?: string; message?: string } } = {}
  try {
    payload = JSON.parse(event.payloadJson ?? '{}') as typeof payload
  } catch {
    // An unreadable payload: the event's kind and error still say what happened.
  }
  if (event.kind === 'toolCompleted' && payload.ok === true) return { ok: true }
  const error = event.error ?? payload.error
  return {
    ok: false,
    code: error?.code ?? 'tool_failed',
    message: error?.message ?? 'the call failed',
  }
}

/**
 * The error an intake's answer stands for at an API edge that throws (`AgentRuntime.command`, an
 * HTTP route), or undefined when every card was taken or counted: the first answer at fault (not
 * one only refused beside it), with the code the runtime's callers know (`LostDecision` for a
 * card another decision took first; `input_changed` and `confirmation_expired` are
 * `confirmation_not_found`, as they always were).
 */
export function answerError(cards: readonly CardAnswerResult[]): AgentError | undefined {
  const failed = cards.filter((c) => c.status === 'lost' || c.status === 'refused')
  const card =
    failed.find((c) => c.status !== 'refused' || c.code !== 'request_refused') ?? failed[0]
  if (cards.length === 0) return new AgentError('confirmation_not_found', 'nothing was decided')
  if (card === undefined) return undefined
  if (card.status === 'lost') return new LostDecision(card.message, card.to)
  if (card.status !== 'refused') return undefined
  const code =
    card.code === 'conflicting_answers' ||
    card.code === 'invalid_decision' ||
    card.code === 'approver_not_allowed' ||
    card.code === 'policy_not_allowed' ||
    card.code === 'run_not_found' ||
    card.code === 'run_owned_elsewhere' ||
    isSignatureErrorCode(card.code)
      ? card.code
      : 'confirmation_not_found'
  return new AgentError(code, card.message)
}
