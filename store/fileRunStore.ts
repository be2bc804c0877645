import { mkdirSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { JournalRecord } from '../vocabulary/JournalRecord.ts'
import { isAtomicTempName, writeFileAtomic } from '../workspace/atomicWrite.ts'
import { flushFolder } from '../workspace/flushToDisk.ts'
import { pathExists } from '../workspace/pathExists.ts'
import { loadPolicyFile, writePolicyFile } from '../workspace/policyFile.ts'
import { setAsideBadLines } from '../workspace/setAsideBadLines.ts'
import { sweepWorkspaceTempFiles } from '../workspace/sweepWorkspaceTempFiles.ts'
import type { AuditRecord } from './AuditRecord.ts'
import { withoutChain } from './auditChain.ts'
import { appendChained } from './auditFile.ts'
import { RunFiles } from './RunFiles.ts'
import { runListLimit, summaryStatus } from './RunListing.ts'
import type { RunStore } from './RunStore.ts'
import { RunStoreError } from './RunStoreError.ts'
import { RunIndexFile } from './runIndexFile.ts'
import { RunOwnership } from './runOwnership.ts'
import { parseStoredRunSnapshot } from './storedRunSnapshot.ts'
import { writeDurableBatch } from './writeDurableBatch.ts'

/** Options of the file store. */
export interface FileRunStoreOptions {
  /** How long a dead process's runs stay locked before another may take them over (min 5 s). */
  ownerStaleMs?: number
}

const lines = (records: readonly unknown[] | undefined) =>
  (records ?? []).map((r) => `${JSON.stringify(r)}\n`).join('')

/** The file store: a `RunStore` plus its start-up clean-up. */
export interface FileRunStore extends RunStore {
  /**
   * Removes temp files of killed writes and sets damaged audit lines aside, once, and only when no
   * other live process uses the folder; returns one line per thing it found (also run by `restore`).
   */
  tidy(): Promise<string[]>
}

/**
 * The embedded default store: a workspace folder, in the layout StudyPulse always used —
 * `runs/<id>/snapshot.json`, `events.jsonl`, `journal.jsonl`, `ended`, plus `audit.jsonl` and
 * `policies.json` at the root, and the run list `runs/index.jsonl` (see `RunIndexFile`). One save
 * is one batch with one round of fsyncs. Runs are owned
 * per process (see `RunOwnership`), so two apps on one folder never advance the same run.
 */
export function fileRunStore(root: string, options: FileRunStoreOptions = {}): FileRunStore {
  const files = new RunFiles(root)
  const index = new RunIndexFile(root, files)
  const ownership = new RunOwnership(join(root, 'runs'), {
    ...(options.ownerStaleMs !== undefined && { staleMs: options.ownerStaleMs }),
  })
  const created = new Set<string>()
  /** How many lines each run's `messages.jsonl` has, as this store last wrote or read it. */
  const messageLines = new Map<string, number>()
  /** Runs whose folder entry is not yet flushed: their first save flushes `runs/` too. */
  const unsynced = new Set<string>()
  let policiesCorrupt: { file: string; message: string } | undefined
  let policiesRead = false

  const ensureRunDir = async (runId: string): Promise<string> => {
    const dir = files.runDir(runId)
    if (created.has(runId)) return dir
    mkdirSync(dir, { recursive: true })
    // The new folder's entry must survive a power cut, or the whole run would vanish with it.
    await flushFolder(join(root, 'runs')).catch(() => undefined)
    created.add(runId)
    return dir
  }
  // Temp files of killed writes and a damaged audit line are cleaned up at start-up, but only
  // when no other live process works in this folder: its temp files may be writes under way.
  let tidied: Promise<string[]> | undefined
  const tidyOnce = () => {
    tidied ??= (async () => {
      if (!(await ownership.alone())) return []
      const found = (await sweepWorkspaceTempFiles(root)).map(
        (file) => `${file}: removed a temp file left by an interrupted write`,
      )
      for (const runId of await files.listRuns()) await sweep(files.runDir(runId))
      const audit = await setAsideBadLines(root, 'audit.jsonl')
      if (audit.lines.length > 0) {
        found.push(
          `${audit.file} is damaged at line ${audit.lines.join(', ')}: moved to ${audit.rejectedFile}, the rest is kept`,
        )
      }
      return found
    })()
    return tidied
  }
  const peek = async (runId: string) => {
    const parsed = parseStoredRunSnapshot(await files.readSnapshot(runId), runId)
    return typeof parsed === 'string' ? undefined : parsed.snapshot
  }

  return {
    location: root,
    tidy: tidyOnce,
    async claim(runId) {
      const fresh = files.runDir(runId)
      mkdirSync(join(root, 'runs'), { recursive: true })
      if (await ownership.claimNew(fresh)) {
        // The new folder's entry is flushed with the run's first save (see `commit`).
        unsynced.add(runId)
        created.add(runId)
        return { ok: true }
      }
      const dir = await ensureRunDir(runId)
      const claim = await ownership.claim(dir)
      // Temp files in a run's folder are ours to sweep only once we own the run.
      if (claim.ok) await sweep(dir)
      return claim
    },
    unclaim: (runId) => ownership.unclaim(files.runDir(runId)),
    async listOpenRuns() {
      await tidyOnce()
      const open: string[] = []
      for (const runId of await files.listRuns()) {
        if (await files.hasEnded(runId)) continue
        // A folder without a snapshot is a run being started (its starter claims it before its
        // first save) or one killed before it: nothing to restore, and claiming it could take a
        // live run from the runtime that is starting it.
        if (!(await pathExists(join(files.runDir(runId), 'snapshot.json')))) continue
        open.push(runId)
      }
      return open
    },
    async listRuns(query = {}) {
      const { owner } = query
      return index.page(query.cursor, runListLimit(query), async (run) => {
        if (owner !== undefined && run.owner !== owner) return undefined
        const saved = await peek(run.runId).catch(() => undefined)
        return saved === undefined ? undefined : { ...run, ...summaryStatus(saved.value) }
      })
    },
    async loadRun(runId) {
      const raw = await files.readSnapshot(runId)
      if (raw === undefined) return undefined
      const file = `runs/${runId}/snapshot.json`
      const parsed = parseStoredRunSnapshot(raw, runId)
      if (typeof parsed === 'string') {
        throw new RunStoreError('corrupt_run', `${file} cannot be restored: ${parsed}`, file)
      }
      const { snapshot, embeddedEvents } = parsed
      const logged = (await files.read(runId, 'events')).records as AgentEvent[]
      const dir = files.runDir(runId)
      if (logged.length < embeddedEvents.length) {
        // A version 1 snapshot could be ahead of its log; the log catches up from it once.
        await writeDurableBatch({
          appends: [
            { path: join(dir, 'events.jsonl'), text: lines(embeddedEvents.slice(logged.length)) },
          ],
          replaces: [],
        })
      }
      const ahead = logged.filter((e) => e.seq > snapshot.lastSeq)
      if (ahead.length > 0) {
        // Events of a save whose snapshot never landed: the run resumes from the snapshot, so
        // they would be logged again under the same numbers. Cut them.
        const kept = logged.filter((e) => e.seq <= snapshot.lastSeq)
        await writeFileAtomic(join(dir, 'events.jsonl'), lines(kept))
      }
      await files.read(runId, 'journal')
      if (snapshot.messageCount !== undefined) {
        const messages = (await files.read(runId, 'messages')).records
        // Messages of a save whose snapshot never landed are cut like its events.
        if (messages.length > snapshot.messageCount) {
          await writeFileAtomic(
            join(dir, 'messages.jsonl'),
            lines(messages.slice(0, snapshot.messageCount)),
          )
        }
        messageLines.set(runId, Math.min(messages.length, snapshot.messageCount))
      }
      return { snapshot, eventsAhead: ahead.length }
    },
    peekRun: peek,
    async commit(runId, commit) {
      const dir = await ensureRunDir(runId)
      const messages = commit.messages
      if (messages !== undefined && messages.from !== (messageLines.get(runId) ?? 0)) {
        // Not where the log ends (another process wrote it, or a save was lost): set it right.
        const stored = (await files.read(runId, 'messages')).records.slice(0, messages.from)
        await writeFileAtomic(join(dir, 'messages.jsonl'), lines(stored))
      }
      // An old folder's runs are indexed before the first new one is appended; a run whose
      // snapshot landed is indexed already (its first save wrote both in one batch).
      const started =
        commit.started !== undefined && !(await pathExists(join(dir, 'snapshot.json')))
          ? commit.started
          : undefined
      if (started !== undefined) await index.ready()
      const replaces: { path: string; text: string }[] = []
      if (commit.snapshot !== undefined) {
        replaces.push({ path: join(dir, 'snapshot.json'), text: JSON.stringify(commit.snapshot) })
      }
      // Renamed after the snapshot: an `ended` run always has its final snapshot.
      if (commit.ended) replaces.push({ path: join(dir, 'ended'), text: '' })
      const syncDirs = unsynced.has(runId) ? [join(root, 'runs')] : []
      const writeWith = async (audit: string) => {
        await writeDurableBatch({
          syncDirs,
          appends: [
            { path: join(dir, 'events.jsonl'), text: lines(commit.events) },
            { path: join(dir, 'messages.jsonl'), text: lines(messages?.items) },
            { path: join(dir, 'journal.jsonl'), text: lines(commit.journal) },
            { path: join(root, 'audit.jsonl'), text: audit },
            {
              path: index.path,
              text: started === undefined ? '' : index.lineFor({ runId, ...started }),
            },
          ],
          replaces,
        })
        unsynced.delete(runId)
        if (messages !== undefined) messageLines.set(runId, messages.from + messages.items.length)
      }
      // Audit lines join the log's hash chain, which every process on the folder appends to.
      const audit = commit.audit ?? []
      const write = () =>
        audit.length === 0
          ? writeWith('')
          : appendChained(join(root, 'audit.jsonl'), audit, writeWith)
      // A runtime paused past its stale time may have lost the run to another: it must not save
      // over the new owner's state, and must never record an intent, or the call would run twice.
      // The intent is checked under the claim lock, so no takeover slips in before it is on disk.
      let owned: boolean
      if (commit.journal?.some((r) => r.type === 'intent')) {
        owned = await ownership.whileOwned(dir, write)
      } else {
        owned = await ownership.mayWrite(dir)
        if (owned) await write()
      }
      if (!owned) {
        throw new RunStoreError(
          'run_owned_elsewhere',
          `run ${runId} is owned by another runtime now; nothing was saved`,
          `runs/${runId}`,
        )
      }
    },
    async readEvents(runId, afterSeq = 0) {
      const records = (await files.read(runId, 'events')).records as AgentEvent[]
      return afterSeq === 0 ? records : records.filter((e) => e.seq > afterSeq)
    },
    async readMessages(runId) {
      return (await files.read(runId, 'messages')).records as ChatMessage[]
    },
    async readJournal(runId) {
      return (await files.read(runId, 'journal')).records as JournalRecord[]
    },
    async readAudit() {
      return ((await files.readAudit()) as AuditRecord[]).map(withoutChain)
    },
    async loadPolicies() {
      policiesRead = true
      const loaded = await loadPolicyFile(root)
      policiesCorrupt = loaded.corrupt
      return loaded
    },
    async savePolicies(rules) {
      // Never write over a file this store has not looked at: it may hold the user's rules.
      if (!policiesRead) await this.loadPolicies()
      if (policiesCorrupt !== undefined) {
        throw new RunStoreError(
          'policy_file_corrupt',
          `${policiesCorrupt.file} is damaged, so no rule is saved over it; repair or move it first`,
          policiesCorrupt.file,
        )
      }
      await writePolicyFile(root, rules)
    },
    close: () => ownership.close(),
  }
}

async function sweep(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (isAtomicTempName(name)) await rm(join(dir, name), { force: true })
  }
}
