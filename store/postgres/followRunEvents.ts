import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import type { PgListener } from '../../workspace/postgres/PgListener.ts'
import type { EventFollow, FollowEventsOptions, FollowedSave } from '../RunCluster.ts'
import { EVENTS_CHANNEL } from './commitRun.ts'

/**
 * Follows one run's log: LISTEN first (the events channel is listened to while any follow
 * runs), then read what is logged, then, on every NOTIFY for the
 * run, take the events it carries when they continue the cursor exactly (no read), else re-read
 * past the last delivered `seq`; re-read each time the listener starts listening too. Reads never overlap and
 * always start at the cursor, so a lost or early notification costs a read, never an event.
 */
export function followRunEvents(
  listener: PgListener,
  readEvents: (runId: string, afterSeq: number) => Promise<AgentEvent[]>,
  runId: string,
  options: FollowEventsOptions,
): EventFollow {
  let delivered = options.afterSeq ?? 0
  let closed = false
  let reading: Promise<void> | undefined
  let readAgain = false
  // Set once the first read is under way: a listening signal before it is the same connect that
  // the first read waits for (the node's listener was still connecting), not a reconnect, and a
  // read for it would be a second read-back of the same log.
  let started = false
  const report = (error: unknown) => {
    if (!closed) options.onError?.(error instanceof Error ? error : new Error(String(error)))
  }

  const pump = (): Promise<void> => {
    if (closed) return Promise.resolve()
    if (reading !== undefined) {
      readAgain = true
      return reading
    }
    reading = (async () => {
      do {
        readAgain = false
        const events = await readEvents(runId, delivered)
        if (closed) return
        if (events.length === 0) continue
        delivered = events[events.length - 1]?.seq ?? delivered
        options.onEvents(events)
      } while (readAgain && !closed)
    })()
      .catch(report)
      .finally(() => {
        reading = undefined
      })
    return reading
  }

  // This node hears the events channel only while it follows some run: a node nobody asks to
  // follow anything is sent none of the other nodes' notices.
  const listening = listener.demand(EVENTS_CHANNEL)
  const unsubscribe = [
    () => void listening.release(),
    onRunNote(listener, runId, (note) => {
      if (note.seq <= delivered || closed) return
      const first = note.events?.[0]?.seq
      if (reading === undefined && note.events !== undefined && first === delivered + 1) {
        delivered = note.seq
        options.onEvents(note.events, note.save)
        return
      }
      void pump()
    }),
    listener.onListening(() => {
      if (started) void pump()
    }),
    listener.onError(report),
  ]
  const caughtUp = listening.ready.then(
    () => {
      started = true
      return pump()
    },
    async (error) => {
      report(error)
      started = true
      await pump()
    },
  )
  return {
    caughtUp,
    close() {
      closed = true
      for (const stop of unsubscribe) stop()
    },
  }
}

/** A parsed events notice: the save's events and messages when it carried them. */
interface EventsNote {
  runId: string
  seq: number
  events?: AgentEvent[]
  save?: FollowedSave
}
type NoteHandler = (note: EventsNote) => void
const routers = new WeakMap<PgListener, Map<string, Set<NoteHandler>>>()

// One handler per listener parses each notification once and wakes only that run's follows: a
// node following many runs pays per notification, not per notification per followed run.
function onRunNote(listener: PgListener, runId: string, handler: NoteHandler): () => void {
  let byRun = routers.get(listener)
  if (byRun === undefined) {
    const routes = new Map<string, Set<NoteHandler>>()
    listener.on(EVENTS_CHANNEL, (payload) => {
      // Most notices are for runs nobody here follows: routed by their head, parsed only if followed.
      const head = noteHead.exec(payload)?.[1]
      if (head !== undefined && !routes.has(JSON.parse(head) as string)) return
      const note = parseNote(payload)
      if (note === undefined) return
      for (const wake of routes.get(note.runId) ?? []) wake(note)
    })
    routers.set(listener, routes)
    byRun = routes
  }
  const routes = byRun
  const handlers = routes.get(runId) ?? new Set<NoteHandler>()
  routes.set(runId, handlers)
  handlers.add(handler)
  return () => {
    handlers.delete(handler)
    if (handlers.size === 0 && routes.get(runId) === handlers) routes.delete(runId)
  }
}

// `{"runId":"<id>",` as commits write it (an id is A-Z a-z 0-9 _ -, so it needs no escapes).
const noteHead = /^\{"runId":("[A-Za-z0-9_-]*"),/

function parseNote(payload: string): EventsNote | undefined {
  try {
    const note = JSON.parse(payload) as {
      runId?: unknown
      seq?: unknown
      events?: unknown
      messages?: { from?: unknown; items?: unknown }
    }
    if (typeof note.runId !== 'string' || typeof note.seq !== 'number') return undefined
    const { runId, seq, events, messages } = note
    if (!Array.isArray(events) || !isRunLog(events, runId, seq)) return { runId, seq }
    if (messages === undefined) return { runId, seq, events, save: {} }
    if (typeof messages.from !== 'number' || !Array.isArray(messages.items)) return { runId, seq }
    const items = messages.items as ChatMessage[]
    return { runId, seq, events, save: { messages: { from: messages.from, items } } }
  } catch {
    // Not ours: another app may share the channel name.
  }
  return undefined
}

// The events of one save of `runId`, numbered on without a gap, ending at `seq`.
function isRunLog(events: unknown[], runId: string, seq: number): events is AgentEvent[] {
  if (events.length === 0) return false
  const first = (events[0] as { seq?: unknown }).seq
  if (typeof first !== 'number') return false
  return (
    events.every((event, i) => {
      const e = event as { runId?: unknown; seq?: unknown; kind?: unknown } | null
      return (
        typeof e === 'object' &&
        e?.runId === runId &&
        e.seq === first + i &&
        typeof e.kind === 'string' &&
        first + i <= seq
      )
    }) && first + events.length - 1 === seq
  )
}
