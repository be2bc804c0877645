import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { heartbeatMs, openEventStream } from './eventStream.ts'

/**
 * Streams a run as server-sent events: a `state` frame (status, pending card, messages) whenever it
 * changes, and each log entry from seq `from` on as an `agent` event whose id is its seq. Replaying
 * from a seq lets a reloaded page or a second tab see the same pending card. Streamed text comes
 * as `agent` events without an id: it is live only, and a reconnect resumes from the log.
 * The run may be owned by another node (a store shared by several nodes): the stream is the same.
 */
export function streamRunEvents(
  req: IncomingMessage,
  res: ServerResponse,
  runtime: AgentRuntime,
  runId: string,
  from: number,
): void {
  openEventStream(res)
  let sent = from - 1
  let lastState = ''
  const flush = () => {
    let view: ReturnType<AgentRuntime['view']>
    try {
      view = runtime.view(runId)
    } catch {
      // Between two owners for a moment (this node lost it and is about to follow it).
      return
    }
    let out = ''
    const { events } = view
    // The log is in seq order; start at the first entry not yet sent.
    let index = events.length
    while (index > 0 && (events[index - 1] as AgentEvent).seq > sent) index--
    for (const event of events.slice(index)) {
      out += `id: ${event.seq}\nevent: agent\ndata: ${JSON.stringify(event)}\n\n`
      sent = event.seq
    }
    const state = JSON.stringify({
      value: view.value,
      status: view.status,
      pending: view.pending,
      messages: view.messages,
    })
    if (state !== lastState) {
      out += `event: state\ndata: ${state}\n\n`
      lastState = state
    }
    if (out !== '') res.write(out)
    if (view.status !== 'active') close()
  }
  let closed = false
  let unsubscribe: (() => void) | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  function close() {
    if (closed) return
    closed = true
    clearInterval(heartbeat)
    unsubscribe?.()
    res.end()
  }
  req.on('close', close)
  flush()
  if (closed) return
  // Whichever node owns the run: its session here, or its log followed through the store.
  unsubscribe = runtime.subscribe(runId, (event) => {
    if (closed) return
    if (event?.kind === 'assistantDelta') {
      res.write(`event: agent\ndata: ${JSON.stringify(event)}\n\n`)
    } else flush()
  })
  heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs)
}
