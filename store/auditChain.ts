import { sha256Hex } from '../vocabulary/sha256.ts'
import type { AuditRecord } from './AuditRecord.ts'

/**
 * The audit log's hash chain (format version 2), the same in `audit.jsonl` and in PostgreSQL's
 * `studypulse.audit` (whose `commit_run` builds the same text). A chained line is
 *
 *   {"version":2,"prev":"<hash of the line before>",<the record's fields>,"hash":"<its hash>"}
 *
 * where `hash` is the SHA-256 (hex) of the line's text up to its last field, closed with `}` —
 * the "body" — and `prev` is the `hash` of the line before it. A line written before the chain
 * (no `version`) counts by the SHA-256 of its whole text; the first line of a log has 64 zeros
 * for `prev`. Editing a line breaks its own hash; removing, adding or moving one breaks the next
 * line's `prev`. Lines cut from the end leave the chain whole: keep its head (printed by
 * `npm run audit -- --verify`) somewhere else to notice that.
 */
export const auditChainVersion = 2

/** The `prev` of a log's very first line. */
export const chainStart = '0'.repeat(64)

const tail = /,"hash":"([0-9a-f]{64})"\}$/

/** The link a line passes on: a chained line's own hash, or the hash of an older line's text. */
export function linkOf(line: string): string {
  const chained = tail.exec(line)
  return chained !== null && line.startsWith('{"version":2,')
    ? (chained[1] as string)
    : sha256Hex(line)
}

/** A record as read back, without the chain's fields. */
export function withoutChain(record: AuditRecord): AuditRecord {
  // `n` is the per-run chain's (format 3, see `runAuditChain.ts`).
  const { version: _v, prev: _p, hash: _h, n: _n, ...fields } = record
  return fields
}

/** The chained text of `records` after a line whose link is `prev`, and the link the last passes on. */
export function chainLines(
  prev: string,
  records: readonly AuditRecord[],
): { lines: string[]; last: string } {
  const lines: string[] = []
  let link = prev
  for (const record of records) {
    // The chain's own fields are the chain's: a record never brings its own.
    const fields = JSON.stringify(withoutChain(record))
    const body = `{"version":${auditChainVersion},"prev":"${link}",${fields.slice(1)}`
    link = sha256Hex(body)
    lines.push(`${body.slice(0, -1)},"hash":"${link}"}`)
  }
  return { lines, last: link }
}

/** What a check of the chain found. */
export interface ChainCheck {
  /** Lines read. */
  lines: number
  /** Lines written before the chain (an older app): accepted, not protected. */
  beforeChain: number
  /** The link of the last line: note it elsewhere to notice lines cut from the end. */
  head: string
  /** The first line (1-based) that does not fit, and why; absent when the chain is whole. */
  broken?: { line: number; reason: string }
}

/** Checks a log's lines (their exact text, oldest first) against the chain. */
export function verifyAuditChain(lines: readonly string[]): ChainCheck {
  let link = chainStart
  let beforeChain = 0
  let chained = false
  for (const [index, line] of lines.entries()) {
    const n = index + 1
    const broken = (reason: string): ChainCheck => ({
      lines: lines.length,
      beforeChain,
      head: link,
      broken: { line: n, reason },
    })
    let record: unknown
    try {
      record = JSON.parse(line)
    } catch {
      return broken(`line ${n} is not a JSON record`)
    }
    if (record === null || typeof record !== 'object' || Array.isArray(record))
      return broken(`line ${n} is not a JSON record`)
    const { version, prev } = record as { version?: unknown; prev?: unknown }
    if (version === undefined) {
      // An older app's line is accepted before the chain, never inside it.
      if (chained) return broken(`line ${n} has no place in the chain (no version, no hash)`)
      beforeChain++
      link = sha256Hex(line)
      continue
    }
    if (version !== auditChainVersion) return broken(`line ${n} has unknown version ${version}`)
    chained = true
    const own = tail.exec(line)
    if (own === null || !line.startsWith(`{"version":${auditChainVersion},"prev":"`))
      return broken(`line ${n} is not in the chain's format`)
    const body = `${line.slice(0, own.index)}}`
    if (sha256Hex(body) !== own[1]) return broken(`line ${n} was changed after it was written`)
    if (prev !== link) {
      return broken(
        n === 1
          ? 'line 1 does not start the log: lines before it were removed'
          : `line ${n} does not follow line ${n - 1}: a line was removed, added or moved here`,
      )
    }
    link = own[1] as string
  }
  return { lines: lines.length, beforeChain, head: link }
}
