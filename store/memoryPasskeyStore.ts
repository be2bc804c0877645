import {
  type PasskeyCeremony,
  type PasskeyStore,
  parsePasskeyCeremony,
  parseStoredPasskey,
  type StoredPasskey,
} from './PasskeyStore.ts'

/** What memory passkey stores share: pass the same to the stores of several in-process nodes. */
export interface MemoryPasskeyData {
  passkeys: Map<string, StoredPasskey>
  ceremonies: Map<string, PasskeyCeremony>
}

/**
 * Passkeys and ceremonies in memory, copies in and out (so no caller edits another's); the
 * reference the SQLite and PostgreSQL stores are held to by the contract suite.
 */
export function memoryPasskeyStore(
  data: MemoryPasskeyData = { passkeys: new Map(), ceremonies: new Map() },
): PasskeyStore {
  const { passkeys, ceremonies } = data
  return {
    async add(passkey) {
      if (passkeys.has(passkey.credentialId)) return false
      passkeys.set(passkey.credentialId, structuredClone(passkey))
      return true
    },
    async get(credentialId) {
      const found = passkeys.get(credentialId)
      return found === undefined ? undefined : parseStoredPasskey(structuredClone(found))
    },
    async list(personId) {
      return [...passkeys.values()]
        .filter((p) => p.personId === personId)
        .sort((a, b) => a.createdAt - b.createdAt)
        .flatMap((p) => parseStoredPasskey(structuredClone(p)) ?? [])
    },
    async revoke(personId, credentialId, at) {
      const found = passkeys.get(credentialId)
      if (found === undefined || found.personId !== personId || found.revokedAt !== undefined)
        return false
      passkeys.set(credentialId, { ...found, revokedAt: at })
      return true
    },
    async advanceCounter(credentialId, counter) {
      const found = passkeys.get(credentialId)
      if (found === undefined || found.revokedAt !== undefined) return false
      if (!(counter > found.counter || (counter === 0 && found.counter === 0))) return false
      passkeys.set(credentialId, { ...found, counter })
      return true
    },
    async startCeremony(ceremony) {
      ceremonies.set(ceremony.nonce, structuredClone(ceremony))
    },
    async takeCeremony(nonce) {
      const found = ceremonies.get(nonce)
      ceremonies.delete(nonce)
      return found === undefined ? undefined : parsePasskeyCeremony(found)
    },
    async sweep(now) {
      let dropped = 0
      for (const [nonce, ceremony] of ceremonies)
        if (ceremony.expiresAt < now) {
          ceremonies.delete(nonce)
          dropped++
        }
      return dropped
    },
  }
}
