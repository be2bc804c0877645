import { canonicalJson } from './canonicalJson.ts'
import { sha256Hex } from './sha256.ts'

/** A stable hash of a tool name and its validated arguments: equal calls, equal digests. */
export function callDigest(name: string, args: unknown): string {
  return sha256Hex(`${name}\n${canonicalJson(args)}`)
}
