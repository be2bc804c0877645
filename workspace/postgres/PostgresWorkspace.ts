import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { z } from 'zod'
import type { JournalRecord } from '../../vocabulary/JournalRecord.ts'
import type { AtomicOutcomes, OutcomeOptions } from '../AtomicOutcomes.ts'
import type { ChangeCommit } from '../changes/ChangeCommit.ts'
import type { KeptChange } from '../changes/KeptChange.ts'
import type { RecordWrite } from '../changes/recordPatches.ts'
import { parseOrInvalid } from '../parseOrInvalid.ts'
import {
  type ExpectedVersion,
  recordVersion,
  type Versioned,
  type VersionedKind,
  type VersionedRecord,
  type VersionedWrite,
  versionConflict,
  versioned,
} from '../recordVersion.ts'
import type { StudyWorkspace } from '../StudyWorkspace.ts'
import { addSampleRecords } from '../sampleData.ts'
import {
  type Artifact,
  ArtifactSchema,
  type MemoryEntry,
  MemoryEntrySchema,
  type Notebook,
  NotebookSchema,
  type Task,
  TaskSchema,
} from '../schemas.ts'
import { readScopedSource, type SourceReadResult } from '../sourceScope.ts'
import { summarizeZodIssues } from '../summarizeZodIssues.ts'
import { WorkspaceChangeFeed, type WorkspaceChangeListener } from '../WorkspaceChange.ts'
import { WorkspaceError } from '../WorkspaceError.ts'
import {
  artifactInput,
  memoryEntryInput,
  notebookInput,
  TaskInputSchema,
} from '../workspaceInput.ts'
import { migrate } from './migrate.ts'
import { openPool, type PostgresSource, poolLocation, withTransaction } from './PostgresSource.ts'
import { commitPgChange, readPgChange } from './pgChanges.ts'
import { pgOutcome } from './pgOutcomes.ts'
import { hearWorkspaceNotices } from './workspaceNotices.ts'

/** What a PostgreSQL workspace is: which one, where its source files are, and its edges. */
export interface PostgresWorkspaceOptions {
  /** The workspace's key in every table; made on first open. */
  workspaceId: string
  /** The folder notebook read tools may see: sources stay files. */
  sourcesDir: string
  clock?: () => Date
  generateId?: () => string
  /**
   * A workspace this open creates starts with the Biology 101 sample records (a notebook over
   * the sample sources, two tasks, a memory), as a new folder workspace does: once, however many
   * nodes open it together. The sources themselves stay files in `sourcesDir`.
   */
  samples?: boolean
}

type Db = pg.Pool | pg.PoolClient

const upsertArtifact = `INSERT INTO studypulse.artifacts (workspace_id, name, artifact) VALUES ($1, $2, $3)
  ON CONFLICT (workspace_id, name) DO UPDATE SET artifact = EXCLUDED.artifact`

/** Where each kind of versioned record lives: its table, JSON column, key and order. */
const versionedTables = {
  task: { table: 'tasks', column: 'task', keyColumn: 'id', order: 'position', schema: TaskSchema },
  memory: {
    table: 'memory',
    column: 'entry',
    keyColumn: "entry->>'id'",
    order: 'position',
    schema: MemoryEntrySchema,
  },
  note: {
    table: 'artifacts',
    column: 'artifact',
    keyColumn: 'name',
    order: 'name',
    schema: ArtifactSchema,
  },
} as const satisfies Record<VersionedKind, unknown>

/** A versioned row as read for a compare-and-set: the record, its version, and where it sits. */
interface Found<K extends VersionedKind> {
  current: Versioned<VersionedRecord[K]>
  place: string
}

/**
 * The study workspace in PostgreSQL: tasks, memory, artifacts and notebooks in tables keyed by
 * workspace id, validated on the way in by the same checks as the folder workspace and on the way
 * out by the same schemas. Sources stay files in `sourcesDir`. `withOutcome` runs a tool's effect
 * and appends its journal outcome in one transaction.
 */
export class PostgresWorkspace implements StudyWorkspace, AtomicOutcomes {
  readonly clock: () => Date
  readonly generateId: () => string
  readonly workspaceId: string
  readonly sourcesDir: string
  readonly #db: Db
  readonly #pool: pg.Pool
  readonly #ownsPool: boolean
  #changes: WorkspaceChangeFeed | undefined

  private constructor(db: Db, pool: pg.Pool, ownsPool: boolean, options: PostgresWorkspaceOptions) {
    this.#db = db
    this.#pool = pool
    this.#ownsPool = ownsPool
    this.workspaceId = options.workspaceId
    this.sourcesDir = options.sourcesDir
    this.clock = options.clock ?? (() => new Date())
    this.generateId = options.generateId ?? randomUUID
  }

