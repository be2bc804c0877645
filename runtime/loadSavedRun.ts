import type { AgentRunContext, AgentRunEvent } from '../machines/agentRunTypes.ts'
import type { AuditRecord } from '../store/AuditRecord.ts'
import type { RunStore } from '../store/RunStore.ts'
import { RunStoreError } from '../store/RunStoreError.ts'
import { ToolError } from '../tools/ToolError.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import { type ToolResult, toolFailure } from '../vocabulary/ToolResult.ts'
import type { VersionedKind } from '../workspace/recordVersion.ts'
import { auditRecordFor } from './auditRecordFor.ts'
import { changedSince, closeLostCall, goneSince } from './closeLostCall.ts'
import { recoveryFor } from './recoveryFor.ts'

/** A saved run, ready to be restored, with what must happen to it first. */
export interface SavedRun {
  /** XState's persisted snapshot, as saved. */
  persisted: { value: string; context: AgentRunContext; status: string }
  /** The run's logged events, up to the snapshot. */
  log: AgentEvent[]
  /** Sent right after restore: a confirmed call's known outcome, or its re-execution if idempotent. */
  recovery?: AgentRunEvent
  /** Audit lines of calls the log reports but the audit log lacks (a crash between the two). */
  missingAudit: AuditRecord[]
  /** Messages already in the store's message log (0 for a run saved with them inline). */
  savedMessages: number
  /** Whether the audit log has a line for a call of this run (`missingAudit` counted in). */
  audited: (toolCallId: string) => boolean
}

// `executing` too: no actor is invoked there any more; the journal says what became of the call.
const restorable = new Set(['thinking', 'awaitingConfirmation', 'awaitingInput', 'executing'])

/**
 * Reads a run from the store and decides how it resumes. A call that was confirmed and started
 * before a crash is never silently run again: its recorded outcome is used, or it is reported
 * `interrupted` (unless its tool is idempotent).
 */
export async function loadSavedRun(
  store: RunStore,
  tools: ToolRegistry,
  runId: string,
  audited: ReadonlySet<string>,
  options: { atomicKinds?: readonly VersionedKind[] } = {},
): Promise<SavedRun | undefined> {
  const loaded = await store.loadRun(runId)
  if (loaded === undefined || !restorable.has(loaded.snapshot.value)) return undefined
  const persisted = loaded.snapshot.snapshot as SavedRun['persisted']
  if (persisted.status !== 'active') return undefined
  const { messageCount } = loaded.snapshot
  if (messageCount !== undefined) {
    // The conversation is kept in the run's message log, not in the snapshot.
    const messages = (await store.readMessages(runId)).slice(0, messageCount)
    if (messages.length < messageCount) {
      throw new RunStoreError(
        'corrupt_run',
        `run ${runId} has ${messages.length} of its ${messageCount} saved messages`,
      )
    }
    persisted.context = { ...persisted.context, messages }
  }
  const context = persisted.context
  const current = context.current
  let lost: ToolResult | undefined
  if (current?.prepared !== undefined) {
    // A prepared call's arguments live only in the registry that prepared it: prepare it again.
    // Its tool may be gone or changed since (an MCP server that did not come back): the run is
    // kept, and a waiting card is closed with a result the model hears.
    try {
      const fresh = tools.prepare(
        current.call.id,
        current.call.name,
        current.editedArguments ?? current.call.arguments,
      )
      if (fresh.digest === current.prepared.digest) current.prepared = fresh
      else lost = toolFailure('tool_changed', `${current.call.name} ${changedSince}`)
    } catch (error) {
      if (!(error instanceof ToolError)) throw error
      lost =
        error.code === 'unknown_tool'
          ? toolFailure('tool_unavailable', `${current.call.name} ${goneSince}`)
          : toolFailure('tool_changed', `${current.call.name} ${changedSince} ${error.detail}`)
    }
  }
  const log = (await store.readEvents(runId)).filter((e) => e.seq <= loaded.snapshot.lastSeq)
  // The audit line is made from the same log entry restore replays, so a crash between the two
  // writes loses no line: what the log reports and the audit lacks is written now.
  const missingAudit = log.flatMap((event) => {
    const record = auditRecordFor(event, log)
    return record === undefined || audited.has(auditKey(record)) ? [] : [record]
  })
  const known = await recoveryFor(store, runId, persisted, options.atomicKinds ?? [])
  const recovery = lost === undefined ? known : closeLostCall(persisted, known, lost)
  return {
    persisted,
    log,
    ...(recovery !== undefined && { recovery }),
    missingAudit,
    savedMessages: messageCount ?? 0,
    audited: (toolCallId) =>
      audited.has(auditKey({ runId, toolCallId })) ||
      missingAudit.some((record) => record.toolCallId === toolCallId),
  }
}

/** What identifies one audit line: a call is reported once per run. */
export function auditKey(record: Pick<AuditRecord, 'runId' | 'toolCallId'>): string {
  return `${record.runId}\n${record.toolCallId}`
}
