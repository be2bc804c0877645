import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type Database from 'libsql'
import type { JournalRecord } from '../../vocabulary/JournalRecord.ts'
import type { AtomicOutcomes, OutcomeOptions } from '../AtomicOutcomes.ts'
import { listArtifactFiles, readArtifactFile, writeArtifactFile } from '../artifactFiles.ts'
import type { ChangeCommit } from '../changes/ChangeCommit.ts'
import type { KeptChange } from '../changes/KeptChange.ts'
import type { RecordWrite } from '../changes/recordPatches.ts'
import { parseOrInvalid } from '../parseOrInvalid.ts'
import {
  type ExpectedVersion,
  recordVersion,
  type Versioned,
  type VersionedKind,
  type VersionedWrite,
  versionConflict,
  versioned,
} from '../recordVersion.ts'
import type { StudyWorkspace } from '../StudyWorkspace.ts'
import {
  type Artifact,
  ArtifactSchema,
  type MemoryEntry,
  type Notebook,
  type Task,
} from '../schemas.ts'
import { readScopedSource, type SourceReadResult } from '../sourceScope.ts'
import {
  WorkspaceChangeFeed,
  type WorkspaceChangeListener,
  type WorkspacePart,
} from '../WorkspaceChange.ts'
import { WorkspaceError } from '../WorkspaceError.ts'
import { watchWorkspaceFolder } from '../watchWorkspaceFolder.ts'
import { withWorkspaceLock } from '../withWorkspaceLock.ts'
import {
  artifactInput,
  memoryEntryInput,
  notebookInput,
  TaskInputSchema,
} from '../workspaceInput.ts'
import {
  folderDatabase,
  partsChangedElsewhere,
  type SeenParts,
  touchParts,
} from './folderDatabase.ts'
import { runWriterOf } from './folderRunWriter.ts'
import { groupCommit } from './groupCommit.ts'
import { importFolderRecords } from './importFolderRecords.ts'
import { commitNoteChange } from './noteChanges.ts'
import { listNotebooks, putNotebook } from './sqliteNotebooks.ts'
import {
  deleteRow,
  findChange,
  findRow,
  listRows,
  planRowChange,
  putRow,
  type RowKind,
} from './sqliteRecords.ts'
import { inTransaction } from './sqliteTransaction.ts'

/** Injectable clock and id generator, so tests and replays are deterministic. */
export type SqliteWorkspaceOptions = { clock?: () => Date; generateId?: () => string }

/** A change a tool made inside `withOutcome`, checked then and written in the transaction. */
interface Recorded {
  change: KeptChange
  writes: readonly RecordWrite[]
  told: ChangeCommit
}

// How often another process's commits are looked for (`PRAGMA data_version`, no disk access).
const pollMs = 250
// A tool's changes are checked when it makes them and again in its transaction; a write by
// another process in between makes the tool run again (its result would be stale), this often.
const attempts = 4
const partOf = { task: 'tasks', memory: 'memory', note: 'notes' } as const

/**
 * The folder workspace's records in the folder's database (`<folder>/studypulse.db`, beside the
 * runs): tasks, memory, notebooks and the kept changes undo reads, each write one transaction.
 * Notes (`artifacts/*.md`) and sources stay files: they are a person's documents. `withOutcome`
 * commits a task or memory tool's effect with its card's decision, intent, outcome and audit
 * line in one synced transaction, through the run store sharing the connection.
 */
export class SqliteWorkspace implements StudyWorkspace, AtomicOutcomes {
  /** The workspace folder. */
  readonly root: string
  /** The clock used for every timestamp this workspace writes. */
  readonly clock: () => Date
  /** The generator used for every id this workspace assigns. */
  readonly generateId: () => string
  /** What opening found and did: an older folder's record files imported, or set aside. */
  readonly found: readonly string[]
  readonly #recorded: Recorded[] | undefined
  #changes: WorkspaceChangeFeed | undefined

