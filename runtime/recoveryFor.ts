import type { AgentRunContext, AgentRunEvent } from '../machines/agentRunTypes.ts'
import { interruptedResult, notStartedResult } from '../machines/runResults.ts'
import type { RunStore } from '../store/RunStore.ts'
import { needsConfirmation } from '../vocabulary/PermissionLevel.ts'
import type { ToolResult } from '../vocabulary/ToolResult.ts'
import { commitsWithItsEffect, type EffectKinds } from '../workspace/AtomicOutcomes.ts'
import type { VersionedKind } from '../workspace/recordVersion.ts'

/** A saved run's state and context, as recovery reads them. */
export interface RecoveringRun {
  value: string
  context: AgentRunContext
}

/**
 * What a restored run must be told first, from its journal. A call that was confirmed and
 * started is never silently run again: its recorded outcome is used, or it is `interrupted`
 * (unless its tool is idempotent). A call saved as executing that never wrote its intent never
 * began: `not_started`. Undefined: nothing to tell (a read call saved executing simply runs).
 */
export async function recoveryFor(
  store: RunStore,
  runId: string,
  saved: RecoveringRun,
  atomicKinds: readonly VersionedKind[] = [],
): Promise<AgentRunEvent | undefined> {
  const { pending, current } = saved.context
  // Allowed and begun, no outcome: an idempotent tool may simply run again, and so may one whose
  // effect commits together with its outcome (no outcome means its effect never happened).
  const again = (prepared: (EffectKinds & { idempotent?: boolean }) | undefined) =>
    prepared?.idempotent === true || commitsWithItsEffect(prepared, atomicKinds)
  if (saved.value === 'executing' && current?.prepared !== undefined) {
    const { prepared } = current
    if (!needsConfirmation(prepared.permission)) return undefined
    const mine = (await store.readJournal(runId)).filter(
      (r) => r.callId === prepared.callId && r.digest === prepared.digest,
    )
    const done = (result: ToolResult): AgentRunEvent => ({
      type: 'TOOL_DONE',
      callId: current.call.id,
      result,
    })
    const outcome = mine.find((r) => r.type === 'outcome')
    if (outcome?.type === 'outcome') return done(outcome.result)
    // An effect committed with its outcome writes its intent in that same transaction: with
    // neither, it never happened, and being saved here it was allowed, so it runs now.
    if (commitsWithItsEffect(prepared, atomicKinds)) return undefined
    if (!mine.some((r) => r.type === 'intent')) return done(notStartedResult)
    return again(prepared) ? undefined : done(interruptedResult)
  }
  if (saved.value !== 'awaitingConfirmation' || pending === undefined) return undefined
  const journal = await store.readJournal(runId)
  // The journal keeps the call's digest (the card's binds the target too).
  const callDigest = current?.prepared?.digest ?? pending.digest
  const mine = journal.filter((r) => r.callId === pending.callId && r.digest === callDigest)
  const outcome = mine.find((r) => r.type === 'outcome')
  if (outcome?.type === 'outcome') {
    return { type: 'RECOVER', confirmationId: pending.confirmationId, result: outcome.result }
  }
  if (!mine.some((r) => r.type === 'intent')) return undefined
  // The user did allow it (the intent proves it).
  return again(current?.prepared)
    ? {
        type: 'CONFIRM',
        decision: {
          runId,
          confirmationId: pending.confirmationId,
          decision: 'allow',
          digest: pending.digest,
          by: { kind: 'user' },
        },
      }
    : { type: 'RECOVER', confirmationId: pending.confirmationId, result: interruptedResult }
}
