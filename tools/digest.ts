import { sha256Hex } from '../vocabulary/sha256.ts'
import { canonicalJson } from './canonicalJson.ts'

/**
 * A stable hash of a tool name, its contract (when it has one) and its validated arguments: equal
 * calls, equal digests. Without a contract the digest is what it always was.
 */
export function callDigest(name: string, args: unknown, contract?: string): string {
  const parts = contract === undefined ? [name] : [name, contract]
  return sha256Hex(`${parts.join('\n')}\n${canonicalJson(args)}`)
}
