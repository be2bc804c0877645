import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  unlinkSync,
} from 'node:fs'
import { join } from 'node:path'
import type Database from 'libsql'
import type { z } from 'zod'
import { countOf } from '../../vocabulary/countOf.ts'
import { CHANGES_DIR } from '../changes/folderChanges.ts'
import { type KeptChange, KeptChangeSchema } from '../changes/KeptChange.ts'
import { workspaceLayout } from '../layOutWorkspace.ts'
import { MemoryFileSchema, NotebooksFileSchema, TasksFileSchema } from '../schemas.ts'
import { summarizeZodIssues } from '../summarizeZodIssues.ts'
import { touchParts } from './folderDatabase.ts'
import { prepared } from './preparedStatement.ts'
import { putNotebook } from './sqliteNotebooks.ts'
import { keepChange, putRow } from './sqliteRecords.ts'
import { firstCell, inTransaction } from './sqliteTransaction.ts'

/** Where the imported record files are moved: kept, never deleted. */
export const recordsImportedFolder = '.records-imported'

/** How recent an import is taken for one still moving its files (the race of two first opens). */
const justImportedMs = 60_000

const { tasks: TASKS, memory: MEMORY, notebooks: NOTEBOOKS } = workspaceLayout
const recordFiles = [TASKS, MEMORY, NOTEBOOKS] as const

/**
 * Imports the records an older folder kept as files (`tasks.json`, `memory.json`,
 * `notebooks.json`, `changes/*.json`) into the folder's database, once, in one synced
 * transaction (a `workspace_imports` row says it was done), then moves the files into
 * `.records-imported/<time>/`. What cannot be read is named, imported in no part, and moved aside
 * with the rest. A record file found after the import (put back by hand or by a sync tool) is not
 * read: the records live in the database; it is moved aside and named. Files that hold no record
 * at all (the empty layout a new folder is made with) are removed instead, silently: there is
 * nothing in them to keep, and a new folder should not greet its person with an import. Returns
 * one line per thing done or found.
 */
