import type { RunFiles } from '../store/RunFiles.ts'
import { auditRecordFor } from './auditRecordFor.ts'
import type { AgentRunActor } from './createAgentRuntime.ts'

/** A run's link to disk: `flush()` resolves once everything seen so far is saved. */
export interface RunPersister {
  flush(): Promise<void>
}

// Never `executing`: restoring there would run the tool's promise again. The intent journal covers it.
const safeStates = new Set([
  'thinking',
  'awaitingConfirmation',
  'awaitingInput',
  'failed',
  'cancelled',
])

const endStates = new Set(['failed', 'cancelled'])

/**
 * Saves a run at every safe state it enters (and at every new card): first the snapshot,
 * atomically, then the events up to it and the audit lines of calls it reported, fsynced.
 */
export function persistRun(
  actor: AgentRunActor,
  files: RunFiles,
  options: { savedEvents: number; onError: (error: unknown) => void },
): RunPersister {
  const runId = actor.id
  let savedEvents = options.savedEvents
  let lastKey = ''
  let chain: Promise<void> = Promise.resolve()

  const save = (snapshot = actor.getSnapshot()) => {
    const state = String(snapshot.value)
    const key = `${state}:${snapshot.context.pending?.confirmationId ?? ''}`
    if (!safeStates.has(state) || key === lastKey) return
    lastKey = key
    // This very snapshot, not the actor's latest: a rule may already have answered the card.
    const persisted = actor.logic.getPersistedSnapshot(snapshot)
    const events = snapshot.context.events
    const fresh = events.slice(savedEvents)
    savedEvents = events.length
    const audit = fresh.flatMap((e) => auditRecordFor(e, events) ?? [])
    chain = chain
      .then(async () => {
        await files.writeSnapshot(runId, persisted)
        await files.append(runId, 'events', fresh)
        if (audit.length > 0) await files.appendAudit(audit)
        if (endStates.has(state)) await files.markEnded(runId)
      })
      .catch(options.onError)
  }

  actor.subscribe({ next: (snapshot) => save(snapshot), error: options.onError })
  return {
    flush: () => {
      save()
      return chain
    },
  }
}
