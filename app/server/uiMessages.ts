import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import { chunkState, type UiChunk, uiChunksOf } from './uiMessageStream.ts'

/** A message of the AI SDK's `UIMessage` shape, as `GET /api/chat/:id` answers it. */
export interface UiMessage {
  id: string
  role: 'user' | 'assistant'
  parts: Record<string, unknown>[]
}

/** One turn of a conversation: a person's message and the events that answer it. */
export interface ChatTurn {
  /** The seq of the `userMessage` event that opened it. */
  seq: number
  text: string
  /** The events after it, up to the next person's message. */
  events: AgentEvent[]
}

/** The ids of a turn's two messages: stable, so a stream continues the message a page holds. */
export const userMessageId = (runId: string, seq: number) => `${runId}-u${seq}`
export const assistantMessageId = (runId: string, seq: number) => `${runId}-a${seq}`

/** A run's log as turns, oldest first. */
export function chatTurns(events: readonly AgentEvent[]): ChatTurn[] {
  const turns: ChatTurn[] = []
  for (const event of events) {
    if (event.kind === 'userMessage')
      turns.push({ seq: event.seq, text: event.text ?? '', events: [] })
    else turns.at(-1)?.events.push(event)
  }
  return turns
}

/** The conversation as UI messages: what a page starts from after a reload (an open card included). */
export function uiMessagesOf(
  runId: string,
  events: readonly AgentEvent[],
  rules?: ApprovalRules,
): UiMessage[] {
  return chatTurns(events).flatMap((turn) => {
    const user: UiMessage = {
      id: userMessageId(runId, turn.seq),
      role: 'user',
      parts: [{ type: 'text', text: turn.text }],
    }
    const state = chunkState(rules)
    const parts: Record<string, unknown>[] = [{ type: 'step-start' }]
    for (const event of turn.events)
      for (const chunk of uiChunksOf(event, state)) apply(parts, chunk)
    if (parts.length === 1) return [user]
    return [user, { id: assistantMessageId(runId, turn.seq), role: 'assistant', parts }]
  })
}

/** Applies one chunk to a message's parts, as the AI SDK's client does. */
function apply(parts: Record<string, unknown>[], chunk: UiChunk): void {
  const tool = (id: string) => parts.find((part) => part.toolCallId === id)
  switch (chunk.type) {
    case 'text-start':
    case 'reasoning-start':
      parts.push({ type: partType(chunk.type), text: '', state: 'streaming', id: chunk.id })
      return
    case 'text-delta':
    case 'reasoning-delta': {
      const part = parts.find((p) => p.type === partType(chunk.type) && p.id === chunk.id)
      if (part) part.text = `${part.text as string}${chunk.delta}`
      return
    }
    case 'text-end':
    case 'reasoning-end': {
      const part = parts.find((p) => p.type === partType(chunk.type) && p.id === chunk.id)
      if (part) {
        part.state = 'done'
        delete part.id
      }
      return
    }
    case 'tool-input-available': {
      const part = tool(chunk.toolCallId)
      if (part) part.input = chunk.input
      else
        parts.push({
          type: `tool-${chunk.toolName}`,
          toolCallId: chunk.toolCallId,
          state: 'input-available',
          input: chunk.input,
          ...(chunk.title !== undefined && { title: chunk.title }),
        })
      return
    }
    case 'tool-approval-request':
      update(tool(chunk.toolCallId), {
        state: 'approval-requested',
        approval: { id: chunk.approvalId },
      })
      return
    case 'tool-approval-response': {
      const part = parts.find(
        (p) => (p.approval as { id?: string } | undefined)?.id === chunk.approvalId,
      )
      const approval = {
        id: chunk.approvalId,
        approved: chunk.approved,
        ...(chunk.reason && { reason: chunk.reason }),
      }
      update(part, { state: 'approval-responded', approval })
      return
    }
    case 'tool-output-available':
      update(tool(chunk.toolCallId), { state: 'output-available', output: chunk.output })
      return
    case 'tool-output-error':
      update(tool(chunk.toolCallId), { state: 'output-error', errorText: chunk.errorText })
      return
    case 'tool-output-denied':
      update(tool(chunk.toolCallId), { state: 'output-denied' })
      return
    case 'data-studypulse-card': {
      const index = parts.findIndex((p) => p.type === chunk.type && p.id === chunk.id)
      const part = { type: chunk.type, id: chunk.id, data: chunk.data }
      if (index < 0) parts.push(part)
      else parts[index] = part
      return
    }
    default:
      return
  }
}

// `text-…` chunks build a text part, `reasoning-…` chunks a reasoning part.
function partType(chunk: `${'text' | 'reasoning'}-${string}`): 'text' | 'reasoning' {
  return chunk.startsWith('reasoning') ? 'reasoning' : 'text'
}

function update(part: Record<string, unknown> | undefined, fields: Record<string, unknown>): void {
  if (part !== undefined) Object.assign(part, fields)
}
