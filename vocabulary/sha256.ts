import { sha256 } from '@noble/hashes/sha2.js'

const encoder = new TextEncoder()
const hexes = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

type NodeCrypto = {
  createHash(algorithm: 'sha256'): {
    update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string }
  }
}
// Node's own hash when the platform has one (three times faster on a card's few dozen bytes);
// a browser tab, which offers only an asynchronous WebCrypto, gets the pure one. Both give the
// same digest: the tests compare them on random text.
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined

/**
 * The SHA-256 of `text` (encoded as UTF-8, lone surrogates as U+FFFD) in lowercase hex, pure and
 * synchronous, so the digest works the same in Node and in a browser tab.
 */
export function sha256Hex(text: string): string {
  if (nodeCrypto !== undefined)
    return nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex')
  return pureSha256Hex(text)
}

/** `sha256Hex` by the audited `@noble/hashes` alone, as a browser computes it. */
export function pureSha256Hex(text: string): string {
  const bytes = sha256(encoder.encode(text))
  // Joined, not concatenated: a string built with `+=` stays a rope of 32 pieces in V8, and a
  // digest is kept with every waiting card.
  const parts = new Array<string>(bytes.length)
  for (let i = 0; i < bytes.length; i++) parts[i] = hexes[bytes[i] as number] as string
  return parts.join('')
}
