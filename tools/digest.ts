import { sha256Hex } from '../vocabulary/sha256.ts'
import { canonicalJson } from './canonicalJson.ts'

/**
 * A stable hash of a tool name, its contract (when it has one) and its validated arguments: equal
 * calls, equal digests. Without a contract the digest is what it always was.
 */
export function callDigest(name: string, args: unknown, contract?: string): string {
  return digestOfCanonical(name, canonicalJson(args), contract)
}

/** `callDigest` of arguments already in canonical JSON (`canonicalJson(args)`). */
export function digestOfCanonical(name: string, argumentsJson: string, contract?: string): string {
  const head = contract === undefined ? name : `${name}\n${contract}`
  return sha256Hex(`${head}\n${argumentsJson}`)
}