  /** Opens workspace `workspaceId`, bringing the schema up to date and creating the workspace if new. */
  static async open(
    source: PostgresSource,
    options: PostgresWorkspaceOptions,
  ): Promise<PostgresWorkspace> {
    if (typeof options.workspaceId !== 'string' || options.workspaceId.trim() === '') {
      throw new WorkspaceError('invalid_data', 'a workspace id must be a non-empty string')
    }
    const { pool, owned } = openPool(source)
    try {
      await migrate(pool)
      const workspace = new PostgresWorkspace(pool, pool, owned, options)
      // One transaction: a node opening the same new workspace at once waits on the row's insert,
      // then finds it made (and seeded) and seeds nothing.
      await withTransaction(pool, async (client) => {
        const made = await client.query(
          `INSERT INTO studypulse.workspaces (workspace_id, created_at) VALUES ($1, $2)
           ON CONFLICT (workspace_id) DO NOTHING`,
          [options.workspaceId, workspace.#now()],
        )
        if (made.rowCount === 1 && options.samples === true) {
          await addSampleRecords(new PostgresWorkspace(client, pool, false, options))
        }
      })
      return workspace
    } catch (error) {
      if (owned) await pool.end()
      throw error
    }
  }

  /** The database and workspace id, as `StudyWorkspace.location`. */
  get location(): string {
    return `${poolLocation(this.#pool)}#${this.workspaceId}`
  }

  /** All tasks, in stored order. */
  async readTasks(): Promise<Task[]> {
    return this.#rows(TaskSchema, 'tasks', 'position', 'SELECT task AS value FROM studypulse.tasks')
  }

  /** Validates `task` and stores it, replacing the task with the same id (in place) or appending it. */
  async upsertTask(task: Task): Promise<Task> {
    const valid = parseOrInvalid(TaskInputSchema, task, 'task')
    await this.#db.query(
      `INSERT INTO studypulse.tasks (workspace_id, id, task) VALUES ($1, $2, $3)
       ON CONFLICT (workspace_id, id) DO UPDATE SET task = EXCLUDED.task`,
      [this.workspaceId, valid.id, JSON.stringify(valid)],
    )
    return valid
  }

