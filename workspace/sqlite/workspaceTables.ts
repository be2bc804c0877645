import type Database from 'libsql'

// A task or a memory entry is one row: its record as JSON text (validated on the way in and out
// by the same schemas as every workspace), its place in its list (a number: a record that comes
// back by an undo takes the place it had), and its kind. Notebooks keep their order by rowid. A
// kept change is its JSON, as `changes/<id>.json` held it. Notes and sources stay files. Each
// part's `version` moves with every write to it, so another process polling the database tells
// its listeners which part changed (SQLite notifies no one).
const records = `
CREATE TABLE workspace_records (
  kind text NOT NULL CHECK (kind IN ('task', 'memory')),
  id text NOT NULL,
  position real NOT NULL,
  record text NOT NULL,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;
CREATE INDEX workspace_records_order ON workspace_records (kind, position);
CREATE TABLE workspace_notebooks (
  position integer PRIMARY KEY AUTOINCREMENT,
  id text NOT NULL UNIQUE,
  notebook text NOT NULL
);
CREATE TABLE workspace_changes (
  change_id text PRIMARY KEY,
  change text NOT NULL
) WITHOUT ROWID;
CREATE TABLE workspace_parts (
  part text PRIMARY KEY CHECK (part IN ('tasks', 'memory', 'notebooks')),
  version integer NOT NULL
) WITHOUT ROWID;
CREATE TABLE workspace_imports (
  imported_at text NOT NULL,
  moved_to text NOT NULL,
  tasks integer NOT NULL,
  memory integer NOT NULL,
  notebooks integer NOT NULL,
  changes integer NOT NULL
);
`

const steps = [
  { version: 1, name: 'tasks, memory, notebooks, kept changes, imports', sql: records },
]

/**
 * Brings the workspace's tables in the folder's database to the newest version: each step and
 * its row in `workspace_schema_version` commit together under SQLite's write lock, so two
 * processes opening one folder apply it once. (The run store's tables have their own steps.)
 */
export function migrateWorkspaceTables(db: Database.Database): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS workspace_schema_version (version integer PRIMARY KEY, name text NOT NULL)',
  )
  for (const step of steps) {
    db.exec('BEGIN IMMEDIATE')
    try {
      const done = db
        .prepare('SELECT 1 FROM workspace_schema_version WHERE version = ?')
        .get(step.version)
      if (done === undefined) {
        db.exec(step.sql)
        db.prepare('INSERT INTO workspace_schema_version (version, name) VALUES (?, ?)').run(
          step.version,
          step.name,
        )
      }
      db.exec('COMMIT')
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
  }
}
