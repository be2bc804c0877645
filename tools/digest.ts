import { createHash } from 'node:crypto'
import { canonicalJson } from './canonicalJson.ts'

/** A stable hash of a tool name and its validated arguments: equal calls, equal digests. */
export function callDigest(name: string, args: unknown): string {
  return createHash('sha256').update(name).update('\n').update(canonicalJson(args)).digest('hex')
}