  /** Removes the task with `id`; returns it, or undefined when there was none. */
  async deleteTask(id: string): Promise<Task | undefined> {
    const { rows } = await this.#db.query<{ value: unknown }>(
      'DELETE FROM studypulse.tasks WHERE workspace_id = $1 AND id = $2 RETURNING task AS value',
      [this.workspaceId, id],
    )
    return rows.length === 0 ? undefined : this.#valid(TaskSchema, 'tasks', rows[0]?.value)
  }

  /** The task with `id` and its version, or undefined. */
  async readTask(id: string): Promise<Versioned<Task> | undefined> {
    return (await this.#found(this.#db, 'task', id))?.current
  }

  /** Validates `task` and replaces the stored task with its id, only if that is at `expectedVersion`. */
  async updateTaskAt(task: Task, expectedVersion: string): Promise<VersionedWrite<Task>> {
    const valid = parseOrInvalid(TaskInputSchema, task, 'task')
    return this.#writeAt('task', valid.id, expectedVersion, async (db) => {
      await db.query('UPDATE studypulse.tasks SET task = $3 WHERE workspace_id = $1 AND id = $2', [
        this.workspaceId,
        valid.id,
        JSON.stringify(valid),
      ])
      return valid
    })
  }

  /** Removes the task with `id`, only if it is at `expectedVersion`. */
  async deleteTaskAt(id: string, expectedVersion: string): Promise<VersionedWrite<Task>> {
    return this.#writeAt('task', id, expectedVersion, async (db, found) => {
      await db.query('DELETE FROM studypulse.tasks WHERE workspace_id = $1 AND id = $2', [
        this.workspaceId,
        id,
      ])
      return found.current.value
    })
  }

  /** Everything remembered, oldest first. */
  async readMemory(): Promise<MemoryEntry[]> {
    return this.#rows(
      MemoryEntrySchema,
      'memory',
      'position',
      'SELECT entry AS value FROM studypulse.memory',
    )
  }

  /** Remembers `text` (trimmed) as a new entry with a fresh id and the current time. */
  async appendMemory(text: string): Promise<MemoryEntry> {
    const entry = memoryEntryInput(text, this.generateId(), this.#now())
    await this.#db.query('INSERT INTO studypulse.memory (workspace_id, entry) VALUES ($1, $2)', [
      this.workspaceId,
      JSON.stringify(entry),
    ])
    return entry
  }

  /** The memory entry with `id` and its version, or undefined. */
  async readMemoryEntry(id: string): Promise<Versioned<MemoryEntry> | undefined> {
    return (await this.#found(this.#db, 'memory', id))?.current
  }

  /** Forgets the entry with `id`, only if it is at `expectedVersion`. */
  async forgetMemoryAt(id: string, expectedVersion: string): Promise<VersionedWrite<MemoryEntry>> {
    return this.#writeAt('memory', id, expectedVersion, async (db, found) => {
      await db.query('DELETE FROM studypulse.memory WHERE workspace_id = $1 AND position = $2', [
        this.workspaceId,
        found.place,
      ])
      return found.current.value
    })
  }

  /** The markdown artifacts, sorted by name. */
  async listArtifacts(): Promise<Artifact[]> {
    return this.#rows(
      ArtifactSchema,
      'artifacts',
      'name',
      'SELECT artifact AS value FROM studypulse.artifacts',
    )
  }

  /** Saves `content` under a heading `title`, replacing an artifact with the same slug. */
  async saveArtifact(title: string, content: string): Promise<Artifact> {
    const updatedAt = this.#now()
    const { name, title: clean } = artifactInput(title, content, updatedAt)
    const artifact: Artifact = { name, title: clean, content, updatedAt }
    await this.#db.query(upsertArtifact, [this.workspaceId, name, JSON.stringify(artifact)])
    return artifact
  }

  /** The artifact named `name` and its version, or undefined. */
  async readArtifact(name: string): Promise<Versioned<Artifact> | undefined> {
    return (await this.#found(this.#db, 'note', name))?.current
  }

  /** As `saveArtifact`, only if the artifact with that slug is at `expectedVersion` (`null`: is none yet). */
  async saveArtifactAt(
    title: string,
    content: string,
    expectedVersion: ExpectedVersion,
  ): Promise<VersionedWrite<Artifact>> {
    const updatedAt = this.#now()
    const { name, title: clean } = artifactInput(title, content, updatedAt)
    const artifact: Artifact = { name, title: clean, content, updatedAt }
    const values = [this.workspaceId, name, JSON.stringify(artifact)]
    if (expectedVersion === null) {
      // No row to lock: the insert is the check, and a note saved meanwhile stays.
      const inserted = await this.#db.query(
        `INSERT INTO studypulse.artifacts (workspace_id, name, artifact) VALUES ($1, $2, $3)
         ON CONFLICT (workspace_id, name) DO NOTHING`,
        values,
      )
      if (inserted.rowCount === 1) {
        return { ok: true, value: artifact, version: recordVersion('note', artifact) }
      }
    }
    return this.#writeAt('note', name, expectedVersion, async (db) => {
      // An upsert: a note that went after a failed insert above is written again, not lost.
      await db.query(upsertArtifact, values)
      return artifact
    })
  }

  /** The kept change `changeId`, or undefined. */
  readChange(changeId: string): Promise<KeptChange | undefined> {
    return readPgChange(this.#db, this.workspaceId, changeId)
  }

  /** As `StudyWorkspace.commitChange`: one transaction (or the one `withOutcome` holds). */
  commitChange(change: KeptChange, writes: readonly RecordWrite[]): Promise<ChangeCommit> {
    const run = (db: Db) => commitPgChange(db, this.workspaceId, change, writes)
    return this.#db === this.#pool ? withTransaction(this.#pool, run) : run(this.#db)
  }

  /** All notebooks, in stored order. */
  async readNotebooks(): Promise<Notebook[]> {
    return this.#rows(
      NotebookSchema,
      'notebooks',
      'position',
      'SELECT notebook AS value FROM studypulse.notebooks',
    )
  }

  /** The notebook with `id`, or undefined. */
  async notebook(id: string): Promise<Notebook | undefined> {
    const { rows } = await this.#db.query<{ value: unknown }>(
      'SELECT notebook AS value FROM studypulse.notebooks WHERE workspace_id = $1 AND id = $2',
      [this.workspaceId, id],
    )
    return rows.length === 0 ? undefined : this.#valid(NotebookSchema, 'notebooks', rows[0]?.value)
  }

  /** Creates a notebook whose read tools may see `sources` (relative to `sourcesDir`; need not exist yet). */
  async createNotebook(title: string, sources: string[]): Promise<Notebook> {
    const notebook = notebookInput(title, sources, this.generateId(), this.#now())
    await this.#db.query(
      'INSERT INTO studypulse.notebooks (workspace_id, id, notebook) VALUES ($1, $2, $3)',
      [this.workspaceId, notebook.id, JSON.stringify(notebook)],
    )
    return notebook
  }

  /**
   * The workspace's first notebook; with none, creates one from `seed`. Nodes starting together
   * create it once: the read and the insert hold a lock on the workspace id until they commit.
   */
  async firstNotebook(seed?: { title: string; sources: string[] }): Promise<Notebook | undefined> {
    return withTransaction(this.#pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `studypulse.notebooks:${this.workspaceId}`,
      ])
      const bound = new PostgresWorkspace(client, this.#pool, false, this)
      const [first] = await bound.readNotebooks()
      if (first !== undefined || seed === undefined) return first
      return bound.createNotebook(seed.title, seed.sources)
    })
  }

  /** Reads `path` from `sourcesDir` if it is one of `allowed` and really inside it; failures are data. */
  readSource(allowed: readonly string[], path: string): Promise<SourceReadResult> {
    return readScopedSource(this.sourcesDir, allowed, path)
  }

  /** Tasks, memory and notes: every record kind lives in the run's database. */
  readonly atomicKinds: readonly VersionedKind[] = ['task', 'memory', 'note']

  /** Runs a tool's `effect` and appends its journal `outcome` (after its `intent`, if given) to run `runId` in one transaction. */
  withOutcome<T>(
    runId: string,
    effect: (workspace: StudyWorkspace) => Promise<T>,
    outcome: (value: T) => JournalRecord,
    options: OutcomeOptions = {},
  ): Promise<T> {
    if (this.#db !== this.#pool) {
      return Promise.reject(new Error('withOutcome cannot be nested in another transaction'))
    }
    const bind = (client: pg.PoolClient) => new PostgresWorkspace(client, this.#pool, false, this)
    return pgOutcome(this.#pool, this, bind, { runId, effect, outcome, options })
  }

  /**
   * Calls `listener` after each change to this workspace's tasks, memory, notes or notebooks by
   * any node: one LISTEN connection for all listeners, opened on the first. Notices sent before it
   * listened, or while it was down, are lost, so each start of listening tells every part.
   */
  watchChanges(listener: WorkspaceChangeListener): () => void {
    this.#changes ??= new WorkspaceChangeFeed((tell) =>
      hearWorkspaceNotices(this.#pool, this.workspaceId, tell),
    )
    return this.#changes.watch(listener)
  }

  /** Stops watching, and ends the pool if this workspace made it. */
  async close(): Promise<void> {
    this.#changes?.close()
    if (this.#ownsPool && !this.#pool.ended) await this.#pool.end()
  }

  #now(): string {
    return this.clock().toISOString()
  }

  /**
   * Runs `write` in one transaction with the row of `kind` at `key` locked, only if that row is at
   * `expected`: its own transaction, or the one this workspace is bound to (`withOutcome`), whose
   * lock then lasts until the effect and its outcome commit.
   */
  #writeAt<K extends VersionedKind>(
    kind: K,
    key: string,
    expected: ExpectedVersion,
    write: (db: Db, found: Found<K>) => Promise<VersionedRecord[K]>,
  ): Promise<VersionedWrite<VersionedRecord[K]>> {
    const run = async (db: Db): Promise<VersionedWrite<VersionedRecord[K]>> => {
      const found = await this.#found(db, kind, key, true)
      const conflict = versionConflict(found?.current, expected)
      if (conflict !== undefined) return conflict
      // No conflict with a version string means the row was there at that version.
      const value = await write(db, found as Found<K>)
      return { ok: true, value, version: recordVersion(kind, value) }
    }
    return this.#db === this.#pool ? withTransaction(this.#pool, run) : run(this.#db)
  }

  /** The row of `kind` at `key` with its version and place; with `lock`, locked until the transaction ends. */
  async #found<K extends VersionedKind>(
    db: Db,
    kind: K,
    key: string,
    lock = false,
  ): Promise<Found<K> | undefined> {
    const { table, column, keyColumn, order, schema } = versionedTables[kind]
    const { rows } = await db.query<{ value: unknown; place: string }>(
      `SELECT ${column} AS value, ${order}::text AS place FROM studypulse.${table}
       WHERE workspace_id = $1 AND ${keyColumn} = $2 ORDER BY ${order} LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
      [this.workspaceId, key],
    )
    const row = rows[0]
    if (row === undefined) return undefined
    const value = this.#valid(schema, table, row.value) as VersionedRecord[K]
    return { current: versioned(kind, value), place: row.place }
  }

  async #rows<S extends z.ZodType>(
    schema: S,
    table: string,
    order: string,
    select: string,
  ): Promise<z.output<S>[]> {
    const { rows } = await this.#db.query<{ value: unknown }>(
      `${select} WHERE workspace_id = $1 ORDER BY ${order}`,
      [this.workspaceId],
    )
    return rows.map((row) => this.#valid(schema, table, row.value))
  }

  // A row that fails its schema was written around this code: refuse it as the folder
  // workspace refuses a damaged file, rather than hand a tool something it cannot trust.
  #valid<S extends z.ZodType>(schema: S, table: string, value: unknown): z.output<S> {
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      throw new WorkspaceError(
        'corrupt_file',
        `a row of studypulse.${table} for workspace ${this.workspaceId} is invalid: ${summarizeZodIssues(parsed.error)}`,
        `studypulse.${table}`,
      )
    }
    return parsed.data
  }
}
