// Shared with the workspace's records, which commit on the same connection.
export { firstCell, inTransaction } from '../../workspace/sqlite/sqliteTransaction.ts'
