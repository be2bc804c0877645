import type Database from 'libsql'
import type pg from 'pg'
import type { TrustedPasskey } from '../runtime/verifyAuditReceipts.ts'
import { parseStoredPasskey } from '../store/PasskeyStore.ts'

// The passkeys registered in the app's store, as `npm run audit -- --verify` trusts them to check
// the receipts: whose each one is and its public key, revoked ones included (what a key signed
// before it was revoked stays good).

/** The passkeys in a folder's SQLite file (none before schema step 6). */
export function sqlitePasskeys(db: Database.Database): Map<string, TrustedPasskey> {
  let rows: { passkey: unknown }[]
  try {
    rows = db.prepare('SELECT passkey FROM passkeys').all() as { passkey: unknown }[]
  } catch {
    return new Map()
  }
  return trusted(rows.map((r) => (typeof r.passkey === 'string' ? JSON.parse(r.passkey) : null)))
}

/** The passkeys in the database's `studypulse.passkeys` (none before its migration). */
export async function postgresPasskeys(
  pool: pg.Pool | pg.ClientBase,
): Promise<Map<string, TrustedPasskey>> {
  const found = await pool.query<{ t: string | null }>(
    "SELECT to_regclass('studypulse.passkeys')::text AS t",
  )
  if (found.rows[0]?.t == null) return new Map()
  const { rows } = await pool.query<{ passkey: unknown }>('SELECT passkey FROM studypulse.passkeys')
  return trusted(rows.map((r) => r.passkey))
}

function trusted(raws: readonly unknown[]): Map<string, TrustedPasskey> {
  const keys = new Map<string, TrustedPasskey>()
  for (const raw of raws) {
    const passkey = parseStoredPasskey(raw)
    if (passkey !== undefined)
      keys.set(passkey.credentialId, { personId: passkey.personId, publicKey: passkey.publicKey })
  }
  return keys
}
