import { createHash } from 'node:crypto'
import { canonicalJson } from './canonicalJson.ts'

/**
 * A stable hash of a tool name, its contract (when it has one) and its validated arguments: equal
 * calls, equal digests. Without a contract the digest is what it always was.
 */
export function callDigest(name: string, args: unknown, contract?: string): string {
  const hash = createHash('sha256').update(name).update('\n')
  if (contract !== undefined) hash.update(contract).update('\n')
  return hash.update(canonicalJson(args)).digest('hex')
}
