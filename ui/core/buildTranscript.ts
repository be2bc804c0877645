import type { AgentEvent } from '../../machines/AgentEvent.ts'
import { type ConfirmationRequest, toConfirmationRequest } from './ConfirmationRequest.ts'

/** Where a card stands: waiting, decided, or no longer answerable. */
export type CardOutcome = 'pending' | 'allowed' | 'denied' | 'expired'

/** One entry of the chat as a person reads it. */
export type TranscriptItem =
  | { kind: 'user'; key: string; text: string; at: string }
  | { kind: 'assistant'; key: string; text: string; at: string; streaming: boolean }
  | { kind: 'confirmation'; key: string; request: ConfirmationRequest; outcome: CardOutcome }
  | { kind: 'activity'; key: string; text: string; ok: boolean; at: string }
  | { kind: 'notice'; key: string; text: string; tone: 'info' | 'error'; at: string }

/** Turns a run's event log into chat items: messages, inline cards, streamed text, tool activity. */
export function buildTranscript(
  events: readonly AgentEvent[],
  pendingId: string | undefined,
): TranscriptItem[] {
  const items: TranscriptItem[] = []
  const decided = new Map<string, CardOutcome>()
  const previews = new Map<string, string>()
  for (const e of events) {
    if (e.kind === 'confirmationResolved' && e.confirmationId !== undefined)
      decided.set(e.confirmationId, e.decision === 'allow' ? 'allowed' : 'denied')
  }
  let stream: { text: string; at: string; seq: number } | undefined
  const flushStream = (streaming: boolean) => {
    if (stream === undefined) return
    items.push({ kind: 'assistant', key: `s${stream.seq}`, ...stream, streaming })
    stream = undefined
  }
  for (const e of events) {
    const key = `e${e.seq}`
    switch (e.kind) {
      case 'userMessage':
        items.push({ kind: 'user', key, text: e.text ?? '', at: e.at })
        break
      case 'assistantDelta':
        stream = stream ?? { text: '', at: e.at, seq: e.seq }
        stream.text += e.text ?? ''
        break
      case 'assistantMessage':
        // The finished message replaces the text streamed for it.
        stream = undefined
        items.push({ kind: 'assistant', key, text: e.text ?? '', at: e.at, streaming: false })
        break
      case 'statusChanged':
        if (e.status !== 'thinking') flushStream(false)
        break
      case 'toolRequested':
        if (e.toolCallId !== undefined) previews.set(e.toolCallId, e.preview ?? e.toolName ?? '')
        break
      case 'confirmationRequired': {
        const id = e.confirmationId ?? ''
        const outcome = decided.get(id) ?? (id === pendingId ? 'pending' : 'expired')
        items.push({
          kind: 'confirmation',
          key,
          request: toConfirmationRequest(e, events),
          outcome,
        })
        break
      }
      case 'toolCompleted':
        items.push({ kind: 'activity', key, ok: true, at: e.at, text: done(e, previews) })
        break
      case 'toolFailed':
        // A denial is already shown on its card.
        if (e.error?.code !== 'user_denied')
          items.push({
            kind: 'activity',
            key,
            ok: false,
            at: e.at,
            text: `${e.toolName ?? 'A tool'} failed: ${e.error?.message ?? 'unknown error'}`,
          })
        break
      case 'runFailed':
        flushStream(false)
        items.push({
          kind: 'notice',
          key,
          tone: 'error',
          at: e.at,
          text: `The run stopped: ${e.error?.message ?? 'unknown error'}`,
        })
        break
      case 'runCancelled':
        flushStream(false)
        items.push({
          kind: 'notice',
          key,
          tone: 'info',
          at: e.at,
          text: 'Cancelled. Nothing more will run.',
        })
        break
      default:
        break
    }
  }
  flushStream(true)
  return items
}

function done(e: AgentEvent, previews: ReadonlyMap<string, string>): string {
  const preview = e.toolCallId === undefined ? undefined : previews.get(e.toolCallId)
  const what = preview !== undefined && preview !== '' ? preview : (e.toolName ?? 'tool')
  return e.permission === 'read' ? `Looked up: ${what}` : `Done: ${what}`
}
