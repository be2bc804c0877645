import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { RunFiles } from '../store/RunFiles.ts'
import type { AgentEvent } from '../store/AgentEvent.ts'
import type { AgentRunContext, AgentRunEvent } from './agentRunTypes.ts'
import type { AgentRunActor } from './createAgentRuntime.ts'
import type { JournalRecord } from '../store/JournalRecord.ts'
import { interruptedResult } from './runRecipes.ts'

/** A saved run, ready to be restored, with what must happen to it first. */
export interface SavedRun {
  snapshot: { value: string; context: AgentRunContext; status: string }
  /** Sent right after restore: a confirmed call's known outcome, or its re-execution if idempotent. */
  recovery?: AgentRunEvent
}

const restorable = new Set(['thinking', 'awaitingConfirmation', 'awaitingInput'])

/**
 * Reads a run saved in the workspace and decides how it resumes. A call that was confirmed and
 * started before a crash is never silently run again: its recorded outcome is used, or it is
 * reported `interrupted` (unless its tool is idempotent).
 */
export async function loadSavedRun(
  files: RunFiles,
  tools: ToolRegistry,
  runId: string,
): Promise<SavedRun | undefined> {
  const raw = await files.readSnapshot(runId)
  if (!isRunSnapshot(raw, runId) || !restorable.has(raw.value)) return undefined
  const context = raw.context
  // The snapshot is authoritative; the event log catches up if a crash cut its append short.
  const logged = await files.read(runId, 'events')
  if (logged.records.length < context.events.length) {
    await files.append(runId, 'events', context.events.slice(logged.records.length))
  }
  const current = context.current
  if (current?.prepared !== undefined) {
    // A prepared call's arguments live only in the registry that prepared it: prepare it again.
    const fresh = tools.prepare(
      current.call.id,
      current.call.name,
      current.editedArguments ?? current.call.arguments,
    )
    if (fresh.digest === current.prepared.digest) current.prepared = fresh
  }
  return { snapshot: raw, recovery: await recoveryFor(files, runId, raw) }
}

/** Finishes restoring a started actor: sends its recovery, and re-arms a card's lost expiry. */
export function resumeSavedRun(actor: AgentRunActor, saved: SavedRun, clock: () => Date): void {
  if (saved.recovery !== undefined) actor.send(saved.recovery)
  const pending = actor.getSnapshot().context.pending
  if (pending?.expiresAt === undefined) return
  // XState does not restore delayed events; arm the expiry again from the saved deadline.
  const wait = Math.max(0, Date.parse(pending.expiresAt) - clock().getTime())
  const { confirmationId } = pending
  setTimeout(() => actor.send({ type: 'EXPIRE', confirmationId }), wait).unref?.()
}

async function recoveryFor(
  files: RunFiles,
  runId: string,
  snapshot: SavedRun['snapshot'],
): Promise<AgentRunEvent | undefined> {
  const { pending, current } = snapshot.context
  if (snapshot.value !== 'awaitingConfirmation' || pending === undefined) return undefined
  const journal = (await files.read(runId, 'journal')).records as JournalRecord[]
  const mine = journal.filter((r) => r.callId === pending.callId && r.digest === pending.digest)
  const outcome = mine.find((r) => r.type === 'outcome')
  if (outcome?.type === 'outcome') {
    return { type: 'RECOVER', confirmationId: pending.confirmationId, result: outcome.result }
  }
  if (!mine.some((r) => r.type === 'intent')) return undefined
  // The user did allow it (the intent proves it); only an idempotent tool may simply run again.
  return current?.prepared?.idempotent === true
    ? { type: 'CONFIRM', confirmationId: pending.confirmationId, decidedBy: 'user' }
    : { type: 'RECOVER', confirmationId: pending.confirmationId, result: interruptedResult }
}

function isRunSnapshot(raw: unknown, runId: string): raw is SavedRun['snapshot'] {
  if (raw === null || typeof raw !== 'object') return false
  const { value, context, status } = raw as Partial<SavedRun['snapshot']>
  return (
    typeof value === 'string' &&
    status === 'active' &&
    context !== undefined &&
    context.runId === runId &&
    Array.isArray(context.events) &&
    (context.events as AgentEvent[]).every((e, i) => e.seq === i + 1)
  )
}
