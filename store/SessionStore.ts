import { z } from 'zod'

/**
 * A signed-in person's browser session as the store keeps it. `key` is a digest of the cookie's
 * random id (never the id itself, so a copy of the table opens no browser), `refreshToken` the
 * issuer's refresh token sealed by the app (AES-256-GCM) or absent. Times are epoch ms.
 */
export interface StoredSession {
  version: 1
  key: string
  person: { id: string; name?: string }
  groups: string[]
  /** The per-session token every state-changing request with the cookie must carry (CSRF). */
  csrfToken: string
  createdAt: number
  /** When the issuer's sign-in stops being good (the ID token's or access token's expiry). */
  expiresAt: number
  /** The refresh token, sealed; absent when the issuer gave none. */
  refreshToken?: string
}

/** What a refresh of a session changes: a new expiry and maybe a new (sealed) refresh token. */
export interface SessionRefresh {
  expiresAt: number
  groups?: string[]
  refreshToken?: string
}

/**
 * Where browser sessions live, shared by every node of the app (so a sign-out on one ends the
 * session on all): an optional capability of a `RunStore` (`RunStore.sessions`).
 */
export interface SessionStore {
  /** Keeps a new session. */
  create(session: StoredSession): Promise<void>
  /** The session kept under `key`, or undefined (never kept, deleted, or unreadable). */
  read(key: string): Promise<StoredSession | undefined>
  /** Extends a session after the issuer refreshed it; false when it no longer exists. */
  refresh(key: string, change: SessionRefresh): Promise<boolean>
  /** Ends one session (sign-out). */
  delete(key: string): Promise<void>
  /** Ends every session of a person (sign-out everywhere); returns how many ended. */
  deleteForPerson(personId: string): Promise<number>
  /** Drops sessions that expired before `now` and cannot be refreshed; returns how many. */
  sweep(now: number): Promise<number>
}

const storedSessionSchema = z.object({
  version: z.literal(1),
  key: z.string().min(1),
  person: z.object({ id: z.string().min(1), name: z.string().optional() }),
  groups: z.array(z.string()),
  csrfToken: z.string().min(16),
  createdAt: z.number(),
  expiresAt: z.number(),
  refreshToken: z.string().optional(),
})

/** A stored session read back through its schema; undefined for anything else (never trusted). */
export function parseStoredSession(raw: unknown): StoredSession | undefined {
  const parsed = storedSessionSchema.safeParse(raw)
  if (!parsed.success) return undefined
  const { person, refreshToken, ...rest } = parsed.data
  return {
    ...rest,
    person: { id: person.id, ...(person.name !== undefined && { name: person.name }) },
    ...(refreshToken !== undefined && { refreshToken }),
  }
}
