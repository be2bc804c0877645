import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'

const encoder = new TextEncoder()

/**
 * The SHA-256 of `text` (encoded as UTF-8, lone surrogates as U+FFFD, as node:crypto does) in
 * lowercase hex, by the audited `@noble/hashes`: pure and synchronous, so the digest works the same
 * in Node and in a browser tab, where WebCrypto only offers an asynchronous one.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(encoder.encode(text)))
}
