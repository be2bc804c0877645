import { type Attributes, SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { Identity } from '../AgentRuntime.ts'
import { insideTurn, type RunSpanIds, runTraceId, turnSpanId } from './runSpanIds.ts'

/** What a run's spans are made with. */
export interface RunSpansDeps {
  tracer: Tracer
  ids: RunSpanIds
  recordContent: boolean
  agentName: string
  /** The run's turn now (see `turnOf`), read when a turn begins. */
  turnNow(): number
  /** Who decided or edited card `confirmationId`, when the host said (see `traceRuns`). */
  deciderOf(confirmationId: string): Identity | undefined
  /** The tracer did not give a turn's span its derived id (the provider lacks `ids`). */
  unpinned(): void
}

interface Turn {
  /** Read from the run when first needed: while this turn is the run's latest, its count is this turn's. */
  index?: number
  at: Date
  error?: { code: string; message: string }
}

interface Call {
  toolCallId: string
  toolName: string
  permission?: string
  /** The arguments as validated (or, before that, as the model sent them). */
  args?: string
}

interface Card extends Call {
  confirmationId: string
  at: Date
  origin?: string
  preview?: string
  expiresAt?: string
}

/** How a card's wait ended, besides a decision on it. */
type CardEnd =
  | { kind: 'resolved'; event: AgentEvent }
  | { kind: 'edited' }
  | { kind: 'ended'; status: string }

const decidedByNames = { user: 'user', policy: 'rule', timeout: 'timeout' } as const

/**
 * The spans of one run, made from its log. Each span is made when what it measures ends, with its
 * start taken from the event that began it: the same whether the run began in this process or
 * was restored here with its log (`take(event, false)` replays a log without making spans). All
 * times are the runtime's clock, as the log says them.
 */
export class RunSpans {
  readonly #runId: string
  readonly #deps: RunSpansDeps
  #turn: Turn | undefined
  #requested: Call | undefined
  #card: Card | undefined
  #call: (Call & { at: Date }) | undefined

  constructor(runId: string, deps: RunSpansDeps) {
    this.#runId = runId
    this.#deps = deps
  }

  /** Takes the run's next logged event; with `live` false, only notes where the run is. */
  take(event: AgentEvent, live: boolean): void {
    const at = new Date(event.at)
    switch (event.kind) {
      case 'userMessage':
        this.#turn = { at }
        break
      case 'toolRequested':
        this.#requested = callOf(event)
        break
      case 'confirmationRequired':
        // A card shown while another waits for the same call replaces it: the user edited it.
        if (this.#card !== undefined) this.#endCard(at, { kind: 'edited' }, live)
        this.#card = {
          ...callOf(event),
          confirmationId: event.confirmationId ?? '',
          at,
          ...(event.permissionOrigin !== undefined && { origin: event.permissionOrigin.source }),
          ...(event.preview !== undefined && { preview: event.preview }),
          ...(event.expiresAt !== undefined && { expiresAt: event.expiresAt }),
        }
        break
      case 'confirmationResolved':
        this.#endCard(at, { kind: 'resolved', event }, live)
        break
      case 'toolCompleted':
      case 'toolFailed':
        if (this.#call?.toolCallId === event.toolCallId) this.#endCall(at, event, live)
        this.#requested = undefined
        break
      case 'runFailed':
        if (this.#turn !== undefined && event.error !== undefined) this.#turn.error = event.error
        break
      case 'statusChanged':
        this.#statusChanged(event.status ?? '', at, live)
        break
      default:
        break
    }
  }

  #statusChanged(status: string, at: Date, live: boolean): void {
    if (status === 'executing') {
      if (this.#requested !== undefined) this.#call = { ...this.#requested, at }
    } else if (status === 'awaitingInput' || status === 'failed' || status === 'cancelled') {
      if (this.#card !== undefined) this.#endCard(at, { kind: 'ended', status }, live)
      if (this.#call !== undefined) this.#endCall(at, undefined, live)
      this.#endTurn(at, status, live)
    }
  }

  #endTurn(at: Date, status: string, live: boolean): void {
    const turn = this.#turn
    this.#turn = undefined
    if (turn === undefined || !live) return
    const { tracer, ids, agentName } = this.#deps
    const index = this.#indexOf(turn)
    const spanId = turnSpanId(this.#runId, index)
    const attributes: Attributes = {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': agentName,
      'gen_ai.conversation.id': this.#runId,
      'studypulse.turn': index,
      'studypulse.run.status': status,
      ...(turn.error !== undefined && { 'error.type': turn.error.code }),
    }
    const span = ids.pinned({ traceId: runTraceId(this.#runId), spanId }, () =>
      tracer.startSpan(`invoke_agent ${agentName}`, {
        root: true,
        kind: SpanKind.INTERNAL,
        startTime: turn.at,
        attributes,
      }),
    )
    if (span.isRecording() && span.spanContext().spanId !== spanId) this.#deps.unpinned()
    if (turn.error !== undefined) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: turn.error.code })
    }
    span.end(at)
  }

  #endCard(at: Date, end: CardEnd, live: boolean): void {
    const card = this.#card
    this.#card = undefined
    if (card === undefined) return
    // The call as the card showed it (validated, perhaps edited) is the one that runs next.
    this.#requested = pick(card)
    if (!live) return
    const how = cardOutcome(end)
    const by = end.kind === 'ended' ? undefined : this.#deps.deciderOf(card.confirmationId)
    const attributes: Attributes = {
      ...this.#callAttributes(card),
      'studypulse.approval.confirmation_id': card.confirmationId,
      'studypulse.approval.decision': how.decision,
      'studypulse.approval.wait_ms': at.getTime() - card.at.getTime(),
      ...(how.decidedBy !== undefined && { 'studypulse.approval.decided_by': how.decidedBy }),
      ...(how.rule !== undefined && { 'studypulse.approval.rule': how.rule }),
      ...(by?.id !== undefined && { 'user.id': by.id }),
      ...(by?.name !== undefined && { 'user.name': by.name }),
      ...(card.origin !== undefined && { 'studypulse.tool.permission_origin': card.origin }),
      ...(card.expiresAt !== undefined && { 'studypulse.approval.expires_at': card.expiresAt }),
      ...(this.#deps.recordContent &&
        card.preview !== undefined && { 'studypulse.approval.preview': card.preview }),
    }
    this.#child(`await_approval ${card.toolName}`, card.at, attributes).end(at)
  }

  #endCall(at: Date, report: AgentEvent | undefined, live: boolean): void {
    const call = this.#call
    this.#call = undefined
    if (call === undefined || !live) return
    // No report: the run ended (cancelled) while the call ran.
    const code = report === undefined ? 'cancelled' : report.error?.code
    const attributes: Attributes = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.type': 'function',
      ...this.#callAttributes(call),
      'studypulse.tool.outcome': report?.kind === 'toolCompleted' ? 'completed' : 'failed',
      ...(code !== undefined && { 'error.type': code }),
      ...(this.#deps.recordContent &&
        report?.payloadJson !== undefined && { 'gen_ai.tool.call.result': report.payloadJson }),
    }
    const span = this.#child(`execute_tool ${call.toolName}`, call.at, attributes)
    if (code !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: code })
    span.end(at)
  }

  #callAttributes(call: Call): Attributes {
    return {
      'gen_ai.conversation.id': this.#runId,
      'gen_ai.tool.name': call.toolName,
      'gen_ai.tool.call.id': call.toolCallId,
      ...(call.permission !== undefined && { 'studypulse.tool.permission': call.permission }),
      ...(this.#deps.recordContent &&
        call.args !== undefined && { 'gen_ai.tool.call.arguments': call.args }),
    }
  }

  #child(name: string, startTime: Date, attributes: Attributes) {
    return this.#deps.tracer.startSpan(
      name,
      { kind: SpanKind.INTERNAL, startTime, attributes },
      insideTurn(this.#runId, this.#indexOf(this.#turn)),
    )
  }

  // Counted once per turn, and not for the turns a replayed log has already closed.
  #indexOf(turn: Turn | undefined): number {
    if (turn === undefined) return this.#deps.turnNow()
    turn.index ??= this.#deps.turnNow()
    return turn.index
  }
}

function callOf(event: AgentEvent): Call {
  return {
    toolCallId: event.toolCallId ?? '',
    toolName: event.toolName ?? '',
    ...(event.permission !== undefined && { permission: event.permission }),
    ...(event.payloadJson !== undefined && { args: event.payloadJson }),
  }
}

function pick(call: Call): Call {
  const { toolCallId, toolName, permission, args } = call
  return {
    toolCallId,
    toolName,
    ...(permission !== undefined && { permission }),
    ...(args !== undefined && { args }),
  }
}

/** What a card's span says of its end: the decision, who or what took it, and the rule. */
function cardOutcome(end: CardEnd): { decision: string; decidedBy?: string; rule?: string } {
  if (end.kind === 'edited') return { decision: 'edit', decidedBy: 'user' }
  // The run ended while the card waited (cancelled, or failed).
  if (end.kind === 'ended') return { decision: end.status === 'cancelled' ? 'cancel' : end.status }
  const { decision, decidedBy, rule } = end.event
  return {
    decision: decision ?? 'deny',
    ...(decidedBy !== undefined && { decidedBy: decidedByNames[decidedBy] }),
    ...(rule !== undefined && { rule }),
  }
}
