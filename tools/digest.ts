import type { CallTarget } from '../vocabulary/CallDescription.ts'
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

/**
 * The digest a card is decided by: the call's digest, bound to the target the card showed (its
 * kind, id and version; `null` said it did not exist). A decision carrying it says which version
 * the person saw. A card that showed no target is decided by the call digest itself, so cards and
 * clients from before targets keep working.
 */
export function cardDigest(callDigest: string, target: CallTarget | undefined): string {
  if (target === undefined) return callDigest
  return sha256Hex(JSON.stringify(['card', callDigest, target.kind, target.id, target.version]))
}