export function importFolderRecords(db: Database.Database, root: string, at: Date): string[] {
  const present = recordFiles.filter((file) => existsSync(join(root, file)))
  const changeFiles = listChangeFiles(root)
  if (present.length === 0 && changeFiles === undefined) return []
  const found: string[] = []
  const stamp = at.toISOString().replace(/[:.]/g, '-')
  const aside = join(recordsImportedFolder, stamp)
  let empty = false
  let late = false
  // The folder of an import another process committed a moment ago (see `justImportedMs`).
  let importer: string | undefined
  inTransaction(db, true, () => {
    if (firstCell(db, 'SELECT count(*) FROM workspace_imports') !== 0) {
      late = true
      const [importedAt, movedTo] = prepared(
        db,
        'SELECT imported_at, moved_to FROM workspace_imports ORDER BY rowid DESC LIMIT 1',
      )
        .raw(true)
        .get() as [string, string]
      if (at.getTime() - Date.parse(importedAt) < justImportedMs) importer = movedTo
      return { commit: false, value: undefined }
    }
    const read = <S extends z.ZodType>(file: string, schema: S): z.output<S> | undefined => {
      if (!present.includes(file as (typeof recordFiles)[number])) return undefined
      const parsed = parseFile(join(root, file), schema)
      if (typeof parsed === 'string') found.push(`${file}: ${parsed}; nothing of it imported`)
      return typeof parsed === 'string' ? undefined : parsed
    }
    const tasks = read(TASKS, TasksFileSchema)?.tasks ?? []
    for (const [i, task] of tasks.entries()) putRow(db, 'task', task.id, task, String(i + 1))
    const entries = read(MEMORY, MemoryFileSchema)?.entries ?? []
    for (const [i, entry] of entries.entries()) putRow(db, 'memory', entry.id, entry, String(i + 1))
    const notebooks = read(NOTEBOOKS, NotebooksFileSchema)?.notebooks ?? []
    for (const notebook of notebooks) putNotebook(db, notebook)
    let kept = 0
    for (const name of changeFiles ?? []) {
      const parsed = parseFile(join(root, CHANGES_DIR, name), KeptChangeSchema)
      if (typeof parsed === 'string') {
        found.push(`${CHANGES_DIR}/${name}: ${parsed}; not imported (that change cannot be undone)`)
        continue
      }
      keepChange(db, withRowPlaces(parsed))
      kept += 1
    }
    touchParts(db, ['tasks', 'memory', 'notebooks'])
    prepared(
      db,
      'INSERT INTO workspace_imports (imported_at, moved_to, tasks, memory, notebooks, changes) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(at.toISOString(), aside, tasks.length, entries.length, notebooks.length, kept)
    empty = found.length === 0 && tasks.length + entries.length + notebooks.length + kept === 0
    if (empty) return { commit: true, value: undefined }
    found.push(
      `imported the workspace's records (${countOf(tasks.length, 'task')}, ${countOf(entries.length, 'memory entry', 'memory entries')}, ${countOf(notebooks.length, 'notebook')}, ${countOf(kept, 'kept change')}) into studypulse.db; the files are kept in ${aside}/`,
    )
    return { commit: true, value: undefined }
  })
  // Another process opening the folder at the same moment may import, move or remove these
  // files first (it took the write lock first): a file already gone is theirs to have moved.
  if (empty) {
    for (const file of present) ifThere(() => unlinkSync(join(root, file)))
    // A `changes/` folder with anything in it that is not a kept change stays as it is.
    const changes = join(root, CHANGES_DIR)
    if (changeFiles !== undefined) ifThere(() => rmdirSync(changes))
    return []
  }
  // Moved only once the import committed (or was done before); a crash before the move moves
  // them on the next open, which finds the import done.
  const names = [...present, ...(changeFiles === undefined ? [] : [CHANGES_DIR])]
  const movedLate: string[] = []
  const theirs = importer
  for (const name of names) {
    // A file of an import another process committed a moment ago, not moved by it yet: it goes
    // where that process moves it. Never over a file already there: that one is a later file.
    if (theirs !== undefined && !existsSync(join(root, theirs, name))) {
      mkdirSync(join(root, theirs), { recursive: true })
      if (ifThere(() => renameSync(join(root, name), join(root, theirs, name)))) continue
      if (!existsSync(join(root, name))) continue
    }
    mkdirSync(join(root, aside), { recursive: true })
    if (ifThere(() => renameSync(join(root, name), join(root, aside, name)))) movedLate.push(name)
  }
  if (late && movedLate.length > 0) {
    const listed = movedLate.map((name) => (name === CHANGES_DIR ? `${CHANGES_DIR}/` : name))
    found.push(
      `${listed.join(', ')}: found after the records moved into studypulse.db, not read (npm run export writes a readable copy); moved to ${aside}/`,
    )
  }
  return found
}

// Runs a file operation; false when its file is gone already (ENOENT), or a folder to remove is
// not empty (ENOTEMPTY: it holds something that is not ours to remove).
function ifThere(operation: () => void): boolean {
  try {
    operation()
    return true
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT' || code === 'ENOTEMPTY' || code === 'EEXIST') return false
    throw error
  }
}

/** The kept changes' file names, or undefined when there is no `changes/` folder. */
function listChangeFiles(root: string): string[] | undefined {
  if (!existsSync(join(root, CHANGES_DIR))) return undefined
  return readdirSync(join(root, CHANGES_DIR))
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
}

/** The file's JSON read through `schema`, or why it cannot be. */
function parseFile<S extends z.ZodType>(path: string, schema: S): z.output<S> | string {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''))
  } catch (error) {
    return `it is not readable JSON (${error instanceof Error ? error.message : String(error)})`
  }
  const parsed = schema.safeParse(json)
  return parsed.success
    ? parsed.data
    : `it does not match the expected format (${summarizeZodIssues(parsed.error)})`
}

// A folder kept a record's place as its index in its list; a row's place is its position, and the
// import numbers a list 1, 2, 3…: index i comes back just before the record now at position i + 1.
function withRowPlaces(change: KeptChange): KeptChange {
  return {
    ...change,
    records: change.records.map((record) =>
      record.place === undefined || record.kind === 'note'
        ? record
        : { ...record, place: String(Number(record.place) + 0.5) },
    ),
  }
}
