import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { afterAll, describe, expect, test } from 'vitest'
import { sessionCipher } from '../../app/server/auth/sessionCipher.ts'
import { refreshPurpose } from '../../app/server/auth/sessionTokens.ts'
import type { SessionStore, StoredSession } from '../../store/SessionStore.ts'
import {
  type SqliteRunStore,
  sqliteFileName,
  sqliteRunStore,
} from '../../store/sqlite/sqliteRunStore.ts'
import { sqliteMigrations } from '../../store/sqlite/sqliteSchema.ts'
import { sessionStoreContract } from './sessionStoreContract.ts'

const opened: SqliteRunStore[] = []
const folders: string[] = []
afterAll(async () => {
  for (const store of opened) await store.close()
  for (const folder of folders) await rm(folder, { recursive: true, force: true, maxRetries: 3 })
})

const folder = async () => {
  const root = await mkdtemp(join(tmpdir(), 'studypulse-sqlite-sessions-'))
  folders.push(root)
  return root
}
const open = (root: string) => {
  const store = sqliteRunStore(root)
  opened.push(store)
  return store
}
const sessionsOf = (store: SqliteRunStore): SessionStore => {
  if (store.sessions === undefined) throw new Error('the SQLite store keeps sessions')
  return store.sessions
}

// Two stores over one folder stand for two processes of the app sharing its database file.
sessionStoreContract('sqliteRunStore().sessions', async () => {
  const root = await folder()
  return { a: sessionsOf(open(root)), b: sessionsOf(open(root)) }
})

// A session as the app makes one: keyed by the HMAC of the cookie's id, its refresh token sealed.
const cipher = sessionCipher('a-test-secret-of-at-least-32-characters!')
const signIn = (cookieId: string, personId: string): StoredSession => ({
  version: 1,
  key: cipher.keyOf(cookieId),
  person: { id: personId },
  groups: ['students'],
  csrfToken: `csrf-${personId}-0123456789abcdef`,
  createdAt: 1_000,
  expiresAt: 10_000,
  refreshToken: cipher.seal(`plain-refresh-${cookieId}`, refreshPurpose),
})
const rows = (root: string) => {
  const db = new Database(join(root, sqliteFileName), { readonly: true })
  try {
    return db.prepare('SELECT * FROM sessions').all() as Record<string, unknown>[]
  } finally {
    db.close()
  }
}

describe('sqliteRunStore().sessions across processes on one folder', () => {
  test('a sign-out in one process ends the session in the other', async () => {
    const root = await folder()
    const [one, two] = [sessionsOf(open(root)), sessionsOf(open(root))]
    const kept = signIn('cookie-one', 'erin')
    await one.create(kept)
    expect(await two.read(kept.key)).toEqual(kept)
    await one.delete(kept.key)
    expect(await two.read(kept.key)).toBeUndefined()
    expect(await two.refresh(kept.key, { expiresAt: 99_000, refreshToken: 'sealed-again' })).toBe(
      false,
    )
    expect(rows(root)).toEqual([])
  })

  test('the file holds the digest of the cookie id and the sealed refresh token, never either in plain', async () => {
    const root = await folder()
    const kept = signIn('cookie-secret-id', 'frank')
    await sessionsOf(open(root)).create(kept)
    const [row] = rows(root)
    expect(row).toMatchObject({ key: kept.key, person_id: 'frank', expires_at: 10_000 })
    expect(row?.refreshable).toBe(1)
    const text = JSON.stringify(rows(root))
    expect(text).not.toContain('cookie-secret-id')
    expect(text).not.toContain('plain-refresh-')
    expect(text).toContain(kept.refreshToken)
  })

  test('a session that gains a refresh token by a refresh is no longer swept when it expires', async () => {
    const root = await folder()
    const [one, two] = [sessionsOf(open(root)), sessionsOf(open(root))]
    const { refreshToken: _none, ...plain } = signIn('cookie-gains', 'jo')
    await one.create(plain)
    expect(await two.refresh(plain.key, { expiresAt: 50, refreshToken: 'sealed-later' })).toBe(true)
    expect(await one.sweep(100)).toBe(0)
    expect((await one.read(plain.key))?.refreshToken).toBe('sealed-later')
  })

  test('sessions outlive a restart of the app on the folder', async () => {
    const root = await folder()
    const first = open(root)
    const kept = signIn('cookie-restart', 'gina')
    await sessionsOf(first).create(kept)
    await first.close()
    expect(await sessionsOf(open(root)).read(kept.key)).toEqual(kept)
  })

  test('an unreadable row reads as no session and is left for the sweep or a sign-out', async () => {
    const root = await folder()
    const sessions = sessionsOf(open(root))
    await sessions.create(signIn('cookie-bad', 'hana'))
    const db = new Database(join(root, sqliteFileName))
    db.prepare("UPDATE sessions SET session = '{not json'").run()
    db.close()
    expect(await sessions.read(cipher.keyOf('cookie-bad'))).toBeUndefined()
    expect(await sessions.deleteForPerson('hana')).toBe(1)
  })
})

test('a database made before sessions gains the table on open and keeps its runs', async () => {
  const root = await folder()
  const db = new Database(join(root, sqliteFileName))
  db.exec('CREATE TABLE schema_version (version integer PRIMARY KEY, name text NOT NULL)')
  for (const step of sqliteMigrations.filter((m) => m.version <= 2)) {
    db.exec(step.sql)
    db.prepare('INSERT INTO schema_version (version, name) VALUES (?, ?)').run(
      step.version,
      step.name,
    )
  }
  db.prepare("INSERT INTO runs (run_id, status) VALUES ('old-run', 'ended')").run()
  db.close()
  const store = open(root)
  const kept = signIn('cookie-upgraded', 'ivan')
  await sessionsOf(store).create(kept)
  expect(await sessionsOf(store).read(kept.key)).toEqual(kept)
  const check = new Database(join(root, sqliteFileName), { readonly: true })
  try {
    expect(
      check.prepare('SELECT version, name FROM schema_version ORDER BY version').all(),
    ).toEqual([
      { version: 1, name: sqliteMigrations[0]?.name },
      { version: 2, name: 'folder store imports' },
      { version: 3, name: 'browser sessions' },
      { version: 4, name: 'decisions relayed between processes on one folder' },
      { version: 5, name: sqliteMigrations[4]?.name },
      { version: 6, name: 'passkeys and their ceremonies' },
      { version: 7, name: sqliteMigrations[6]?.name },
    ])
    expect(check.prepare('SELECT run_id FROM runs').pluck(true).all()).toEqual(['old-run'])
  } finally {
    check.close()
  }
})
