import type { ServerResponse } from 'node:http'
import type { AgentRuntime, RunView } from '../../runtime/AgentRuntime.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { heartbeatMs } from './eventStream.ts'
import { securityHeaders } from './sendJson.ts'
import { type ChunkState, chunkState, type UiChunk, uiChunksOf } from './uiMessageStream.ts'
import { assistantMessageId } from './uiMessages.ts'

/** Whether a run waits on a person now (their next message, or a card), or has ended. */
export function runPaused(view: RunView): boolean {
  return (
    view.status !== 'active' ||
    view.value === 'awaitingInput' ||
    view.value === 'awaitingConfirmation'
  )
}

/**
 * Streams a run to a `useChat` page as the AI SDK's UI message stream (server-sent events, header
 * `x-vercel-ai-ui-message-stream: v1`) until the run waits on a person again. The chunks of events
 * up to seq `after` only rebuild the mapping's state (the page has them); those after it are sent,
 * as the assistant message of their turn. A page that leaves does not stop the run.
 */
export function streamChat(
  res: ServerResponse,
  runtime: AgentRuntime,
  runId: string,
  after: number,
): void {
  res.writeHead(200, {
    ...securityHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // No `connection` header of ours: Node's says whether the connection stays open (with its
    // `keep-alive: timeout=`), as its parser will. A forced `keep-alive` kept open a connection the
    // request had closed, and the next request on it was Node's bare `400 Bad Request`.
    'x-accel-buffering': 'no',
    'x-vercel-ai-ui-message-stream': 'v1',
  })
  let processed = 0
  let state: ChunkState | undefined
  let started = false
  let sentAfter = false
  let closed = false
  const write = (chunks: readonly UiChunk[]) => {
    if (chunks.length > 0 && !res.destroyed)
      res.write(chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join(''))
  }
  const take = (event: AgentEvent) => {
    if (event.kind === 'userMessage') {
      // A later message (from another tab) is the next turn's: this stream's turn is over.
      if (started && event.seq > after) return close()
      state = chunkState(runtime.approvalRules)
      if (event.seq > after) begin(event.seq)
      return
    }
    if (state === undefined) return
    const chunks = uiChunksOf(event, state)
    if (event.seq <= after) return
    sentAfter = true
    write(chunks)
  }
  const begin = (turnSeq: number) => {
    started = true
    sentAfter = true
    write([
      { type: 'start', messageId: assistantMessageId(runId, turnSeq) },
      { type: 'start-step' },
    ])
  }
  const flush = (closing = false) => {
    if (closed) return
    let view: RunView
    try {
      view = runtime.view(runId)
    } catch {
      return // between two owners for a moment
    }
    for (const event of view.events) {
      if (event.seq <= processed) continue
      processed = event.seq
      if (!started && event.seq > after && state !== undefined && event.kind !== 'userMessage') {
        begin(turnOf(view.events, event.seq))
      }
      take(event)
      if (closed) return
    }
    // The status turns to awaitingConfirmation just before the card is logged: wait for the card.
    const cardSent = view.pending === undefined || state?.cards.has(view.pending.confirmationId)
    if (!sentAfter || !runPaused(view) || !cardSent) return
    // A step's entries are delivered one by one after its state is set (reasoning, then the
    // answer): the rest of the batch arrives in this task, so the stream closes just after it.
    if (closing) close()
    else queueMicrotask(() => flush(true))
  }
  const live = (event?: AgentEvent) => {
    if (closed) return
    // Streamed text is live only (never in the log): it goes out as it comes.
    if (event?.kind === 'assistantDelta' && state !== undefined && started) {
      write(uiChunksOf(event, state))
    } else flush()
  }
  let unsubscribe: (() => void) | undefined
  const heartbeat = setInterval(() => res.destroyed || res.write(': ping\n\n'), heartbeatMs)
  function close() {
    if (closed) return
    closed = true
    clearInterval(heartbeat)
    unsubscribe?.()
    if (res.destroyed || res.writableEnded) return
    if (started) {
      if (state?.openText !== undefined) write([{ type: 'text-end', id: state.openText }])
      write([{ type: 'finish-step' }, { type: 'finish' }])
    }
    res.end('data: [DONE]\n\n')
  }
  // The response's close, not the request's: a POST's request closes once its body is read.
  res.on('close', () => {
    if (!res.writableEnded) close()
  })
  unsubscribe = runtime.subscribe(runId, live)
  flush()
}

/** The seq of the person's message whose turn holds event `seq`. */
function turnOf(events: readonly AgentEvent[], seq: number): number {
  let turn = 0
  for (const event of events) {
    if (event.seq > seq) break
    if (event.kind === 'userMessage') turn = event.seq
  }
  return turn
}
