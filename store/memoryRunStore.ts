import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { JournalRecord } from '../vocabulary/JournalRecord.ts'
import type { PolicyRule } from '../workspace/policyFile.ts'
import type { AuditRecord } from './AuditRecord.ts'
import { type MemoryPasskeyData, memoryPasskeyStore } from './memoryPasskeyStore.ts'
import { memorySessionStore } from './memorySessionStore.ts'
import { pageByPosition, type RunStart, summaryStatus } from './RunListing.ts'
import type { RunStore, StoredRunSnapshot } from './RunStore.ts'
import { RunStoreError } from './RunStoreError.ts'
import type { StoredSession } from './SessionStore.ts'

/** The data of a memory store; pass the same object to several stores to share their runs. */
export interface MemoryRunData {
  runs: Map<string, MemoryRun>
  audit: AuditRecord[]
  policies: PolicyRule[]
  /** Which store instance holds which run. */
  owners: Map<string, object>
  /** Runs in the order they started, for the run list. */
  started: { runId: string; start: RunStart }[]
  /** Browser sessions of a hosted app, by key. */
  sessions: Map<string, StoredSession>
  /** Passkeys of signed-in people and their open ceremonies (made on first use when absent). */
  passkeys?: MemoryPasskeyData
}

interface MemoryRun {
  snapshot?: StoredRunSnapshot
  events: AgentEvent[]
  messages: ChatMessage[]
  journal: JournalRecord[]
  ended: boolean
  /** The run is in `MemoryRunData.started`. */
  listed?: boolean
}

/** Fresh, empty data for `memoryRunStore`. */
export function createMemoryRunData(): MemoryRunData {
  return {
    runs: new Map(),
    audit: [],
    policies: [],
    owners: new Map(),
    started: [],
    sessions: new Map(),
    passkeys: { passkeys: new Map(), ceremonies: new Map() },
  }
}

/**
 * A run store in memory: nothing survives the process, nothing touches `node:`, so it serves
 * browsers and tests. Stores made over one `data` object share runs, and claims between them.
 */
export function memoryRunStore(options: { data?: MemoryRunData } = {}): RunStore {
  const data = options.data ?? createMemoryRunData()
  // Data made before passkeys were kept gains them here, shared by every store over it.
  data.passkeys ??= { passkeys: new Map(), ceremonies: new Map() }
  const passkeyData = data.passkeys
  const me = {}
  const run = (runId: string): MemoryRun => {
    let found = data.runs.get(runId)
    if (found === undefined) {
      found = { events: [], messages: [], journal: [], ended: false }
      data.runs.set(runId, found)
    }
    return found
  }
  return {
    location: 'memory',
    sessions: memorySessionStore(data.sessions),
    passkeys: memoryPasskeyStore(passkeyData),
    async claim(runId) {
      const owner = data.owners.get(runId)
      if (owner !== undefined && owner !== me) return { ok: false, code: 'run_owned_elsewhere' }
      data.owners.set(runId, me)
      return { ok: true }
    },
    async unclaim(runId) {
      if (data.owners.get(runId) === me) data.owners.delete(runId)
    },
    async listOpenRuns() {
      return [...data.runs].filter(([, r]) => !r.ended && r.snapshot).map(([id]) => id)
    },
    async listRuns(query = {}) {
      return pageByPosition(data.started, query, ({ runId, start }) => {
        const snapshot = data.runs.get(runId)?.snapshot
        if (snapshot === undefined) return undefined
        if (query.owner !== undefined && start.owner !== query.owner) return undefined
        return { runId, ...structuredClone(start), ...summaryStatus(snapshot.value) }
      })
    },
    async loadRun(runId) {
      const found = data.runs.get(runId)
      if (found?.snapshot === undefined) return undefined
      const { lastSeq, messageCount } = found.snapshot
      const ahead = found.events.filter((e) => e.seq > lastSeq).length
      found.events = found.events.filter((e) => e.seq <= lastSeq)
      if (messageCount !== undefined)
        found.messages.length = Math.min(found.messages.length, messageCount)
      return { snapshot: found.snapshot, eventsAhead: ahead }
    },
    async peekRun(runId) {
      return data.runs.get(runId)?.snapshot
    },
    async commit(runId, commit) {
      const owner = data.owners.get(runId)
      // Never over a run another live store holds: its owner's state would be overwritten.
      if (owner !== undefined && owner !== me) {
        throw new RunStoreError('run_owned_elsewhere', `run ${runId} is owned by another store`)
      }
      const target = run(runId)
      // Copies, as a durable store would keep: later changes to the caller's objects must not leak in.
      if (commit.events) target.events.push(...commit.events.map((e) => structuredClone(e)))
      if (commit.journal) target.journal.push(...commit.journal.map((r) => structuredClone(r)))
      if (commit.audit) data.audit.push(...commit.audit.map((r) => structuredClone(r)))
      if (commit.messages) {
        target.messages.length = commit.messages.from
        target.messages.push(...commit.messages.items.map((m) => structuredClone(m)))
      }
      if (commit.snapshot) target.snapshot = structuredClone(commit.snapshot)
      if (commit.ended) target.ended = true
      if (commit.started && !target.listed) {
        target.listed = true
        data.started.push({ runId, start: structuredClone(commit.started) })
      }
    },
    async readEvents(runId, afterSeq = 0) {
      return (data.runs.get(runId)?.events ?? []).filter((e) => e.seq > afterSeq)
    },
    async readMessages(runId) {
      return [...(data.runs.get(runId)?.messages ?? [])]
    },
    async readJournal(runId) {
      return [...(data.runs.get(runId)?.journal ?? [])]
    },
    async readAudit() {
      return [...data.audit]
    },
    async loadPolicies() {
      return { rules: [...data.policies], invalid: [] }
    },
    async savePolicies(rules) {
      data.policies = [...rules]
    },
    async close() {
      for (const [runId, owner] of data.owners) if (owner === me) data.owners.delete(runId)
    },
  }
}