  private constructor(
    root: string,
    options: SqliteWorkspaceOptions,
    recorded?: Recorded[],
    found: readonly string[] = [],
  ) {
    this.root = root
    this.found = found
    this.clock = options.clock ?? (() => new Date())
    this.generateId = options.generateId ?? randomUUID
    this.#recorded = recorded
  }

  /**
   * The records of the folder workspace at `root` (an existing folder), its database opened and
   * an older folder's record files imported once (see `importFolderRecords`; `found` says what).
   */
  static open(root: string, options: SqliteWorkspaceOptions = {}): SqliteWorkspace {
    const clock = options.clock ?? (() => new Date())
    const found = importFolderRecords(folderDatabase(root), root, clock())
    return new SqliteWorkspace(root, options, undefined, found)
  }

  /** The folder, as `StudyWorkspace.location`. */
  get location(): string {
    return this.root
  }

  /** Absolute path of `sources/`, the only folder notebook read tools may see. */
  get sourcesDir(): string {
    return join(this.root, 'sources')
  }

  /** Tasks and memory while a run store shares the database (`AtomicOutcomes.atomicKinds`). */
  get atomicKinds(): readonly VersionedKind[] {
    return runWriterOf(this.#db()) === undefined ? [] : ['task', 'memory']
  }

  /** Its transaction decides the card and appends the audit line too (one database). */
  readonly decidesAndAudits = true

  async readTasks(): Promise<Task[]> {
    return listRows(this.#db(), 'task')
  }

  async readTask(id: string): Promise<Versioned<Task> | undefined> {
    const found = findRow(this.#db(), 'task', id)
    return found && versioned('task', found.value)
  }

  async upsertTask(task: Task): Promise<Task> {
    const valid = parseOrInvalid(TaskInputSchema, task, 'task')
    this.#write(['tasks'], (db) => putRow(db, 'task', valid.id, valid))
    return valid
  }

  async deleteTask(id: string): Promise<Task | undefined> {
    return this.#write(['tasks'], (db) => {
      const found = findRow(db, 'task', id)
      if (found !== undefined) deleteRow(db, 'task', id)
      return found?.value
    })
  }

  async updateTaskAt(task: Task, expectedVersion: string): Promise<VersionedWrite<Task>> {
    const valid = parseOrInvalid(TaskInputSchema, task, 'task')
    return this.#atVersion('task', valid.id, expectedVersion, valid)
  }

  async deleteTaskAt(id: string, expectedVersion: string): Promise<VersionedWrite<Task>> {
    return this.#atVersion('task', id, expectedVersion, undefined)
  }

  async readMemory(): Promise<MemoryEntry[]> {
    return listRows(this.#db(), 'memory')
  }

  async appendMemory(text: string): Promise<MemoryEntry> {
    const entry = memoryEntryInput(text, this.generateId(), this.#now())
    this.#write(['memory'], (db) => putRow(db, 'memory', entry.id, entry))
    return entry
  }

  async readMemoryEntry(id: string): Promise<Versioned<MemoryEntry> | undefined> {
    const found = findRow(this.#db(), 'memory', id)
    return found && versioned('memory', found.value)
  }

  async forgetMemoryAt(id: string, expectedVersion: string): Promise<VersionedWrite<MemoryEntry>> {
    return this.#atVersion('memory', id, expectedVersion, undefined)
  }

  async listArtifacts(): Promise<Artifact[]> {
    return listArtifactFiles(this.root)
  }

  async saveArtifact(title: string, content: string): Promise<Artifact> {
    const { name, title: clean } = artifactInput(title, content, this.#now())
    const saved = await withWorkspaceLock(this.root, () =>
      writeArtifactFile(this.root, name, clean, content),
    )
    this.#changes?.tell(['notes'])
    return saved
  }

  async readArtifact(name: string): Promise<Versioned<Artifact> | undefined> {
    if (!ArtifactSchema.shape.name.safeParse(name).success) return undefined
    const artifact = await readArtifactFile(this.root, name)
    return artifact === undefined ? undefined : versioned('note', artifact)
  }

  async saveArtifactAt(
    title: string,
    content: string,
    expectedVersion: ExpectedVersion,
  ): Promise<VersionedWrite<Artifact>> {
    const { name, title: clean } = artifactInput(title, content, this.#now())
    const written = await withWorkspaceLock(this.root, async () => {
      const stored = await readArtifactFile(this.root, name)
      const conflict = versionConflict(stored && versioned('note', stored), expectedVersion)
      if (conflict !== undefined) return conflict
      const saved = await writeArtifactFile(this.root, name, clean, content)
      return { ok: true as const, value: saved, version: recordVersion('note', saved) }
    })
    if (written.ok) this.#changes?.tell(['notes'])
    return written
  }

  async readChange(changeId: string): Promise<KeptChange | undefined> {
    return findChange(this.#db(), changeId)
  }

  /**
   * As `StudyWorkspace.commitChange`: a change of tasks and memory is checked and written in one
   * transaction; a change of notes under the folder's lock (the files), then kept. Inside
   * `withOutcome` the change is checked now and written in the tool's transaction.
   */
  async commitChange(change: KeptChange, writes: readonly RecordWrite[]): Promise<ChangeCommit> {
    if (writes.some((write) => write.kind === 'note')) {
      if (this.#recorded !== undefined) throw new Error('a note is not written in a transaction')
      const committed = await commitNoteChange(this.root, this.#db(), change, writes)
      if (committed.ok) this.#changes?.tell(['notes'])
      return committed
    }
    const db = this.#db()
    if (this.#recorded !== undefined) {
      const told = planRowChange(db, change, writes).told
      this.#recorded.push({ change, writes, told })
      return told
    }
    const committed = inTransaction(db, true, () => {
      const plan = planRowChange(db, change, writes)
      plan.apply?.()
      if (plan.apply !== undefined)
        touchParts(
          db,
          writes.map((write) => partOf[write.kind]),
        )
      return { commit: plan.apply !== undefined, value: plan.told }
    })
    if (committed.ok) this.#changes?.tell(new Set(writes.map((write) => partOf[write.kind])))
    return committed
  }

  async readNotebooks(): Promise<Notebook[]> {
    return listNotebooks(this.#db())
  }

  async notebook(id: string): Promise<Notebook | undefined> {
    return (await this.readNotebooks()).find((n) => n.id === id)
  }

  async createNotebook(title: string, sources: string[]): Promise<Notebook> {
    const notebook = notebookInput(title, sources, this.generateId(), this.#now())
    this.#write(['notebooks'], (db) => putNotebook(db, notebook))
    return notebook
  }

  async readSource(allowed: readonly string[], path: string): Promise<SourceReadResult> {
    return readScopedSource(this.sourcesDir, allowed, path)
  }

  /**
   * Calls `listener` after each change to the tasks, memory, notes or notebooks, by this process
   * (told at once) or another on the folder (its commits seen by polling `PRAGMA data_version`;
   * notes by watching `artifacts/`).
   */
  watchChanges(listener: WorkspaceChangeListener): () => void {
    this.#changes ??= new WorkspaceChangeFeed((tell) => {
      const stopFiles = watchWorkspaceFolder(this.root, (parts) => {
        const notes = [...parts].filter((part) => part === 'notes')
        if (notes.length > 0) tell(notes)
      })
      const seen: SeenParts = { parts: new Map() }
      partsChangedElsewhere(this.#db(), seen)
      const timer = setInterval(() => {
        try {
          const parts = partsChangedElsewhere(this.#db(), seen) as WorkspacePart[]
          if (parts.length > 0) tell(parts)
        } catch {
          // A busy or closed database is looked at again on the next tick.
        }
      }, pollMs)
      timer.unref()
      return () => {
        clearInterval(timer)
        stopFiles()
      }
    })
    return this.#changes.watch(listener)
  }

  /**
   * Runs a task or memory tool's `effect`, then in one synced transaction: the run's owner
   * checked, its card decided (only if undecided), the effect's changes checked again and
   * written, the intent and outcome appended to the run's journal and the audit line to the log.
   * Nothing is written if any part fails; a crash before the commit leaves none of it.
   */
  async withOutcome<T>(
    runId: string,
    effect: (workspace: StudyWorkspace) => Promise<T>,
    outcome: (value: T) => JournalRecord,
    options: OutcomeOptions = {},
  ): Promise<T> {
    const db = this.#db()
    const writer = runWriterOf(db)
    if (writer === undefined) throw new Error('no run store shares this folder’s database')
    for (let attempt = 1; ; attempt += 1) {
      const recorded: Recorded[] = []
      const value = await effect(new SqliteWorkspace(this.root, this, recorded))
      // With the other calls allowed in this turn: one synced commit for all (see `groupCommit`),
      // tried again while another program holds the write lock (a refused BEGIN wrote nothing).
      const commit = () =>
        groupCommit(db, () => {
          const other = writer.own(runId)
          if (other !== undefined) {
            const message = `run ${runId} is held by ${other}; its effect was not run`
            throw new WorkspaceError('run_owned_elsewhere', message)
          }
          if (options.decision !== undefined && !writer.decide(runId, options.decision)) {
            const message = `card ${options.decision.confirmationId} was decided already; nothing was written`
            throw new WorkspaceError('card_decided_elsewhere', message)
          }
          for (const { change, writes, told } of recorded) {
            const plan = planRowChange(db, change, writes)
            // Another process wrote in between: the tool's result would be stale.
            if (JSON.stringify(plan.told) !== JSON.stringify(told)) return false
            plan.apply?.()
            if (plan.apply !== undefined)
              touchParts(
                db,
                writes.map((write) => partOf[write.kind]),
              )
          }
          const journal = [
            ...(options.intent === undefined ? [] : [options.intent]),
            outcome(value),
          ]
          writer.append(runId, journal, options.audit?.(value) ?? [])
          return true
        })
      const committed = await (writer.guard?.(commit) ?? commit())
      if (committed) {
        const parts = recorded.flatMap(({ told, writes }) =>
          told.ok ? writes.map((write) => partOf[write.kind]) : [],
        )
        if (parts.length > 0) this.#changes?.tell(new Set(parts))
        return value
      }
      if (attempt >= attempts) {
        throw new WorkspaceError(
          'io_error',
          `the records kept changing while run ${runId} wrote them`,
        )
      }
    }
  }

  /** Stops watching (the folder's connection is the run store's too: it closes with it). */
  close(): void {
    this.#changes?.close()
  }

  #db(): Database.Database {
    return folderDatabase(this.root)
  }

  #now(): string {
    return this.clock().toISOString()
  }

  #write<T>(parts: readonly WorkspacePart[], work: (db: Database.Database) => T): T {
    if (this.#recorded !== undefined) throw new Error('only commitChange writes inside withOutcome')
    const db = this.#db()
    const value = inTransaction(db, true, () => {
      const done = work(db)
      touchParts(db, parts)
      return { commit: true, value: done }
    })
    this.#changes?.tell(parts)
    return value
  }

  #atVersion<K extends RowKind>(
    kind: K,
    id: string,
    expected: string,
    next: (K extends 'task' ? Task : MemoryEntry) | undefined,
  ): VersionedWrite<K extends 'task' ? Task : MemoryEntry> {
    type R = K extends 'task' ? Task : MemoryEntry
    const parts = [partOf[kind]]
    return this.#write(parts, (db) => {
      const found = findRow(db, kind, id)
      const current = found && (versioned(kind, found.value as never) as Versioned<R>)
      const conflict = versionConflict(current, expected)
      if (conflict !== undefined) return conflict
      if (next === undefined) deleteRow(db, kind, id)
      else putRow(db, kind, id, next)
      const value = (next ?? found?.value) as R
      return { ok: true as const, value, version: recordVersion(kind, value as never) }
    })
  }
}
