import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import type Database from 'libsql'
import { countOf } from '../../vocabulary/countOf.ts'
import {
  type FolderRun,
  folderStoreEntries,
  hasFolderStore,
  readFolderStore,
} from './readFolderStore.ts'
import { listRun } from './runListInRuns.ts'
import { runLogKind, runNumber } from './runLogMigration.ts'
import { appendToRun } from './runLogRange.ts'
import { firstCell, inTransaction } from './sqliteTransaction.ts'

/** Where the imported folder store's files are moved: kept, never deleted. */
export const importedFolderName = '.folder-store-imported'

/**
 * Imports what the older folder store left in `root` (runs with their snapshots, events,
 * messages, journal and end; the run list; audit lines as their exact text, so the chain still
 * verifies; the kept rules) in one durable transaction, once, then moves the old files into
 * `.folder-store-imported/`. What is damaged is named and left out (a run whose snapshot cannot be
 * read, a line that is not a record): its file goes aside with the rest, never deleted. Returns
 * one line per thing it did or could not read.
 *
 * Whether the import is still owed is recorded in the database (a `folder_imports` row), not read
 * from whether the file existed: a start that failed after creating the file imports on the next
 * one. A database made where there was no folder store records that nothing was owed, so a
 * `policies.json` written by hand later is never taken for one. A second process opening the file
 * at the same time waits for the first's transaction and skips.
 */
export function importFolderStore(db: Database.Database, root: string, fresh: boolean): string[] {
  const found: string[] = []
  let keepRulesFile = false
  const outcome = inTransaction(db, true, (): { commit: boolean; value: ImportOutcome } => {
    const movedTo = firstCell(db, 'SELECT moved_to FROM folder_imports LIMIT 1') as
      | string
      | undefined
    if (movedTo !== undefined) return { commit: false, value: movedTo === '' ? 'none' : 'done' }
    // An older database has no record: its folder store is one the store's files show (a
    // policies.json alone may be the person's own).
    if (!hasFolderStore(root, { rulesCount: fresh })) {
      if (fresh) recordImport(db, '', 0, 0, 0)
      return { commit: fresh, value: 'none' }
    }
    const store = readFolderStore(root)
    keepRulesFile = store.rulesUnreadable
    found.push(...store.problems)
    // In the list's order (a run's number is its place in the list), the unlisted after.
    const place = new Map(store.listed.map((r, i) => [r.runId, i]))
    const inOrder = [...store.runs].sort(
      (a, b) => (place.get(a.runId) ?? place.size) - (place.get(b.runId) ?? place.size),
    )
    for (const run of inOrder) insertRun(db, run)
    const imported = new Set(store.runs.map((run) => run.runId))
    for (const r of store.listed) if (imported.has(r.runId)) listRun(db, r.runId, r)
    const audit = db.prepare('INSERT INTO audit (run_id, line) VALUES (?, ?)')
    for (const line of store.auditLines) audit.run(runIdOf(line), line)
    const rule = db.prepare('INSERT INTO policies (position, rule) VALUES (?, ?)')
    for (const [i, r] of store.rules.entries()) rule.run(i + 1, JSON.stringify(r))
    recordImport(
      db,
      importedFolderName,
      store.runs.length,
      store.auditLines.length,
      store.rules.length,
    )
    found.push(
      `imported the folder store (${countOf(store.runs.length, 'run')}, ${countOf(store.auditLines.length, 'audit line')}, ${countOf(store.rules.length, 'rule')}) into the database; its files are kept in ${importedFolderName}/`,
    )
    return { commit: true, value: 'imported' }
  })
  // Moved only after the import committed; a crash before the move moves them on the next open
  // (the store's own files only: a policies.json there now may be the person's).
  if (outcome === 'imported') moveAside(root, folderStoreEntries, keepRulesFile)
  if (outcome === 'done' && hasFolderStore(root, { rulesCount: false }))
    moveAside(root, ['runs', 'audit.jsonl'], true)
  return found
}

type ImportOutcome = 'imported' | 'done' | 'none'

function recordImport(
  db: Database.Database,
  movedTo: string,
  runs: number,
  auditLines: number,
  rules: number,
): void {
  db.prepare(
    'INSERT INTO folder_imports (imported_at, moved_to, runs, audit_lines, rules) VALUES (?, ?, ?, ?, ?)',
  ).run(new Date().toISOString(), movedTo, runs, auditLines, rules)
}

function insertRun(db: Database.Database, run: FolderRun): void {
  const { snapshot } = run
  db.prepare(
    // Updated in place, never replaced: the run keeps its number, and its log rows with it.
    `INSERT INTO runs (run_id, snapshot, value, last_seq, message_count, status)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (run_id) DO UPDATE SET snapshot = excluded.snapshot, value = excluded.value,
         last_seq = excluded.last_seq, message_count = excluded.message_count,
         status = excluded.status`,
  ).run(
    run.runId,
    run.snapshotText ?? null,
    snapshot?.value ?? null,
    snapshot?.lastSeq ?? 0,
    snapshot?.messageCount ?? null,
    run.ended ? 'ended' : 'open',
  )
  // Into a fresh database, each run once: its rows appended to its range of the log.
  const add = db.prepare(appendToRun)
  const row = (kind: number, key: number | null, body: string) =>
    add.run({ run: runNumber(db, run.runId), runId: run.runId, kind, key, body })
  // An event appended twice under one seq (a retried append) is kept once, the later text.
  const bySeq = new Map(run.events.map((e) => [e.seq, e.text]))
  for (const [seq, text] of [...bySeq].sort(([a], [b]) => a - b)) row(runLogKind.event, seq, text)
  for (const [i, text] of run.messages.entries()) row(runLogKind.message, i, text)
  for (const text of run.journal) row(runLogKind.journal, null, text)
}

function runIdOf(line: string): string {
  try {
    const { runId } = JSON.parse(line) as { runId?: unknown }
    return typeof runId === 'string' ? runId : ''
  } catch {
    return ''
  }
}

// An unreadable policies.json stays in place: the app then names it corrupt and saves no
// "always" rule until a person repairs or moves it (they may be the person's rules).
function moveAside(root: string, names: readonly string[], keepRulesFile: boolean): void {
  const target = join(root, importedFolderName)
  mkdirSync(target, { recursive: true })
  for (const name of names) {
    if (name === 'policies.json' && keepRulesFile) continue
    const from = join(root, name)
    if (!existsSync(from)) continue
    // A name already aside (an import's files moved before) gets a numbered sibling: nothing is overwritten.
    let to = join(target, name)
    for (let n = 2; existsSync(to); n++) to = join(target, `${name}.${n}`)
    renameSync(from, to)
  }
}
