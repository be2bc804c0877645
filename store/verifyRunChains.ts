import { verifyAuditChain } from './auditChain.ts'
import { type AuditCheckpoint, firstCheckpointPrev, parseCheckpoint } from './auditCheckpoint.ts'
import { isRunChainLine, parseRunLine, type RunChainHead } from './runAuditChain.ts'

/** A kind of damage verify names. */
export type AuditProblemCode =
  | 'not_a_record'
  | 'line_changed'
  | 'line_deleted'
  | 'line_inserted'
  | 'lines_reordered'
  | 'run_deleted'
  | 'tail_cut'
  | 'checkpoint_broken'
  | 'older_log_broken'

/** One thing found wrong, and where. */
export interface AuditProblem {
  code: AuditProblemCode
  reason: string
  runId?: string
  /** The line's index in its run. */
  n?: number
  /** The line's place in the log as read (1-based). */
  line?: number
}

/** What is read to verify: the log's lines in the order stored, its checkpoints, and heads stated elsewhere. */
export interface RunChainsInput {
  lines: readonly string[]
  checkpoints: readonly string[]
  /** Each run's head as the store also keeps it (a run row), named `where` in problems. */
  heads?: ReadonlyMap<string, RunChainHead>
  where?: string
}

/** What a verify found. */
export interface RunChainsCheck {
  lines: number
  runs: number
  checkpoints: number
  /** Lines from before the per-run chains (the older, single-chain log). */
  beforeRunChains: number
  /** Lines no checkpoint names yet: a cut back to the last checkpoint cannot be seen among them. */
  afterLastCheckpoint: number
  problems: AuditProblem[]
}

interface RunLine {
  n: number
  prev: string
  hash: string
  line: number
}

/** Checks the per-run chains, the older log before them and the checkpoints over them. */
export function verifyRunChains(input: RunChainsInput): RunChainsCheck {
  const problems: AuditProblem[] = []
  const older: string[] = []
  const runs = new Map<string, RunLine[]>()
  for (const [index, text] of input.lines.entries()) {
    const line = index + 1
    if (!isRunChainLine(text)) {
      if (runs.size > 0)
        problems.push({
          code: 'line_inserted',
          line,
          reason: `line ${line} is not in the per-run format but comes after per-run lines: it was added`,
        })
      else older.push(text)
      continue
    }
    const parsed = parseRunLine(text)
    if (!parsed.ok) {
      problems.push({ code: 'not_a_record', line, reason: `line ${line} ${parsed.reason}` })
      continue
    }
    const { runId, n } = parsed
    if (!parsed.whole)
      problems.push({
        code: 'line_changed',
        runId,
        n,
        line,
        reason: `line ${line} (run ${runId}, #${n}) was changed after it was written`,
      })
    const list = runs.get(runId) ?? []
    list.push({ n, prev: parsed.prev, hash: parsed.hash, line })
    runs.set(runId, list)
  }
  const olderCheck = verifyAuditChain(older)
  if (olderCheck.broken !== undefined)
    problems.push({
      code: 'older_log_broken',
      reason: `the older log: ${olderCheck.broken.reason}`,
    })
  for (const [runId, list] of runs) problems.push(...checkRun(runId, list))
  const checkpoints = readCheckpoints(input.checkpoints, problems)
  const covered = new Map<string, number>()
  for (const checkpoint of checkpoints) {
    for (const [runId, head] of Object.entries(checkpoint.heads)) {
      covered.set(runId, Math.max(covered.get(runId) ?? 0, head.n))
      problems.push(...checkHead(runId, head, runs.get(runId), `checkpoint ${checkpoint.seq}`))
    }
    // A broken older log is named once, above; its head then says nothing more.
    if (checkpoint.legacy !== undefined && olderCheck.broken === undefined) {
      const { lines, head } = checkpoint.legacy
      if (lines !== olderCheck.lines || head !== olderCheck.head)
        problems.push({
          code: 'tail_cut',
          reason: `checkpoint ${checkpoint.seq} saw ${lines} line(s) before the per-run chains ending on ${head}; the log has ${olderCheck.lines} ending on ${olderCheck.head}`,
        })
    }
  }
  for (const [runId, head] of input.heads ?? [])
    problems.push(...checkHead(runId, head, runs.get(runId), input.where ?? 'the store'))
  let afterLastCheckpoint = 0
  for (const [runId, list] of runs)
    afterLastCheckpoint += list.filter((l) => l.n > (covered.get(runId) ?? 0)).length
  return {
    lines: input.lines.length,
    runs: runs.size,
    checkpoints: checkpoints.length,
    beforeRunChains: older.length,
    afterLastCheckpoint,
    problems,
  }
}

