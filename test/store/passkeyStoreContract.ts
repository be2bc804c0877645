import { describe, expect, test } from 'vitest'
import type { PasskeyCeremony, PasskeyStore, StoredPasskey } from '../../store/PasskeyStore.ts'

/** What every `PasskeyStore` must do; `open` gives stores over one shared place (two nodes). */
export function passkeyStoreContract(
  name: string,
  open: () => Promise<{ a: PasskeyStore; b: PasskeyStore }>,
): void {
  const passkey = (credentialId: string, personId: string, createdAt = 1_000) =>
    ({
      version: 1,
      credentialId,
      personId,
      publicKey: `pk-${credentialId}`,
      counter: 0,
      transports: ['internal'],
      label: `Passkey ${credentialId}`,
      createdAt,
    }) satisfies StoredPasskey
  const ceremony = (nonce: string, expiresAt = 10_000): PasskeyCeremony => ({
    version: 1,
    nonce,
    personId: 'alice',
    kind: 'sign',
    challenge: `challenge-${nonce}-0123456789`,
    expiresAt,
    binding: {
      runId: 'run-1',
      confirmationId: 'card-1',
      digest: 'sha256:abc',
      decision: 'allow',
      deadline: '2026-12-06T08:00:00.000Z',
    },
  })

  describe(`${name}: the PasskeyStore contract`, () => {
    test('a passkey added on one node is read and listed on the other, once per credential', async () => {
      const { a, b } = await open()
      const kept = passkey('cred-read', 'alice')
      expect(await a.add(kept)).toBe(true)
      expect(await b.add({ ...kept, personId: 'mallory' })).toBe(false)
      expect(await b.get('cred-read')).toEqual(kept)
      expect(await b.get('cred-unknown')).toBeUndefined()
      await a.add(passkey('cred-read-2', 'alice', 2_000))
      await a.add(passkey('cred-bob', 'bob'))
      const listed = await b.list('alice')
      expect(listed.map((p) => p.credentialId)).toEqual(['cred-read', 'cred-read-2'])
    })

    test('a revoked passkey stays listed, revoked; only its own person revokes it, once', async () => {
      const { a, b } = await open()
      await a.add(passkey('cred-revoke', 'carol'))
      expect(await b.revoke('dave', 'cred-revoke', 5_000)).toBe(false)
      expect(await b.revoke('carol', 'cred-revoke', 5_000)).toBe(true)
      expect(await a.revoke('carol', 'cred-revoke', 6_000)).toBe(false)
      expect((await a.get('cred-revoke'))?.revokedAt).toBe(5_000)
      expect((await a.list('carol'))[0]?.revokedAt).toBe(5_000)
      expect(await a.advanceCounter('cred-revoke', 9)).toBe(false)
    })

    test('the counter only moves forward (a clone is caught), and stays 0 for keys without one', async () => {
      const { a, b } = await open()
      await a.add(passkey('cred-counter', 'erin'))
      expect(await b.advanceCounter('cred-counter', 0)).toBe(true)
      expect(await b.advanceCounter('cred-counter', 3)).toBe(true)
      expect(await a.advanceCounter('cred-counter', 3)).toBe(false)
      expect(await a.advanceCounter('cred-counter', 2)).toBe(false)
      expect(await a.advanceCounter('cred-counter', 0)).toBe(false)
      expect((await b.get('cred-counter'))?.counter).toBe(3)
      expect(await a.advanceCounter('cred-none', 1)).toBe(false)
    })

    test('a ceremony is taken once, by whichever node comes first', async () => {
      const { a, b } = await open()
      const kept = ceremony('nonce-once-0123456789')
      await a.startCeremony(kept)
      const [first, second] = await Promise.all([
        a.takeCeremony(kept.nonce),
        b.takeCeremony(kept.nonce),
      ])
      expect([first, second].filter((c) => c !== undefined)).toEqual([kept])
      expect(await a.takeCeremony(kept.nonce)).toBeUndefined()
    })

    test('the sweep drops expired ceremonies and keeps the rest', async () => {
      const { a, b } = await open()
      await a.startCeremony(ceremony('nonce-old-0123456789', 5))
      await a.startCeremony(ceremony('nonce-new-0123456789', 1e15))
      expect(await b.sweep(100)).toBeGreaterThanOrEqual(1)
      expect(await a.takeCeremony('nonce-old-0123456789')).toBeUndefined()
      expect(await a.takeCeremony('nonce-new-0123456789')).toBeDefined()
    })
  })
}
