import type Database from 'libsql'
import { type ChangeCommit, commitRefusal, withPlaces } from '../changes/ChangeCommit.ts'
import { type KeptChange, KeptChangeSchema } from '../changes/KeptChange.ts'
import type { RecordWrite } from '../changes/recordPatches.ts'
import { validWrites } from '../changes/validWrites.ts'
import { type Versioned, versioned } from '../recordVersion.ts'
import { type MemoryEntry, MemoryEntrySchema, type Task } from '../schemas.ts'
import { summarizeZodIssues } from '../summarizeZodIssues.ts'
import { WorkspaceError } from '../WorkspaceError.ts'
import { TaskInputSchema } from '../workspaceInput.ts'
import { prepared } from './preparedStatement.ts'
import { jsonOrUndefined } from './sqliteNotebooks.ts'

/** The kinds of record kept as rows of the folder's database. */
export type RowKind = 'task' | 'memory'

/** The record each row kind holds. */
export interface RowRecord {
  task: Task
  memory: MemoryEntry
}

const schemas = { task: TaskInputSchema, memory: MemoryEntrySchema } as const

/** Parses a stored row through its kind's schema; a row that fails is `corrupt_file`, named. */
function parseRow<K extends RowKind>(kind: K, text: string): RowRecord[K] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new WorkspaceError(
      'corrupt_file',
      `a ${kind} in studypulse.db is not JSON`,
      'studypulse.db',
    )
  }
  const parsed = schemas[kind].safeParse(json)
  if (!parsed.success) {
    const why = summarizeZodIssues(parsed.error)
    throw new WorkspaceError(
      'corrupt_file',
      `a ${kind} in studypulse.db is not valid (${why})`,
      'studypulse.db',
    )
  }
  return parsed.data as RowRecord[K]
}

/** Every record of `kind`, in list order. */
export function listRows<K extends RowKind>(db: Database.Database, kind: K): RowRecord[K][] {
  const rows = prepared(db, 'SELECT record FROM workspace_records WHERE kind = ? ORDER BY position')
    .pluck(true)
    .all(kind) as string[]
  return rows.map((text) => parseRow(kind, text))
}

/** The record `kind`/`id` and its place in its list, or undefined. */
export function findRow<K extends RowKind>(
  db: Database.Database,
  kind: K,
  id: string,
): { value: RowRecord[K]; position: number } | undefined {
  const row = prepared(
    db,
    'SELECT record, position FROM workspace_records WHERE kind = ? AND id = ?',
  )
    .raw(true)
    .get(kind, id) as [string, number] | undefined
  return row === undefined ? undefined : { value: parseRow(kind, row[0]), position: row[1] }
}

/**
 * Stores `value` as the record `kind`/`id`: in its place when it exists, else at `place` (the
 * place it had before it went) when that is free, else at the end.
 */
export function putRow(
  db: Database.Database,
  kind: RowKind,
  id: string,
  value: unknown,
  place?: string,
): void {
  const text = JSON.stringify(value)
  const replaced = prepared(
    db,
    'UPDATE workspace_records SET record = ? WHERE kind = ? AND id = ?',
  ).run(text, kind, id)
  if (Number(replaced.changes) > 0) return
  const wanted = place === undefined ? Number.NaN : Number(place)
  const free =
    Number.isFinite(wanted) &&
    prepared(db, 'SELECT 1 FROM workspace_records WHERE kind = ? AND position = ?')
      .raw(true)
      .get(kind, wanted) === undefined
  prepared(
    db,
    `INSERT INTO workspace_records (kind, id, position, record) VALUES (?, ?,
     CASE WHEN ? THEN ? ELSE (SELECT coalesce(max(position), 0) + 1 FROM workspace_records WHERE kind = ?) END, ?)`,
  ).run(kind, id, free ? 1 : 0, free ? wanted : 0, kind, text)
}

/** Removes the record `kind`/`id`. */
export function deleteRow(db: Database.Database, kind: RowKind, id: string): void {
  prepared(db, 'DELETE FROM workspace_records WHERE kind = ? AND id = ?').run(kind, id)
}

/** The kept change `changeId`, or undefined (one that fails its schema is `corrupt_file`). */
export function findChange(db: Database.Database, changeId: string): KeptChange | undefined {
  const text = prepared(db, 'SELECT change FROM workspace_changes WHERE change_id = ?')
    .pluck(true)
    .all(changeId)[0] as string | undefined
  if (text === undefined) return undefined
  const parsed = KeptChangeSchema.safeParse(jsonOrUndefined(text))
  if (!parsed.success) {
    const why = summarizeZodIssues(parsed.error)
    throw new WorkspaceError(
      'corrupt_file',
      `kept change ${changeId} is not valid (${why})`,
      'studypulse.db',
    )
  }
  return parsed.data
}

/** Keeps `change` (replacing a kept change with its id). */
export function keepChange(db: Database.Database, change: KeptChange): void {
  prepared(db, 'INSERT OR REPLACE INTO workspace_changes (change_id, change) VALUES (?, ?)').run(
    change.changeId,
    JSON.stringify(change),
  )
}

/** A change to the rows, checked against what is stored now: refused, or ready to apply. */
export interface PlannedRowChange {
  /** What the tool is told: refused (nothing to apply), or committed with its records' places. */
  told: ChangeCommit
  /** Writes the change (absent when refused). */
  apply?: () => void
}

/**
 * Checks a change of task and memory rows against the rows as they are (read now: call it in
 * the transaction that applies it): every record at the version each write expects, the change
 * it undoes kept and not undone yet. `apply` then writes the records, keeps the change with the
 * places its records had, and marks the change it undoes. Throws `invalid_data` for a bad record.
 */
export function planRowChange(
  db: Database.Database,
  change: KeptChange,
  writes: readonly RecordWrite[],
): PlannedRowChange {
  const current: (Versioned<unknown> | undefined)[] = []
  const places = new Map<string, string>()
  for (const write of writes) {
    if (write.kind === 'note') throw new Error('a note is a file, not a row')
    const found = findRow(db, write.kind, write.id)
    current.push(found && versioned(write.kind, found.value as never))
    if (found !== undefined) places.set(`${write.kind}\u0000${write.id}`, String(found.position))
  }
  const undone = change.undoes === undefined ? undefined : findChange(db, change.undoes)
  const refused = commitRefusal(change, writes, current, undone)
  if (refused !== undefined) return { told: refused }
  const valid = validWrites(writes)
  const kept = withPlaces(change, places)
  return {
    told: { ok: true, change: kept },
    apply: () => {
      for (const write of valid) {
        const kind = write.kind as RowKind
        if (write.value === undefined) deleteRow(db, kind, write.id)
        else putRow(db, kind, write.id, write.value, write.place)
      }
      keepChange(db, kept)
      if (undone !== undefined) keepChange(db, { ...undone, undoneBy: change.changeId })
    },
  }
}