// A run's lines, in the order stored: numbered 1, 2, 3… each naming the one before.
function checkRun(runId: string, list: readonly RunLine[]): AuditProblem[] {
  const problems: AuditProblem[] = []
  const at = (n: number, line: number, code: AuditProblemCode, reason: string) =>
    problems.push({ code, runId, n, line, reason: `run ${runId}: ${reason}` })
  const byN = new Map<number, RunLine>()
  for (const item of list) {
    if (byN.has(item.n))
      at(
        item.n,
        item.line,
        'line_inserted',
        `#${item.n} appears twice (line ${item.line} was added)`,
      )
    else byN.set(item.n, item)
  }
  const last = Math.max(...byN.keys())
  for (let n = 1; n <= last; n++)
    if (!byN.has(n)) at(n, 0, 'line_deleted', `line #${n} is missing: it was deleted`)
  for (let i = 1; i < list.length; i++) {
    const [before, after] = [list[i - 1] as RunLine, list[i] as RunLine]
    if (after.n < before.n)
      at(
        after.n,
        after.line,
        'lines_reordered',
        `#${after.n} is stored after #${before.n}: lines were moved`,
      )
  }
  for (const [n, item] of byN) {
    const expected = n === 1 ? firstCheckpointPrev : byN.get(n - 1)?.hash
    if (expected !== undefined && item.prev !== expected)
      at(
        n,
        item.line,
        'line_inserted',
        `#${n} does not follow #${n - 1}: a line was replaced or put in the chain here`,
      )
  }
  return problems
}

// A head stated elsewhere (a checkpoint, the run's row) against what the run's lines say.
function checkHead(
  runId: string,
  head: RunChainHead,
  list: readonly RunLine[] | undefined,
  where: string,
): AuditProblem[] {
  if (head.n === 0) return []
  if (list === undefined || list.length === 0)
    return [
      {
        code: 'run_deleted',
        runId,
        reason: `run ${runId}: ${where} saw ${head.n} line(s), the log has none: the run's lines were deleted`,
      },
    ]
  const last = Math.max(...list.map((l) => l.n))
  if (last < head.n)
    return [
      {
        code: 'tail_cut',
        runId,
        n: head.n,
        reason: `run ${runId}: ${where} saw line #${head.n}, the log ends at #${last}: lines were cut from its end`,
      },
    ]
  const line = list.find((l) => l.n === head.n)
  if (line !== undefined && line.hash !== head.hash)
    return [
      {
        code: 'line_changed',
        runId,
        n: head.n,
        line: line.line,
        reason: `run ${runId}: line #${head.n} is not the one ${where} saw: it was rewritten`,
      },
    ]
  return []
}

// The checkpoints, each whole and naming the one before.
function readCheckpoints(texts: readonly string[], problems: AuditProblem[]): AuditCheckpoint[] {
  const read: AuditCheckpoint[] = []
  let prev = firstCheckpointPrev
  for (const [index, text] of texts.entries()) {
    const checkpoint = parseCheckpoint(text)
    const broken = (reason: string) =>
      problems.push({ code: 'checkpoint_broken', reason: `checkpoint ${index + 1} ${reason}` })
    if (typeof checkpoint === 'string') {
      broken(checkpoint)
      continue
    }
    const follows = checkpoint.seq === index + 1 && checkpoint.prev === prev
    prev = checkpoint.hash
    // A changed checkpoint's heads are not to be trusted, so nothing is checked against them.
    if (!checkpoint.whole) broken('was changed after it was written')
    else if (!follows)
      broken('does not follow the checkpoint before it: one was removed, added or moved')
    if (checkpoint.whole) read.push(checkpoint)
  }
  return read
}
