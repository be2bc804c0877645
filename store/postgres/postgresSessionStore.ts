import type pg from 'pg'
import { parseStoredSession, type SessionStore, type StoredSession } from '../SessionStore.ts'

/**
 * Sessions in `studypulse.sessions` (migration "browser sessions"): one row per session, the
 * whole `StoredSession` as jsonb read back through its schema, expiry and person as columns for
 * the sweep and the sign-out of a person.
 */
export function postgresSessionStore(pool: pg.Pool): SessionStore {
  return {
    async create(session) {
      await pool.query(
        `INSERT INTO studypulse.sessions (key, person_id, session, expires_at, refreshable)
         VALUES ($1, $2, $3, to_timestamp($4 / 1000.0), $5)`,
        [
          session.key,
          session.person.id,
          JSON.stringify(session),
          session.expiresAt,
          session.refreshToken !== undefined,
        ],
      )
    },
    async read(key) {
      const { rows } = await pool.query<{ session: unknown }>(
        'SELECT session FROM studypulse.sessions WHERE key = $1',
        [key],
      )
      return rows[0] === undefined ? undefined : parseStoredSession(rows[0].session)
    },
    async refresh(key, change) {
      // One statement: a sign-out on another node meanwhile leaves nothing to extend.
      const patch: Partial<StoredSession> = {
        expiresAt: change.expiresAt,
        ...(change.groups !== undefined && { groups: change.groups }),
        ...(change.refreshToken !== undefined && { refreshToken: change.refreshToken }),
      }
      const { rowCount } = await pool.query(
        `UPDATE studypulse.sessions
         SET session = session || $2::jsonb, expires_at = to_timestamp($3 / 1000.0),
             refreshable = refreshable OR $4
         WHERE key = $1`,
        [key, JSON.stringify(patch), change.expiresAt, change.refreshToken !== undefined],
      )
      return (rowCount ?? 0) > 0
    },
    async delete(key) {
      await pool.query('DELETE FROM studypulse.sessions WHERE key = $1', [key])
    },
    async deleteForPerson(personId) {
      const { rowCount } = await pool.query(
        'DELETE FROM studypulse.sessions WHERE person_id = $1',
        [personId],
      )
      return rowCount ?? 0
    },
    async sweep(now) {
      const { rowCount } = await pool.query(
        `DELETE FROM studypulse.sessions
         WHERE NOT refreshable AND expires_at < to_timestamp($1 / 1000.0)`,
        [now],
      )
      return rowCount ?? 0
    },
  }
}
