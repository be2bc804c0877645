import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { PgListener } from '../../workspace/postgres/PgListener.ts'
import type { EventFollow, FollowEventsOptions } from '../RunCluster.ts'
import { EVENTS_CHANNEL } from './commitRun.ts'

/**
 * Follows one run's log: LISTEN first, then read what is logged, then re-read past the last
 * delivered `seq` on every NOTIFY for the run and after every reconnect. Reads never overlap and
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

  const unsubscribe = [
    onRunNote(listener, runId, (seq) => {
      if (seq > delivered) void pump()
    }),
    listener.onReconnect(() => void pump()),
    listener.onError(report),
  ]
  const caughtUp = listener.ready().then(pump, async (error) => {
    report(error)
    await pump()
  })
  return {
    caughtUp,
    close() {
      closed = true
      for (const stop of unsubscribe) stop()
    },
  }
}

type NoteHandler = (seq: number) => void
const routers = new WeakMap<PgListener, Map<string, Set<NoteHandler>>>()

// One handler per listener parses each notification once and wakes only that run's follows: a
// node following many runs pays per notification, not per notification per followed run.
function onRunNote(listener: PgListener, runId: string, handler: NoteHandler): () => void {
  let byRun = routers.get(listener)
  if (byRun === undefined) {
    const routes = new Map<string, Set<NoteHandler>>()
    listener.on(EVENTS_CHANNEL, (payload) => {
      const note = parseNote(payload)
      if (note === undefined) return
      for (const wake of routes.get(note.runId) ?? []) wake(note.seq)
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

function parseNote(payload: string): { runId: string; seq: number } | undefined {
  try {
    const note = JSON.parse(payload) as { runId?: unknown; seq?: unknown }
    if (typeof note.runId === 'string' && typeof note.seq === 'number') {
      return { runId: note.runId, seq: note.seq }
    }
  } catch {
    // Not ours: another app may share the channel name.
  }
  return undefined
}
