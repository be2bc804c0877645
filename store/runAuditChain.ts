import { sha256Hex } from '../vocabulary/sha256.ts'
import type { AuditRecord } from './AuditRecord.ts'
import { chainStart, withoutChain } from './auditChain.ts'

/**
 * The audit log's hash chain per run (format version 3), dialect-free: PostgreSQL's `commit_run`
 * (migration 12) builds the same text, and an embedded store can use these functions as they are.
 * A line is
 *
 *   {"version":3,"runId":"<run>","n":<its index in the run, from 1>,"prev":"<the run's previous
 *   line's hash, or 64 zeros>",<the record's other fields>,"hash":"<SHA-256 of the line up to here, closed>"}
 *
 * One chain per run: a run has one leased owner, so appending needs no lock beyond the run's own
 * row, and commits of different runs never wait for each other. What ties the runs together is a
 * checkpoint, written every few seconds by whichever node takes a try-lock (see
 * `auditCheckpoint.ts`): the heads `{runId: [n, hash]}` that moved since the previous checkpoint,
 * chained to it. Editing a line breaks its hash; removing, adding or moving one breaks its run's
 * `n` and `prev`; removing a run's last lines, or a whole run, is seen when a checkpoint names a
 * head past what is left. Lines added after the last checkpoint, and lines cut back to it, cannot
 * be told from a log that was never longer.
 */
export const runAuditChainVersion = 3

const tail = /,"hash":"([0-9a-f]{64})"\}$/

/** A run's chain head: how many lines it has and the last one's hash (64 zeros before any). */
export interface RunChainHead {
  n: number
  hash: string
}

/** The head of a run with no audit lines yet. */
export const emptyHead: RunChainHead = { n: 0, hash: chainStart }

/** The record's own fields as chained text: no chain fields, and no `runId` (the chain's own). */
export function chainFieldsOf(record: AuditRecord): string {
  const { runId: _r, ...fields } = withoutChain(record)
  return JSON.stringify(fields)
}

/** The chained lines of `records` of run `runId` after its head `after`, and the new head. */
export function chainRunLines(
  runId: string,
  after: RunChainHead,
  records: readonly AuditRecord[],
): { lines: string[]; head: RunChainHead } {
  const lines: string[] = []
  let { n, hash } = after
  for (const record of records) {
    n++
    const fields = chainFieldsOf(record)
    const rest = fields === '{}' ? '}' : `,${fields.slice(1)}`
    const body = `{"version":${runAuditChainVersion},"runId":${JSON.stringify(runId)},"n":${n},"prev":"${hash}"${rest}`
    hash = sha256Hex(body)
    lines.push(`${body.slice(0, -1)},"hash":"${hash}"}`)
  }
  return { lines, head: { n, hash } }
}

/** A per-run line's chain fields as read back, or why it is not one. */
export type ParsedRunLine =
  | { ok: true; runId: string; n: number; prev: string; hash: string; whole: boolean }
  | { ok: false; reason: string }

/** Reads a version 3 line's chain fields and checks its own hash (`whole`). */
export function parseRunLine(line: string): ParsedRunLine {
  let record: unknown
  try {
    record = JSON.parse(line)
  } catch {
    return { ok: false, reason: 'is not a JSON record' }
  }
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    return { ok: false, reason: 'is not a JSON record' }
  const { version, runId, n, prev } = record as Record<string, unknown>
  const own = tail.exec(line)
  if (
    version !== runAuditChainVersion ||
    typeof runId !== 'string' ||
    typeof n !== 'number' ||
    !Number.isInteger(n) ||
    n < 1 ||
    typeof prev !== 'string' ||
    own === null ||
    !line.startsWith(`{"version":${runAuditChainVersion},"runId":`)
  )
    return { ok: false, reason: 'is not in the per-run chain format (version 3)' }
  const hash = own[1] as string
  return {
    ok: true,
    runId,
    n,
    prev,
    hash,
    whole: sha256Hex(`${line.slice(0, own.index)}}`) === hash,
  }
}

/** Whether a stored line belongs to a per-run chain (version 3), as opposed to the older log. */
export function isRunChainLine(line: string): boolean {
  return line.startsWith(`{"version":${runAuditChainVersion},`)
}
