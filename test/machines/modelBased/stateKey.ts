import { cardDigest } from '../../../tools/digest.ts'
import { earlierIds } from './decisionAlphabet.ts'
import type { RunSnapshot } from './explorerTypes.ts'

/**
 * The explorer's state key: what decides a run's behaviour and its alphabet, without growing
 * history (messages, log, concrete ids). Two snapshots with one key answer every event alike.
 */
export function runStateKey(snapshot: RunSnapshot): string {
  let key = keys.get(snapshot)
  if (key === undefined) {
    key = computeKey(snapshot)
    keys.set(snapshot, key)
  }
  return key
}

// Snapshots are immutable; graph searches ask for the same snapshot's key many times.
const keys = new WeakMap<RunSnapshot, string>()

function computeKey(snapshot: RunSnapshot): string {
  const c = snapshot.context
  const prepared = c.current?.prepared
  const result = c.current?.result
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    turns: `${c.turns}/${c.maxTurns}`,
    current: c.current && {
      call: `${c.current.call.name} ${c.current.call.arguments}`,
      permission: prepared?.permission ?? null,
      edited: c.current.editedArguments ?? null,
      described: c.current.description?.headline ?? null,
      result: result === undefined ? null : result.ok ? 'ok' : result.error.code,
    },
    pending: c.pending && {
      forCurrent:
        prepared !== undefined &&
        c.pending.callId === prepared.callId &&
        c.pending.digest === cardDigest(prepared.digest, c.current?.description?.target),
      retired: c.retiredConfirmationIds.includes(c.pending.confirmationId),
      expires: c.pending.expiresAt !== undefined,
      // Who approved so far decides who may approve next and whether that ends the card (a set:
      // a broken chart that lets one person approve again must not grow the graph for ever).
      approvals: [...new Set((c.pending.approvals ?? []).map((p) => p.id))].sort(),
    },
    queue: c.queue.map((call) => `${call.name} ${call.arguments}`),
    earlierIds: earlierIds(snapshot).length > 0,
    anyRetired: c.retiredConfirmationIds.length > 0,
    anyToolResult: c.messages.some((m) => m.role === 'tool'),
    error: c.error?.code ?? null,
  })
}
