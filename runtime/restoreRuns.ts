import type { RunStore, StoredRunSnapshot } from '../store/RunStore.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { VersionedKind } from '../workspace/recordVersion.ts'
import { type ForeignRun, peekForeign } from './foreignRuns.ts'
import { auditKey, loadSavedRun, type SavedRun } from './loadSavedRun.ts'

/** The audit lines a batch of restores has seen, read once for all of them. */
export interface AuditedCalls {
  reading?: Promise<Set<string>>
}

/** What restoring needs: the store, the registry, and how to start or note each run. */
export interface RestoreRunsOptions {
  store: RunStore
  tools: ToolRegistry
  clock: () => Date
  /** Runs this runtime already has. */
  skip: (runId: string) => boolean
  /** Starts a restored run (its recovery first, else its state's entry effect again). */
  launch: (runId: string, saved: SavedRun) => void
  /** Readies what a claimed run needs before it starts (the rules kept for it). */
  prepare?: (runId: string, saved: SavedRun) => Promise<void>
  /** A run another live runtime owns: seen, not advanced. */
  onForeign: (runId: string, seen: ForeignRun) => void
  /** False: a run another runtime holds is left alone, not read and noted (a rescan's look). */
  noteForeign?: boolean
  /** The record kinds the workspace commits with their outcomes (see `AtomicOutcomes`). */
  atomicKinds?: readonly VersionedKind[]
  onError: (error: unknown) => void
}

/**
 * Brings back every unfinished run of the store that this runtime can claim. One damaged run
 * never keeps the others from coming back; its data stays as it is.
 */
export async function restoreRuns(options: RestoreRunsOptions): Promise<string[]> {
  const restored: string[] = []
  const audited: AuditedCalls = {}
  for (const runId of await options.store.listOpenRuns()) {
    if (options.skip(runId)) continue
    try {
      if ((await restoreRun(options, runId, audited)) === 'restored') restored.push(runId)
    } catch (error) {
      options.onError(error)
    }
  }
  return restored
}

/**
 * Brings back one run if this runtime can claim it, else notes it as owned elsewhere (unless
 * `known` says it is already noted). `none`: the store has no such unfinished run.
 */
export async function restoreRun(
  options: RestoreRunsOptions,
  runId: string,
  audited: AuditedCalls = {},
  peeked?: StoredRunSnapshot,
): Promise<'restored' | 'foreign' | 'none'> {
  const { store } = options
  const claim = await store.claim(runId)
  if (!claim.ok) {
    // Read again on each look (unless the caller just read it): a store that shares events keeps
    // it current in between.
    if (options.noteForeign !== false) await noteForeign(options, runId, peeked)
    return 'foreign'
  }
  // Read once however many restores run at once.
  audited.reading ??= store.readAudit().then((records) => new Set(records.map(auditKey)))
  const keys = await audited.reading
  const saved = await loadSavedRun(store, options.tools, runId, keys, {
    atomicKinds: options.atomicKinds ?? [],
  })
  if (saved === undefined) {
    await store.unclaim(runId)
    return 'none'
  }
  if (saved.missingAudit.length > 0) await store.commit(runId, { audit: saved.missingAudit })
  for (const record of saved.missingAudit) keys.add(auditKey(record))
  await options.prepare?.(runId, saved)
  options.launch(runId, saved)
  return 'restored'
}

/** Notes a run another runtime owns (or an ended one) with what it last saved. */
export async function noteForeign(
  options: Pick<RestoreRunsOptions, 'store' | 'onForeign'>,
  runId: string,
  peeked?: StoredRunSnapshot,
): Promise<boolean> {
  const seen = await peekForeign(options.store, runId, undefined, peeked)
  if (seen === undefined) return false
  options.onForeign(runId, { ...seen, log: await options.store.readEvents(runId) })
  return true
}
