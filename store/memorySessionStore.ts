import { parseStoredSession, type SessionStore, type StoredSession } from './SessionStore.ts'

/**
 * Sessions in memory: pass the same `data` to the stores of several in-process nodes to share
 * them (as the memory run store shares runs). Copies go in and out, so no caller edits another's.
 */
export function memorySessionStore(data: Map<string, StoredSession> = new Map()): SessionStore {
  return {
    async create(session) {
      data.set(session.key, structuredClone(session))
    },
    async read(key) {
      const found = data.get(key)
      return found === undefined ? undefined : parseStoredSession(structuredClone(found))
    },
    async refresh(key, change) {
      const found = data.get(key)
      if (found === undefined) return false
      data.set(key, {
        ...found,
        expiresAt: change.expiresAt,
        ...(change.groups !== undefined && { groups: [...change.groups] }),
        ...(change.refreshToken !== undefined && { refreshToken: change.refreshToken }),
      })
      return true
    },
    async delete(key) {
      data.delete(key)
    },
    async deleteForPerson(personId) {
      let ended = 0
      for (const [key, session] of data)
        if (session.person.id === personId) {
          data.delete(key)
          ended++
        }
      return ended
    },
    async sweep(now) {
      let dropped = 0
      for (const [key, session] of data)
        if (session.expiresAt < now && session.refreshToken === undefined) {
          data.delete(key)
          dropped++
        }
      return dropped
    },
  }
}
