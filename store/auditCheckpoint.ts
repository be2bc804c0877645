import { sha256Hex } from '../vocabulary/sha256.ts'
import { chainStart } from './auditChain.ts'
import type { RunChainHead } from './runAuditChain.ts'

/**
 * A checkpoint of the per-run audit chains (format version 1), dialect-free: PostgreSQL's
 * `studypulse.audit_checkpoint()` (migration 12) writes the same text. A checkpoint is
 *
 *   {"version":1,"seq":<k, from 1>,"prev":"<checkpoint k-1's hash, or 64 zeros>","at":<when>,
 *    "heads":{"<runId>":[<n>,"<hash of the run's line n>"],…},"legacy":[<lines>,"<head>"],"hash":"…"}
 *
 * `heads` holds the runs whose chain moved since checkpoint k-1 (sorted by run id); `legacy`,
 * only on the first checkpoint of a log that has lines from before the per-run chains, pins that
 * older log's length and head. Checkpoints chain to each other as a run's lines do, so one
 * changed, removed or moved checkpoint breaks the next one's `prev`.
 */
export const auditCheckpointVersion = 1

const tail = /,"hash":"([0-9a-f]{64})"\}$/

/** What a checkpoint says, read back. */
export interface AuditCheckpoint {
  seq: number
  prev: string
  at: string
  heads: Record<string, RunChainHead>
  legacy?: { lines: number; head: string }
  hash: string
  /** Whether its hash matches its text. */
  whole: boolean
}

/** The text of checkpoint `seq` after the one whose hash is `prev` (64 zeros for the first). */
export function buildCheckpoint(
  seq: number,
  prev: string,
  at: string,
  heads: ReadonlyMap<string, RunChainHead>,
  legacy?: { lines: number; head: string },
): string {
  const runs = [...heads.keys()].sort()
  const named = runs.map((runId) => {
    const head = heads.get(runId) as RunChainHead
    return `${JSON.stringify(runId)}:[${head.n},"${head.hash}"]`
  })
  const older = legacy === undefined ? '' : `,"legacy":[${legacy.lines},"${legacy.head}"]`
  const body = `{"version":${auditCheckpointVersion},"seq":${seq},"prev":"${prev}","at":${JSON.stringify(at)},"heads":{${named.join(',')}}${older}}`
  return `${body.slice(0, -1)},"hash":"${sha256Hex(body)}"}`
}

/** The `prev` of a log's first checkpoint. */
export const firstCheckpointPrev = chainStart

const isHead = (value: unknown): value is [number, string] =>
  Array.isArray(value) &&
  value.length === 2 &&
  Number.isInteger(value[0]) &&
  typeof value[1] === 'string'

/** Reads a checkpoint's text and checks its own hash; a string says why it is not one. */
export function parseCheckpoint(text: string): AuditCheckpoint | string {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return 'is not JSON'
  }
  const own = tail.exec(text)
  if (raw === null || typeof raw !== 'object' || own === null) return 'is not a checkpoint'
  const { version, seq, prev, at, heads, legacy } = raw as Record<string, unknown>
  if (
    version !== auditCheckpointVersion ||
    !Number.isInteger(seq) ||
    typeof prev !== 'string' ||
    typeof at !== 'string' ||
    heads === null ||
    typeof heads !== 'object' ||
    !Object.values(heads).every(isHead) ||
    (legacy !== undefined && !isHead(legacy))
  )
    return 'is not in the checkpoint format (version 1)'
  const hash = own[1] as string
  return {
    seq: seq as number,
    prev,
    at,
    heads: Object.fromEntries(
      Object.entries(heads as Record<string, [number, string]>).map(([runId, [n, h]]) => [
        runId,
        { n, hash: h },
      ]),
    ),
    ...(isHead(legacy) && { legacy: { lines: legacy[0], head: legacy[1] } }),
    hash,
    whole: sha256Hex(`${text.slice(0, own.index)}}`) === hash,
  }
}
