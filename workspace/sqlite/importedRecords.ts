import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { folderDatabase, folderDatabaseFile } from './folderDatabase.ts'
import { SqliteWorkspace, type SqliteWorkspaceOptions } from './SqliteWorkspace.ts'
import { firstCell } from './sqliteTransaction.ts'

// Per workspace object: each keeps its own clock and ids.
const known = new WeakMap<SqliteWorkspaceOptions, SqliteWorkspace>()

/**
 * The records of the folder at `root` as rows of its database, if they moved there (a
 * `workspace_imports` row: `SqliteWorkspace.open` imported the folder's files), else undefined:
 * a `Workspace` then reads and writes its files as before. Remembered once true (they never move
 * back); looked up again while false, as another process may move them.
 */
export function importedRecords(
  root: string,
  options: SqliteWorkspaceOptions,
): SqliteWorkspace | undefined {
  const found = known.get(options)
  if (found !== undefined) return found
  if (!existsSync(join(root, folderDatabaseFile))) return undefined
  const db = folderDatabase(root)
  if (firstCell(db, 'SELECT count(*) FROM workspace_imports') === 0) return undefined
  const records = SqliteWorkspace.open(root, options)
  known.set(options, records)
  return records
}

/**
 * What opening the records of `options` (a `Workspace`) found and did (`SqliteWorkspace.found`:
 * a record file put back after the import, named and moved aside), once `importedRecords` opened
 * them; none before. The first open of an app run happens inside whatever reads first, so its
 * caller asks here to report it.
 */
export function foundOnOpen(options: SqliteWorkspaceOptions): readonly string[] {
  return known.get(options)?.found ?? []
}
