import { describe, expect, test } from 'vitest'
import type { SessionStore, StoredSession } from '../../store/SessionStore.ts'

/** What every `SessionStore` must do; `open` gives stores over one shared place (two nodes). */
export function sessionStoreContract(
  name: string,
  open: () => Promise<{ a: SessionStore; b: SessionStore }>,
): void {
  const session = (key: string, personId: string, extra: Partial<StoredSession> = {}) =>
    ({
      version: 1,
      key,
      person: { id: personId, name: personId.toUpperCase() },
      groups: ['students'],
      csrfToken: `csrf-${key}-0123456789abcdef`,
      createdAt: 1_000,
      expiresAt: 10_000,
      ...extra,
    }) satisfies StoredSession

  describe(`${name}: the SessionStore contract`, () => {
    test('a session made on one node is read on the other, as it was kept', async () => {
      const { a, b } = await open()
      const kept = session('k-read', 'alice', { refreshToken: 'sealed' })
      await a.create(kept)
      expect(await b.read('k-read')).toEqual(kept)
      expect(await b.read('k-unknown')).toBeUndefined()
    })

    test('a refresh extends the session for every node; a deleted one is not brought back', async () => {
      const { a, b } = await open()
      await a.create(session('k-refresh', 'alice'))
      expect(await b.refresh('k-refresh', { expiresAt: 20_000, refreshToken: 'sealed-2' })).toBe(
        true,
      )
      const read = await a.read('k-refresh')
      expect(read?.expiresAt).toBe(20_000)
      expect(read?.refreshToken).toBe('sealed-2')
      await a.delete('k-refresh')
      expect(await b.refresh('k-refresh', { expiresAt: 30_000 })).toBe(false)
      expect(await b.read('k-refresh')).toBeUndefined()
    })

    test("signing a person out everywhere ends all of theirs and nobody else's", async () => {
      const { a, b } = await open()
      await a.create(session('k-bob-1', 'bob'))
      await b.create(session('k-bob-2', 'bob'))
      await a.create(session('k-carol', 'carol'))
      expect(await b.deleteForPerson('bob')).toBe(2)
      expect(await a.read('k-bob-1')).toBeUndefined()
      expect(await a.read('k-bob-2')).toBeUndefined()
      expect(await a.read('k-carol')).toBeDefined()
    })

    test('the sweep drops expired sessions that cannot be refreshed, and keeps the rest', async () => {
      const { a, b } = await open()
      await a.create(session('k-old', 'dave', { expiresAt: 5 }))
      await a.create(session('k-old-refreshable', 'dave', { expiresAt: 5, refreshToken: 'x' }))
      await a.create(session('k-new', 'dave', { expiresAt: 1e15 }))
      expect(await b.sweep(100)).toBeGreaterThanOrEqual(1)
      expect(await a.read('k-old')).toBeUndefined()
      expect(await a.read('k-old-refreshable')).toBeDefined()
      expect(await a.read('k-new')).toBeDefined()
    })
  })
}
