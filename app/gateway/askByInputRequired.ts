import { randomBytes } from 'node:crypto'
import {
  type CallToolResult,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server'
import { bindingMismatch } from '../../machines/runGuards.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { canonicalJson } from '../../tools/canonicalJson.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { type AskState, askStateSeal } from './askState.ts'
import type { GatewayCaller } from './GatewayCaller.ts'
import { answerOf, hostQuestion } from './hostQuestion.ts'

/** The key of the one question in the gateway's `inputRequests`. */
export const cardQuestionKey = 'card'

/** How long an answered call's result waits for its client's retry before it is dropped. */
const keepAnsweredMs = 10 * 60 * 1000

/** What the asking needs of the gateway: its one way to make a call (`Gateway.callTool`). */
export interface CallsTools {
  callTool(name: string, args: unknown, caller: GatewayCaller): Promise<unknown>
}

/** One round of a 2026-07-28 `tools/call`: the call, and what a retry carries back. */
export interface AskRound {
  name: string
  args: unknown
  /** The client's answers to the gateway's question, on a retry. */
  inputResponses?: Record<string, unknown>
  /** The sealed state the gateway gave with its question, echoed on a retry. */
  requestState?: string
}

/** A call whose card is asked about by an `InputRequiredResult`, until its client comes back. */
interface AskedCall {
  runId: string
  card: AgentEvent
  principal: string
  /** The call's answer, once the run has it (after a decision, the deadline, or a stop). */
  result: Promise<CallToolResult>
  /** A retry carrying an answer took the card: any other retry with its state decides nothing. */
  claimed: boolean
}

/**
 * Asks the person through multi round-trip requests (MCP 2026-07-28): the first `tools/call`
 * of a gated tool starts the gateway's run and, once its card is shown, answers with the question
 * and a sealed `requestState`; the client retries the same call with the person's answer, which
 * takes the runtime's one decision path. The card is the single-use record: a retry whose card
 * was decided already, or is another caller's, decides nothing.
 */
export class AskByInputRequired {
  readonly #gateway: CallsTools
  readonly #runtime: AgentRuntime
  // The gateway's own key: states it sealed open only here (and not after a restart, whose
  // cards were closed as interrupted anyway).
  readonly #key = new Uint8Array(randomBytes(32))
  readonly #asked = new Map<string, AskedCall>()

  constructor(gateway: CallsTools, runtime: AgentRuntime) {
    this.#gateway = gateway
    this.#runtime = runtime
  }

  /** One round of `round.name` for `caller`, whose `principal` the state is bound to. */
  async call(
    round: AskRound,
    caller: GatewayCaller,
    principal: string,
  ): Promise<CallToolResult | InputRequiredResult> {
    if (round.requestState !== undefined) return this.#retry(round, caller, principal)
    return this.#first(round, caller, principal)
  }

  async #first(
    round: AskRound,
    caller: GatewayCaller,
    principal: string,
  ): Promise<CallToolResult | InputRequiredResult> {
    let shown: (value: { runId: string; card: AgentEvent }) => void = () => {}
    const card = new Promise<{ runId: string; card: AgentEvent }>((resolve) => {
      shown = resolve
    })
    const result = this.#gateway.callTool(round.name, round.args, {
      ...caller,
      // The call outlives this request: the card's deadline, not the connection, ends its wait.
      signal: new AbortController().signal,
      onCard: (runId, event) => {
        shown({ runId, card: event })
        return true
      },
    }) as Promise<CallToolResult>
    const first = await Promise.race([result.then((r) => ({ result: r })), card])
    if ('result' in first) return first.result
    const held: AskedCall = { ...first, principal, result, claimed: false }
    const id = first.card.confirmationId as string
    this.#asked.set(id, held)
    void result.then(() => {
      setTimeout(() => {
        if (this.#asked.get(id) === held) this.#asked.delete(id)
      }, keepAnsweredMs).unref?.()
    })
    return this.#question(held, caller, principal)
  }

  async #question(
    held: AskedCall,
    caller: GatewayCaller,
    principal: string,
  ): Promise<InputRequiredResult> {
    const { card } = held
    const state: AskState = {
      version: 1,
      runId: held.runId,
      confirmationId: card.confirmationId as string,
      digest: card.digest as string,
      deadline: card.expiresAt === undefined ? Number.MAX_SAFE_INTEGER : Date.parse(card.expiresAt),
    }
    const question = hostQuestion(card, caller.name)
    return inputRequired({
      inputRequests: {
        [cardQuestionKey]: inputRequired.elicit({
          message: question.message,
          requestedSchema: question.requestedSchema,
        }),
      },
      requestState: await askStateSeal(this.#key, principal).seal(state),
    })
  }

  async #retry(
    round: AskRound,
    caller: GatewayCaller,
    principal: string,
  ): Promise<CallToolResult | InputRequiredResult> {
    const opened = await askStateSeal(this.#key, principal).open(round.requestState as string)
    if (!opened.ok) {
      return refused(
        'request_state_invalid',
        `the answer's requestState is not one this gateway gave this caller (${opened.reason}); it decides nothing`,
      )
    }
    const { state } = opened
    const held = this.#asked.get(state.confirmationId)
    if (held === undefined || held.claimed || held.runId !== state.runId) {
      return refused(
        'confirmation_not_found',
        'no card waits for this answer (it was decided or closed already); it decides nothing',
      )
    }
    if (
      held.principal !== principal ||
      bindingMismatch({ digest: state.digest }, { digest: held.card.digest }) !== undefined
    ) {
      return refused('confirmation_not_found', 'this card is not yours; the answer decides nothing')
    }
    if (
      round.name !== held.card.toolName ||
      canonicalJson(round.args ?? {}) !== held.card.payloadJson
    ) {
      return refused(
        'request_mismatch',
        'the retry is not the call the card was shown for; it decides nothing',
      )
    }
    const answer = inputResponse(round.inputResponses, cardQuestionKey)
    if (answer.kind !== 'elicit') return this.#question(held, caller, principal)
    held.claimed = true
    if (Date.now() > state.deadline) return this.#collect(state, held)
    const { decision, remember } = answerOf({
      action: answer.action,
      ...(answer.content !== undefined && { content: answer.content as never }),
    })
    try {
      await this.#runtime.submitConfirmation(held.runId, state.confirmationId, decision, {
        digest: state.digest,
        ...(remember !== undefined && { remember }),
        ...(caller.person !== undefined && { by: caller.person }),
      })
    } catch {
      // Not taken: the card was closed already (its deadline, the gateway stopping), or the
      // host's approval rules let this person's allow only count (four eyes). The call stays
      // open until its card is decided (on the page) or expires, as a 2025-11-25 call does: a
      // client is never told it failed while it may still run.
    }
    return this.#collect(state, held)
  }

  async #collect(state: AskState, held: AskedCall): Promise<CallToolResult> {
    const result = await held.result
    if (this.#asked.get(state.confirmationId) === held) this.#asked.delete(state.confirmationId)
    return result
  }
}

function refused(code: string, message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: { ok: false, error: { code, message } },
  }
}
