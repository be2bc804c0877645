import type pg from 'pg'
import { type PasskeyStore, parsePasskeyCeremony, parseStoredPasskey } from '../PasskeyStore.ts'

/**
 * Passkeys in `studypulse.passkeys` and ceremonies in `studypulse.passkey_ceremonies` (migration
 * "passkeys and their ceremonies"): the whole record as jsonb read back through its schema, the
 * columns what statements select on. Revoking, the counter and taking a ceremony are each one
 * statement, so two nodes never both take one ceremony or both move one counter.
 */
export function postgresPasskeyStore(pool: pg.Pool): PasskeyStore {
  const changed = async (sql: string, params: unknown[]) =>
    ((await pool.query(sql, params)).rowCount ?? 0) > 0
  return {
    add: (passkey) =>
      changed(
        `INSERT INTO studypulse.passkeys
           (credential_id, person_id, passkey, counter, created_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING`,
        [
          passkey.credentialId,
          passkey.personId,
          JSON.stringify(passkey),
          passkey.counter,
          passkey.createdAt,
          passkey.revokedAt ?? null,
        ],
      ),
    async get(credentialId) {
      const { rows } = await pool.query<{ passkey: unknown }>(
        'SELECT passkey FROM studypulse.passkeys WHERE credential_id = $1',
        [credentialId],
      )
      return rows[0] === undefined ? undefined : parseStoredPasskey(rows[0].passkey)
    },
    async list(personId) {
      const { rows } = await pool.query<{ passkey: unknown }>(
        `SELECT passkey FROM studypulse.passkeys WHERE person_id = $1
         ORDER BY created_at, credential_id`,
        [personId],
      )
      return rows.flatMap((row) => parseStoredPasskey(row.passkey) ?? [])
    },
    revoke: (personId, credentialId, at) =>
      changed(
        `UPDATE studypulse.passkeys
         SET revoked_at = $3, passkey = passkey || jsonb_build_object('revokedAt', $3::bigint)
         WHERE credential_id = $1 AND person_id = $2 AND revoked_at IS NULL`,
        [credentialId, personId, at],
      ),
    advanceCounter: (credentialId, counter) =>
      changed(
        `UPDATE studypulse.passkeys
         SET counter = $2, passkey = passkey || jsonb_build_object('counter', $2::bigint)
         WHERE credential_id = $1 AND revoked_at IS NULL
           AND (counter < $2 OR (counter = 0 AND $2 = 0))`,
        [credentialId, counter],
      ),
    async startCeremony(ceremony) {
      await pool.query(
        `INSERT INTO studypulse.passkey_ceremonies (nonce, ceremony, expires_at)
         VALUES ($1, $2, $3)`,
        [ceremony.nonce, JSON.stringify(ceremony), ceremony.expiresAt],
      )
    },
    async takeCeremony(nonce) {
      const { rows } = await pool.query<{ ceremony: unknown }>(
        'DELETE FROM studypulse.passkey_ceremonies WHERE nonce = $1 RETURNING ceremony',
        [nonce],
      )
      return rows[0] === undefined ? undefined : parsePasskeyCeremony(rows[0].ceremony)
    },
    sweep: async (now) =>
      (await pool.query('DELETE FROM studypulse.passkey_ceremonies WHERE expires_at < $1', [now]))
        .rowCount ?? 0,
  }
}
