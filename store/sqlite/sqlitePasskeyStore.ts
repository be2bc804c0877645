import type Database from 'libsql'
import {
  type PasskeyStore,
  parsePasskeyCeremony,
  parseStoredPasskey,
  type StoredPasskey,
} from '../PasskeyStore.ts'
import { prepared } from './preparedStatement.ts'
import { inTransaction } from './sqliteTransaction.ts'

/**
 * Schema step 6 (step 5 is the append-only run log on main): the passkeys of signed-in people
 * and the ceremonies waiting for an answer, as PostgreSQL's `studypulse.passkeys` and
 * `studypulse.passkey_ceremonies` keep them. The whole record is JSON text read back through its
 * schema; the columns are what statements select on.
 */
export const passkeysMigration = {
  version: 6,
  name: 'passkeys and their ceremonies',
  sql: `
CREATE TABLE passkeys (
  credential_id text PRIMARY KEY,
  person_id text NOT NULL,
  passkey text NOT NULL,
  counter integer NOT NULL,
  created_at integer NOT NULL,
  revoked_at integer
) WITHOUT ROWID;
CREATE INDEX passkeys_person ON passkeys (person_id, created_at);
CREATE TABLE passkey_ceremonies (
  nonce text PRIMARY KEY,
  ceremony text NOT NULL,
  expires_at integer NOT NULL
) WITHOUT ROWID;
`,
}

const parsed = (text: unknown): StoredPasskey | undefined => {
  if (typeof text !== 'string') return undefined
  try {
    return parseStoredPasskey(JSON.parse(text))
  } catch {
    return undefined
  }
}

/**
 * Passkeys in the folder's database, shared by every process on it. Each change is one
 * statement in a durable write transaction: a revoked key must stay revoked after a power cut,
 * and a taken ceremony (`DELETE … RETURNING`) must never be taken twice.
 */
export function sqlitePasskeyStore(db: Database.Database): PasskeyStore {
  const write = (sql: string, ...params: unknown[]): number =>
    inTransaction(db, true, () => ({
      commit: true,
      value: Number(prepared(db, sql).run(...params).changes),
    }))
  return {
    add: async (passkey) =>
      write(
        `INSERT INTO passkeys (credential_id, person_id, passkey, counter, created_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING`,
        passkey.credentialId,
        passkey.personId,
        JSON.stringify(passkey),
        passkey.counter,
        passkey.createdAt,
        passkey.revokedAt ?? null,
      ) > 0,
    async get(credentialId) {
      const row = prepared(db, 'SELECT passkey FROM passkeys WHERE credential_id = ?').get(
        credentialId,
      ) as { passkey?: unknown } | undefined
      return parsed(row?.passkey)
    },
    async list(personId) {
      const rows = prepared(
        db,
        'SELECT passkey FROM passkeys WHERE person_id = ? ORDER BY created_at, credential_id',
      ).all(personId) as { passkey: unknown }[]
      return rows.flatMap((row) => parsed(row.passkey) ?? [])
    },
    revoke: async (personId, credentialId, at) =>
      write(
        `UPDATE passkeys SET revoked_at = ?, passkey = json_set(passkey, '$.revokedAt', ?)
         WHERE credential_id = ? AND person_id = ? AND revoked_at IS NULL`,
        at,
        at,
        credentialId,
        personId,
      ) > 0,
    advanceCounter: async (credentialId, counter) =>
      write(
        `UPDATE passkeys SET counter = ?, passkey = json_set(passkey, '$.counter', ?)
         WHERE credential_id = ? AND revoked_at IS NULL
           AND (counter < ? OR (counter = 0 AND ? = 0))`,
        counter,
        counter,
        credentialId,
        counter,
        counter,
      ) > 0,
    async startCeremony(ceremony) {
      write(
        'INSERT INTO passkey_ceremonies (nonce, ceremony, expires_at) VALUES (?, ?, ?)',
        ceremony.nonce,
        JSON.stringify(ceremony),
        ceremony.expiresAt,
      )
    },
    async takeCeremony(nonce) {
      const row = inTransaction(db, true, () => ({
        commit: true,
        value: prepared(
          db,
          'DELETE FROM passkey_ceremonies WHERE nonce = ? RETURNING ceremony',
        ).get(nonce) as { ceremony?: unknown } | undefined,
      }))
      if (typeof row?.ceremony !== 'string') return undefined
      try {
        return parsePasskeyCeremony(JSON.parse(row.ceremony))
      } catch {
        return undefined
      }
    },
    sweep: async (now) => write('DELETE FROM passkey_ceremonies WHERE expires_at < ?', now),
  }
}
