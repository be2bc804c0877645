import type { ConfirmationDecision, RuleScope } from './Decision.ts'
import type { Identity, Person } from './Identity.ts'
import type { SignedAnswer } from './SignedDecision.ts'

/**
 * One answer to one card, as a face received it. The call it answers is named by `digest` (the
 * digest the card showed) or by `input` (the call's input, digested as the card's was); with
 * neither, the card's single-use id alone names it.
 */
export interface CardAnswer {
  runId: string
  confirmationId: string
  decision: ConfirmationDecision
  digest?: string
  input?: unknown
  /** Keep the decision as a rule (allow: run or session, write tools only; deny: any scope). */
  remember?: RuleScope
  /** The person's passkey signature over this decision, for a card whose rule requires one. */
  signature?: SignedAnswer
}

/**
 * Who asked for the calls a face answers for: the signed-in person whose calls they are, and the
 * face's own session (an MCP session id). A card outside the asker's scope is answered as if it
 * did not exist (`confirmation_not_found`).
 */
export interface DecisionAsker {
  /** Only runs this person started (a run started by nobody in particular is not theirs). */
  person?: Person
  /** The face's session, for the face's own check (`owns`) and the answer. */
  session?: string
  /** Whether this asker's face holds the run (e.g. the gateway: the session that asked for it). */
  owns?: (runId: string) => boolean
}

/**
 * A request to decide one or more cards, as every face sends it to the runtime's one intake
 * (`AgentRuntime.decide`). It is checked as a whole first, then applied all or none.
 */
export interface DecisionRequest {
  answers: readonly CardAnswer[]
  /** Who decides, as the host authenticated them (never a request body or the model). */
  by?: Identity
  /** The face the request came through (`http`, `chat`, `ai-sdk`, `gateway`, `terminal`, `api`…). */
  face: string
  asker?: DecisionAsker
  /**
   * Wait for an allowed call to run and answer with its outcome (default true); `false` answers
   * once the decision is taken.
   */
  awaitOutcome?: boolean
  /** How long to wait for an allowed call's outcome (default 10 s); past it, `taken` has none. */
  timeoutMs?: number
}

/** Why an answer was refused (nothing of its request was applied when refused at check time). */
export type DecisionRefusalCode =
  /** No open card of that id for this asker (unknown, another person's, or outside the session). */
  | 'confirmation_not_found'
  /** The run is not known here. */
  | 'run_not_found'
  /** Another process holds the run and could not be reached. */
  | 'run_owned_elsewhere'
  /** The host's approval rules do not let `by` make this decision. */
  | 'approver_not_allowed'
  /** The input or digest answered is not the card's call. */
  | 'input_changed'
  /** The card's deadline has passed. */
  | 'confirmation_expired'
  /** The request answers this card twice (the same or different answers). */
  | 'conflicting_answers'
  /** Not an allow or a deny, or a malformed answer. */
  | 'invalid_decision'
  /** The decision asks to keep a rule the policy store does not allow. */
  | 'policy_not_allowed'
  /** Another answer of the request was refused, so none was applied. */
  | 'request_refused'
  /** The card's rule requires a signed approval and the answer carries none (sign it on the page). */
  | 'signature_required'
  /** The signature does not verify against the person's passkey, or not over this card's challenge. */
  | 'signature_invalid'
  /** The signature's ceremony was used already or never started: an assertion counts once. */
  | 'signature_replayed'
  /** The signature's deadline passed before it reached the server. */
  | 'signature_expired'
  /** The signature was asked for another card, run, person or decision. */
  | 'signature_mismatch'
  /** The authenticator did not verify the person (no PIN, no biometric): the UV flag is not set. */
  | 'user_not_verified'
  /** The passkey that signed is not one of this person's registered passkeys. */
  | 'passkey_unknown'
  /** The passkey that signed was revoked. */
  | 'passkey_revoked'

/** The outcome of an allowed call that ran. */
export type CallOutcome = { ok: true } | { ok: false; code: string; message: string }

/** The decision that took a card, as a lost answer names it. */
export interface WinningDecision {
  decision: ConfirmationDecision
  /** Who took it: a person, a rule, or the clock. */
  decidedBy: 'user' | 'policy' | 'timeout'
  decider?: Person
}

/** What happened to one answer of a request. */
export type CardAnswerResult = {
  runId: string
  confirmationId: string
  decision: ConfirmationDecision
} & (
  | {
      /** This answer is the decision that took the card. */
      status: 'taken'
      by?: Person
      /** For an allow, once the call ran: its outcome (absent when not awaited or not in time). */
      outcome?: CallOutcome
    }
  | {
      /** Another decision took the card first; this one changed nothing. */
      status: 'lost'
      to?: WinningDecision
      message: string
    }
  | { status: 'refused'; code: DecisionRefusalCode; message: string }
  | {
      /** Counted: the card waits for `needed` more approvers. */
      status: 'waiting'
      approvals: number
      needed: number
    }
)

/** The intake's answer: what happened to each answer, in the request's order. */
export interface DecisionResult {
  /** True when every answer was taken or counted. */
  ok: boolean
  cards: CardAnswerResult[]
}
