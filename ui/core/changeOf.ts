import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'

/**
 * Whether a finished call can be taken back: `undoable` with the `changeId` its result carries (a
 * workspace change), `outside` (another service it called: nothing to undo), or `none` (a read, a
 * failure, code run in the sandbox, or a workspace call that changed nothing).
 */
export type CallChange =
  | { kind: 'undoable'; changeId: string }
  | { kind: 'outside' }
  | { kind: 'none' }

/** What a `toolCompleted` event says about taking its call back. */
export function changeOf(event: AgentEvent): CallChange {
  if (event.kind !== 'toolCompleted' || event.permission === 'read') return { kind: 'none' }
  const changeId = changeIdIn(event.payloadJson)
  if (changeId !== undefined) return { kind: 'undoable', changeId }
  // MCP tools (whose level a server's source set) act outside the workspace. Code run in the
  // sandbox sees only what it is given, read-only: a computation changes nothing to take back.
  if (event.permissionOrigin !== undefined) return { kind: 'outside' }
  return { kind: 'none' }
}

/** The changes `events` took back: each `changeId` an undo in them reports as undone. */
export function undoneChangeIds(events: readonly AgentEvent[]): ReadonlySet<string> {
  const undone = new Set<string>()
  for (const event of events) {
    if (event.kind !== 'toolCompleted' || event.payloadJson === undefined) continue
    try {
      const undid = (JSON.parse(event.payloadJson) as { data?: { undid?: unknown } }).data?.undid
      if (typeof undid === 'string') undone.add(undid)
    } catch {
      // Not JSON: no undo said anything.
    }
  }
  return undone
}

/** The latest change of `events` that can be undone, if any: what `/undo` takes back. */
export function latestChangeId(events: readonly AgentEvent[]): string | undefined {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const change = changeOf(events[i] as AgentEvent)
    if (change.kind === 'undoable') return change.changeId
  }
  return undefined
}

function changeIdIn(payloadJson: string | undefined): string | undefined {
  if (payloadJson === undefined) return undefined
  try {
    const changeId = (JSON.parse(payloadJson) as { data?: { changeId?: unknown } }).data?.changeId
    return typeof changeId === 'string' && changeId !== '' ? changeId : undefined
  } catch {
    return undefined
  }
}
