import { sha256 } from '@noble/hashes/sha2.js'

const encoder = new TextEncoder()
const hexes = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/**
 * The SHA-256 of `text` (encoded as UTF-8, lone surrogates as U+FFFD, as node:crypto does) in
 * lowercase hex, by the audited `@noble/hashes`: pure and synchronous, so the digest works the same
 * in Node and in a browser tab, where WebCrypto only offers an asynchronous one.
 */
export function sha256Hex(text: string): string {
  const bytes = sha256(encoder.encode(text))
  // Joined, not concatenated: a string built with `+=` stays a rope of 32 pieces in V8, and a
  // digest is kept with every waiting card.
  const parts = new Array<string>(bytes.length)
  for (let i = 0; i < bytes.length; i++) parts[i] = hexes[bytes[i] as number] as string
  return parts.join('')
}
