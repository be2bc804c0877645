import type { AgentEvent, RunStatus } from '../store/AgentEvent.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import type { AgentRunContext, PendingConfirmation } from './agentRunTypes.ts'
import { auditKey, loadSavedRun, resumeSavedRun, type SavedRun } from './loadSavedRun.ts'

/** What restoring needs: the store, the registry, and how to start or note each run. */
export interface RestoreRunsOptions {
  store: RunStore
  tools: ToolRegistry
  clock: () => Date
  /** Runs this runtime already has. */
  skip: (runId: string) => boolean
  /** Starts a restored run's actor. */
  launch: (runId: string, saved: SavedRun) => AgentRunActor
  /** A run another live runtime owns: seen, not advanced. */
  onForeign: (
    runId: string,
    seen: { status: RunStatus; pending?: PendingConfirmation; log: AgentEvent[] },
  ) => void
  onError: (error: unknown) => void
}

/**
 * Brings back every unfinished run of the store that this runtime can claim. One damaged run
 * never keeps the others from coming back; its data stays as it is.
 */
export async function restoreRuns(options: RestoreRunsOptions): Promise<string[]> {
  const { store } = options
  const restored: string[] = []
  let audited: Set<string> | undefined
  for (const runId of await store.listOpenRuns()) {
    if (options.skip(runId)) continue
    try {
      const claim = await store.claim(runId)
      if (!claim.ok) {
        await noteForeign(options, runId)
        continue
      }
      audited ??= new Set((await store.readAudit()).map(auditKey))
      const saved = await loadSavedRun(store, options.tools, runId, audited)
      if (saved === undefined) {
        await store.unclaim(runId)
        continue
      }
      if (saved.missingAudit.length > 0) await store.commit(runId, { audit: saved.missingAudit })
      for (const record of saved.missingAudit) audited.add(auditKey(record))
      const actor = options.launch(runId, saved)
      resumeSavedRun(actor, options.clock)
      restored.push(runId)
    } catch (error) {
      options.onError(error)
    }
  }
  return restored
}

async function noteForeign(options: RestoreRunsOptions, runId: string): Promise<void> {
  const saved = await options.store.peekRun(runId)
  const persisted = saved?.snapshot as { context?: AgentRunContext } | undefined
  const value = (saved?.value ?? 'thinking') as RunStatus
  const pending = value === 'awaitingConfirmation' ? persisted?.context?.pending : undefined
  options.onForeign(runId, {
    status: value,
    ...(pending !== undefined && { pending }),
    log: await options.store.readEvents(runId),
  })
}
