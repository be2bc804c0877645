import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Seals small secrets the app keeps out of reach of whoever reads the store or the browser's
 * cookies: the issuer's refresh token at rest and the sign-in transaction cookie. AES-256-GCM
 * with a key derived (HKDF-SHA256) from the session secret every node shares; `purpose` binds a
 * sealed text to what it was sealed for, so one kind cannot be passed off as another.
 */
export interface SessionCipher {
  seal(plain: string, purpose: string): string
  /** The plain text, or undefined when `sealed` was not made by this secret for `purpose`. */
  open(sealed: string, purpose: string): string | undefined
  /** An HMAC of a session id under the secret: the store's key, never the id itself. */
  keyOf(sessionId: string): string
}

/** A cipher over `secret` (at least 32 characters: `STUDYPULSE_SESSION_SECRET`). */
export function sessionCipher(secret: string): SessionCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'studypulse', 'session cipher', 32))
  const macKey = Buffer.from(hkdfSync('sha256', secret, 'studypulse', 'session keys', 32))
  return {
    seal(plain, purpose) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(purpose))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(sealed, purpose) {
      const raw = Buffer.from(sealed, 'base64url')
      if (raw.length < 29) return undefined
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
        decipher.setAAD(Buffer.from(purpose))
        decipher.setAuthTag(raw.subarray(12, 28))
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
      } catch {
        return undefined
      }
    },
    keyOf(sessionId) {
      return createHmac('sha256', macKey).update(sessionId).digest('base64url')
    },
  }
}
