import type Database from 'libsql'
import { parseStoredSession, type SessionStore, type StoredSession } from '../SessionStore.ts'
import { prepared } from './preparedStatement.ts'
import { firstCell, inTransaction } from './sqliteTransaction.ts'

/**
 * Sessions in the `sessions` table (migration "browser sessions"), as PostgreSQL keeps them: one
 * row per session, the whole `StoredSession` as JSON text read back through its schema, expiry and
 * person as columns for the sweep and the sign-out of a person. Every process on the folder opens
 * the same file, so a sign-out in one ends the session in all.
 */
export function sqliteSessionStore(db: Database.Database): SessionStore {
  // One statement per call, in its own write transaction so its sync level is chosen here: a
  // sign-out must survive a power cut (else the cookie would open the app again); a lost sign-in,
  // refresh or sweep only asks the person to sign in again, or is swept again.
  const write = (durable: boolean, sql: string, ...params: unknown[]): number =>
    inTransaction(db, durable, () => ({
      commit: true,
      value: Number(prepared(db, sql).run(...params).changes),
    }))
  return {
    async create(session) {
      write(
        false,
        `INSERT INTO sessions (key, person_id, session, expires_at, refreshable)
         VALUES (?, ?, ?, ?, ?)`,
        session.key,
        session.person.id,
        JSON.stringify(session),
        session.expiresAt,
        session.refreshToken !== undefined ? 1 : 0,
      )
    },
    async read(key) {
      const text = firstCell(db, 'SELECT session FROM sessions WHERE key = ?', key)
      if (typeof text !== 'string') return undefined
      try {
        return parseStoredSession(JSON.parse(text))
      } catch {
        return undefined
      }
    },
    async refresh(key, change) {
      // One statement: a sign-out in another process meanwhile leaves nothing to extend.
      // `json_patch` merges the top-level fields as PostgreSQL's `jsonb ||` does (arrays replaced).
      const patch: Partial<StoredSession> = {
        expiresAt: change.expiresAt,
        ...(change.groups !== undefined && { groups: change.groups }),
        ...(change.refreshToken !== undefined && { refreshToken: change.refreshToken }),
      }
      const changed = write(
        false,
        `UPDATE sessions
         SET session = json_patch(session, ?), expires_at = ?, refreshable = max(refreshable, ?)
         WHERE key = ?`,
        JSON.stringify(patch),
        change.expiresAt,
        change.refreshToken !== undefined ? 1 : 0,
        key,
      )
      return changed > 0
    },
    async delete(key) {
      write(true, 'DELETE FROM sessions WHERE key = ?', key)
    },
    deleteForPerson: async (personId) =>
      write(true, 'DELETE FROM sessions WHERE person_id = ?', personId),
    sweep: async (now) =>
      write(false, 'DELETE FROM sessions WHERE refreshable = 0 AND expires_at < ?', now),
  }
}
