import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import type Database from 'libsql'
import { countOf } from '../../vocabulary/countOf.ts'
import { parseStoredRunSnapshot } from '../storedRunSnapshot.ts'
import {
  type FolderRun,
  folderStoreEntries,
  hasFolderStore,
  readFolderStore,
} from './readFolderStore.ts'
import { firstCell, inTransaction } from './sqliteTransaction.ts'

/** Where the imported folder store's files are moved: kept, never deleted. */
export const importedFolderName = '.folder-store-imported'

/**
 * Imports what the older folder store left in `root` (runs with their snapshots, events,
 * messages, journal and end; the run list; audit lines as their exact text, so the chain still
 * verifies; the kept rules) in one durable transaction, once (a `folder_imports` row says it was
 * done, so a second process opening the file at the same time waits and skips), then moves the
 * old files into `.folder-store-imported/`. Returns one line per thing it did or could not read.
 */
export function importFolderStore(db: Database.Database, root: string): string[] {
  if (!hasFolderStore(root)) return []
  const found: string[] = []
  let keepRulesFile = false
  const done = inTransaction(db, true, () => {
    if (firstCell(db, 'SELECT count(*) FROM folder_imports') !== 0)
      return { commit: false, value: true }
    const store = readFolderStore(root)
    keepRulesFile = store.rulesUnreadable
    found.push(...store.problems)
    for (const run of store.runs) insertRun(db, run)
    const list = db.prepare(
      'INSERT OR IGNORE INTO run_list (run_id, started_at, title, person) VALUES (?, ?, ?, ?)',
    )
    for (const r of store.listed) list.run(r.runId, r.startedAt, r.title, r.owner ?? null)
    const audit = db.prepare('INSERT INTO audit (run_id, line) VALUES (?, ?)')
    for (const line of store.auditLines) audit.run(runIdOf(line), line)
    const rule = db.prepare('INSERT INTO policies (position, rule) VALUES (?, ?)')
    for (const [i, r] of store.rules.entries()) rule.run(i + 1, JSON.stringify(r))
    db.prepare(
      'INSERT INTO folder_imports (imported_at, moved_to, runs, audit_lines, rules) VALUES (?, ?, ?, ?, ?)',
    ).run(
      new Date().toISOString(),
      importedFolderName,
      store.runs.length,
      store.auditLines.length,
      store.rules.length,
    )
    found.push(
      `imported the folder store (${countOf(store.runs.length, 'run')}, ${countOf(store.auditLines.length, 'audit line')}, ${countOf(store.rules.length, 'rule')}) into the database; its files are kept in ${importedFolderName}/`,
    )
    return { commit: true, value: true }
  })
  // Moved only after the import committed; a crash before the move moves them on the next open.
  if (done) moveAside(root, keepRulesFile)
  return found
}

function insertRun(db: Database.Database, run: FolderRun): void {
  const parsed =
    run.snapshotText === undefined
      ? undefined
      : parseStoredRunSnapshot(JSON.parse(run.snapshotText), run.runId)
  const snapshot = typeof parsed === 'object' ? parsed.snapshot : undefined
  db.prepare(
    'INSERT OR REPLACE INTO runs (run_id, snapshot, value, last_seq, message_count, status) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    run.runId,
    run.snapshotText ?? null,
    snapshot?.value ?? null,
    snapshot?.lastSeq ?? 0,
    snapshot?.messageCount ?? null,
    run.ended ? 'ended' : 'open',
  )
  const event = db.prepare(
    'INSERT OR REPLACE INTO run_events (run_id, seq, event) VALUES (?, ?, ?)',
  )
  for (const e of run.events) event.run(run.runId, e.seq, e.text)
  const message = db.prepare(
    'INSERT INTO run_messages (run_id, position, message) VALUES (?, ?, ?)',
  )
  for (const [i, text] of run.messages.entries()) message.run(run.runId, i, text)
  const record = db.prepare('INSERT INTO run_journal (run_id, record) VALUES (?, ?)')
  for (const text of run.journal) record.run(run.runId, text)
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
function moveAside(root: string, keepRulesFile: boolean): void {
  const target = join(root, importedFolderName)
  mkdirSync(target, { recursive: true })
  for (const name of folderStoreEntries) {
    if (name === 'policies.json' && keepRulesFile) continue
    const from = join(root, name)
    if (!existsSync(from)) continue
    // A name already aside (an import's files moved before) gets a numbered sibling: nothing is overwritten.
    let to = join(target, name)
    for (let n = 2; existsSync(to); n++) to = join(target, `${name}.${n}`)
    renameSync(from, to)
  }
}
