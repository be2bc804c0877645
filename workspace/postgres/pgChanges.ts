import type pg from 'pg'
import type { z } from 'zod'
import { type ChangeCommit, commitRefusal, withPlaces } from '../changes/ChangeCommit.ts'
import { type KeptChange, KeptChangeSchema } from '../changes/KeptChange.ts'
import type { RecordWrite } from '../changes/recordPatches.ts'
import { validWrites } from '../changes/validWrites.ts'
import { type Versioned, versioned } from '../recordVersion.ts'
import { ArtifactSchema, MemoryEntrySchema, TaskSchema } from '../schemas.ts'
import { summarizeZodIssues } from '../summarizeZodIssues.ts'
import { WorkspaceError } from '../WorkspaceError.ts'

type Db = pg.Pool | pg.PoolClient

/** Migration 13: a workspace's kept changes, one row each. */
export const workspaceChangesMigration = `
CREATE TABLE studypulse.workspace_changes (
  workspace_id text NOT NULL REFERENCES studypulse.workspaces (workspace_id),
  change_id text NOT NULL,
  change json NOT NULL,
  PRIMARY KEY (workspace_id, change_id)
);
`

// Where each kind of record is, and how a place (its position) is kept; notes have none.
const tables = {
  task: { table: 'tasks', column: 'task', key: 'id', schema: TaskSchema },
  memory: { table: 'memory', column: 'entry', key: "entry->>'id'", schema: MemoryEntrySchema },
  note: { table: 'artifacts', column: 'artifact', key: 'name', schema: ArtifactSchema },
} as const

/** The kept change `changeId` of workspace `workspaceId`; with `lock`, locked to the transaction's end. */
export async function readPgChange(
  db: Db,
  workspaceId: string,
  changeId: string,
  lock = false,
): Promise<KeptChange | undefined> {
  const { rows } = await db.query<{ change: unknown }>(
    `SELECT change FROM studypulse.workspace_changes WHERE workspace_id = $1 AND change_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [workspaceId, changeId],
  )
  return rows[0] === undefined
    ? undefined
    : valid(KeptChangeSchema, 'workspace_changes', rows[0].change)
}

/**
 * Commits `change` in the transaction `client` is in: the rows it touches and the change it
 * undoes are locked, checked, written, and the change kept, all in that one transaction.
 */
export async function commitPgChange(
  client: Db,
  workspaceId: string,
  change: KeptChange,
  writes: readonly RecordWrite[],
): Promise<ChangeCommit> {
  const undone =
    change.undoes === undefined
      ? undefined
      : await readPgChange(client, workspaceId, change.undoes, true)
  const found = []
  for (const write of writes) found.push(await lockedRow(client, workspaceId, write))
  const refused = commitRefusal(
    change,
    writes,
    found.map((row) => row?.current),
    undone,
  )
  if (refused !== undefined) return refused
  const places = new Map<string, string>()
  for (const [index, write] of validWrites(writes).entries()) {
    const place = found[index]?.place
    await writeRow(client, workspaceId, write, place)
    if (place !== undefined) places.set(`${write.kind}\u0000${write.id}`, place)
  }
  const kept = withPlaces(change, places)
  await client.query(
    'INSERT INTO studypulse.workspace_changes (workspace_id, change_id, change) VALUES ($1, $2, $3)',
    [workspaceId, kept.changeId, JSON.stringify(kept)],
  )
  if (undone !== undefined) {
    await client.query(
      'UPDATE studypulse.workspace_changes SET change = $3 WHERE workspace_id = $1 AND change_id = $2',
      [workspaceId, undone.changeId, JSON.stringify({ ...undone, undoneBy: kept.changeId })],
    )
  }
  return { ok: true, change: kept }
}

async function lockedRow(
  db: Db,
  workspaceId: string,
  write: RecordWrite,
): Promise<{ current: Versioned<unknown>; place?: string } | undefined> {
  const { table, column, key, schema } = tables[write.kind]
  const place = write.kind === 'note' ? 'NULL' : 'position::text'
  const { rows } = await db.query<{ value: unknown; place: string | null }>(
    `SELECT ${column} AS value, ${place} AS place FROM studypulse.${table}
     WHERE workspace_id = $1 AND ${key} = $2 LIMIT 1 FOR UPDATE`,
    [workspaceId, write.id],
  )
  const row = rows[0]
  if (row === undefined) return undefined
  const current = versioned(write.kind, valid(schema, table, row.value) as never)
  return row.place === null ? { current } : { current, place: row.place }
}

/** One write: replace the row, insert it (at its old position when it comes back), or delete it. */
async function writeRow(
  db: Db,
  workspaceId: string,
  write: RecordWrite,
  had: string | undefined,
): Promise<void> {
  const { table, column, key } = tables[write.kind]
  if (write.value === undefined) {
    await db.query(`DELETE FROM studypulse.${table} WHERE workspace_id = $1 AND ${key} = $2`, [
      workspaceId,
      write.id,
    ])
    return
  }
  const json = JSON.stringify(write.value)
  if (had !== undefined || (write.kind === 'note' && (await exists(db, workspaceId, write)))) {
    await db.query(
      `UPDATE studypulse.${table} SET ${column} = $3 WHERE workspace_id = $1 AND ${key} = $2`,
      [workspaceId, write.id, json],
    )
    return
  }
  await db.query(insertSql(write.kind, write.place !== undefined), [
    workspaceId,
    write.id,
    json,
    ...(write.kind !== 'note' && write.place !== undefined ? [write.place] : []),
  ])
}

/**
 * The insert of a row that is new, or comes back: at the position it had, which no other row
 * can have taken since (an identity is never reused). `$1` workspace, `$2` key, `$3` JSON, `$4` position.
 */
function insertSql(kind: RecordWrite['kind'], placed: boolean): string {
  if (kind === 'note') {
    return 'INSERT INTO studypulse.artifacts (workspace_id, name, artifact) VALUES ($1, $2, $3)'
  }
  // A memory row has no key column: the id is in its JSON ($2 only checks it is the one written).
  const [table, columns, values] =
    kind === 'task' ? ['tasks', 'id, task', '$2::text, $3::json'] : ['memory', 'entry', '$3::json']
  const check = kind === 'memory' ? ' WHERE $2::text IS NOT NULL' : ''
  return placed
    ? `INSERT INTO studypulse.${table} (workspace_id, position, ${columns}) OVERRIDING SYSTEM VALUE SELECT $1::text, $4::bigint, ${values}${check}`
    : `INSERT INTO studypulse.${table} (workspace_id, ${columns}) SELECT $1::text, ${values}${check}`
}

async function exists(db: Db, workspaceId: string, write: RecordWrite): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM studypulse.artifacts WHERE workspace_id = $1 AND name = $2',
    [workspaceId, write.id],
  )
  return rowCount === 1
}

function valid<S extends z.ZodType>(schema: S, table: string, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    throw new WorkspaceError(
      'corrupt_file',
      `a row of studypulse.${table} is invalid: ${summarizeZodIssues(parsed.error)}`,
      `studypulse.${table}`,
    )
  }
  return parsed.data
}
