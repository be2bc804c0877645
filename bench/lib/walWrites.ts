import { existsSync, openSync, readSync } from 'node:fs'
import Database from 'libsql'

/** What one commit on the folder's connection wrote. */
export interface CommitWrites {
  /** WAL frames (pages) the commit appended: the WAL index's `mxFrame` before BEGIN and after COMMIT. */
  frames: number
  /** Statements run inside the transaction (prepared ones and `exec`s, BEGIN and COMMIT left out). */
  statements: number
}

/** Counts what every write transaction of this process's libsql connections writes to the WAL. */
export interface WalWrites {
  /** The commits since the last take, in order (emptied). */
  take(): CommitWrites[]
  /** The bytes one WAL frame takes (page size + 24-byte frame header). */
  frameBytes(): number
}

/**
 * Wraps libsql's `exec` and statements (in this process only: the checkpoint thread's connection
 * is not counted, its copying is the checkpoint's) to read the WAL index's frame count (`mxFrame`,
 * offset 16 of `<file>-shm`, native byte order) at each BEGIN and COMMIT of a write transaction.
 * A commit that restarted the WAL (after a complete checkpoint) counts the frames it wrote from 0.
 */
export function countWalWrites(databaseFile: () => string | undefined): WalWrites {
  const commits: CommitWrites[] = []
  let fd: number | undefined
  let before = 0
  let statements = 0
  let open = false
  let pageSize = 4096
  const buffer = Buffer.alloc(8)
  // The WAL index header: szPage (u16) at 14, mxFrame (u32) at 16.
  const mxFrame = () => {
    if (fd === undefined) {
      const file = databaseFile()
      if (file === undefined || !existsSync(`${file}-shm`)) return 0
      fd = openSync(`${file}-shm`, 'r')
    }
    readSync(fd, buffer, 0, 8, 12)
    const size = buffer.readUInt16LE(2)
    if (size !== 0) pageSize = size === 1 ? 65_536 : size
    return buffer.readUInt32LE(4)
  }
  const proto = Database.prototype as unknown as {
    exec(sql: string): unknown
    prepare(sql: string): object
  }
  const exec = proto.exec
  proto.exec = function (this: unknown, sql: string) {
    if (/^\s*BEGIN/i.test(sql)) {
      before = mxFrame()
      statements = 0
      open = true
      return exec.call(this, sql)
    }
    const result = exec.call(this, sql)
    if (/^\s*COMMIT/i.test(sql)) {
      const after = mxFrame()
      commits.push({ frames: after >= before ? after - before : after, statements })
      open = false
    } else if (/^\s*ROLLBACK\s*$/i.test(sql)) open = false
    else if (open) statements += 1
    return result
  }
  // Every statement object shares one prototype: wrapped once, through a throwaway connection.
  const probe = new Database(':memory:')
  const statementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >
  probe.close()
  for (const name of ['run', 'get', 'all', 'iterate'] as const) {
    const original = statementProto[name] as (...args: unknown[]) => unknown
    statementProto[name] = function (this: unknown, ...args: unknown[]) {
      if (open) statements += 1
      return original.apply(this, args)
    }
  }
  return { take: () => commits.splice(0), frameBytes: () => pageSize + 24 }
}

/** Per-run figures from each run's commits: means, and each commit's by its place in the run. */
export function summarizeWrites(perRun: readonly CommitWrites[][], frameBytes: number) {
  const mean = (values: readonly number[]) =>
    values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length
  const round = (value: number) => Math.round(value * 100) / 100
  const all = perRun.flat()
  const places = Math.max(0, ...perRun.map((commits) => commits.length))
  const byPlace = (pick: (c: CommitWrites) => number) =>
    Array.from({ length: places }, (_, i) =>
      round(
        mean(perRun.flatMap((commits) => (commits[i] === undefined ? [] : [pick(commits[i])]))),
      ),
    )
  const frames = perRun.map((commits) => commits.reduce((n, c) => n + c.frames, 0))
  return {
    countedRuns: perRun.length,
    commitsPerRun: round(mean(perRun.map((commits) => commits.length))),
    walFramesPerRun: round(mean(frames)),
    walBytesPerRun: Math.round(mean(frames) * frameBytes),
    statementsPerCommit: round(mean(all.map((c) => c.statements))),
    walFramesByCommit: byPlace((c) => c.frames),
    statementsByCommit: byPlace((c) => c.statements),
  }
}
