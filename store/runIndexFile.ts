import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { isWellFormedId } from '../vocabulary/ids.ts'
import { writeFileAtomic } from '../workspace/atomicWrite.ts'
import { errnoCode } from '../workspace/errnoCode.ts'
import { pathExists } from '../workspace/pathExists.ts'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'
import { withWorkspaceLock } from '../workspace/withWorkspaceLock.ts'
import type { RunFiles } from './RunFiles.ts'
import {
  type RunListPage,
  type RunStart,
  type RunSummary,
  readCursor,
  titleOfMessages,
} from './RunListing.ts'
import { RunStoreError } from './RunStoreError.ts'
import { parseStoredRunSnapshot } from './storedRunSnapshot.ts'

/** One line of `runs/index.jsonl`: a run as it started. */
const IndexLineSchema = z.strictObject({
  version: z.literal(1),
  runId: z.string().refine(isWellFormedId),
  startedAt: z.string(),
  title: z.string(),
  owner: z.string().optional(),
})

/** One started run as the index keeps it. */
export type IndexedRun = RunStart & { runId: string }

const newline = 0x0a
const firstChunk = 64 * 1024

/**
 * The folder store's run list: `runs/index.jsonl`, one line per started run, appended with the
 * run's first save and read from the end, so a page costs a read of the file's tail whatever the
 * number of runs. A folder written before the index is indexed once, under the workspace lock,
 * before anything is appended to it.
 */
export class RunIndexFile {
  readonly path: string
  readonly #root: string
  readonly #files: RunFiles
  #ready: Promise<void> | undefined

  constructor(root: string, files: RunFiles) {
    this.#root = root
    this.#files = files
    this.path = join(root, 'runs', 'index.jsonl')
  }

  /** Resolves once the index exists: an old folder's runs are indexed first, oldest first. */
  ready(): Promise<void> {
    this.#ready ??= this.#ensure().catch((error: unknown) => {
      this.#ready = undefined
      throw error
    })
    return this.#ready
  }

  /**
   * The text that appends `run` to the index. After a torn last line (a process killed
   * mid-append) it starts with a newline, so the new line is never glued onto the torn one.
   */
  lineFor(run: IndexedRun): string {
    const line = JSON.stringify({ version: 1, ...run })
    return `${endsMidLine(this.path) ? '\n' : ''}${line}\n`
  }

  /**
   * One page, newest first: lines before byte `cursor` (default: the end), each turned into a
   * summary by `summarize` (undefined leaves it out: another person's, or a run with no snapshot).
   */
  async page(
    cursor: string | undefined,
    limit: number,
    summarize: (run: IndexedRun) => Promise<RunSummary | undefined>,
  ): Promise<RunListPage> {
    await this.ready()
    const before = readCursor(cursor)
    const fd = openSync(this.path, 'r')
    try {
      const size = fstatSync(fd).size
      let end = before ?? size
      if (end > size || (end > 0 && end < size && byteAt(fd, end - 1) !== newline)) {
        throw new RunStoreError('invalid_cursor', 'that is not a cursor this run list handed out')
      }
      const runs: RunSummary[] = []
      // A save that failed after its append may have indexed a run twice: it is listed once.
      const seen = new Set<string>()
      let chunk = firstChunk
      while (end > 0) {
        const start = Math.max(0, end - chunk)
        const bytes = Buffer.alloc(end - start)
        readSync(fd, bytes, 0, bytes.length, start)
        // The chunk's first line may begin before it: it is read with the next chunk.
        const first = start === 0 ? 0 : bytes.indexOf(newline) + 1
        if (first === 0 && start > 0) {
          chunk *= 2
          continue
        }
        for (const line of linesOf(bytes, first).reverse()) {
          const run = parseLine(bytes.toString('utf8', line.start, line.end))
          if (run === undefined || seen.has(run.runId)) continue
          seen.add(run.runId)
          const summary = await summarize(run)
          if (summary === undefined) continue
          runs.push(summary)
          if (runs.length === limit) {
            const offset = start + line.start
            return offset > 0 ? { runs, nextCursor: String(offset) } : { runs }
          }
        }
        end = start + first
      }
      return { runs }
    } finally {
      closeSync(fd)
    }
  }

  async #ensure(): Promise<void> {
    if (await pathExists(this.path)) return
    await withWorkspaceLock(this.#root, async () => {
      if (await pathExists(this.path)) return
      const runs: IndexedRun[] = []
      for (const runId of await this.#files.listRuns()) {
        const run = await this.#describeOld(runId).catch(() => undefined)
        if (run !== undefined) runs.push(run)
      }
      runs.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.runId.localeCompare(b.runId))
      const text = runs.map((run) => `${JSON.stringify({ version: 1, ...run })}\n`).join('')
      await writeFileAtomic(this.path, text)
    })
  }

  /** A run saved before the index: started at its first event, titled by its first message. */
  async #describeOld(runId: string): Promise<IndexedRun | undefined> {
    const parsed = parseStoredRunSnapshot(await this.#files.readSnapshot(runId), runId)
    if (typeof parsed === 'string') return undefined
    const { snapshot } = parsed
    const dir = this.#files.runDir(runId)
    const context = (snapshot.snapshot as { context?: { messages?: { role: string }[] } }).context
    const messages =
      snapshot.messageCount === undefined
        ? (context?.messages ?? [])
        : (headLines(join(dir, 'messages.jsonl')) as { role: string }[])
    const [firstEvent] = headLines(join(dir, 'events.jsonl')) as { at?: unknown }[]
    const startedAt =
      typeof firstEvent?.at === 'string'
        ? firstEvent.at
        : statSync(join(dir, 'snapshot.json')).mtime.toISOString()
    return { runId, startedAt, title: titleOfMessages(messages) }
  }
}

function parseLine(text: string): IndexedRun | undefined {
  if (text.trim() === '') return undefined
  try {
    const parsed = IndexLineSchema.safeParse(JSON.parse(text))
    if (!parsed.success) return undefined
    const { version: _version, ...run } = parsed.data
    return run as IndexedRun
  } catch {
    // A line torn by a crash: the run it named never finished its first save.
    return undefined
  }
}

/** Where each line of `bytes` from `from` on starts and ends (a torn last line included). */
function linesOf(bytes: Buffer, from: number): { start: number; end: number }[] {
  const lines: { start: number; end: number }[] = []
  let start = from
  for (let at = bytes.indexOf(newline, from); at !== -1; at = bytes.indexOf(newline, at + 1)) {
    lines.push({ start, end: at })
    start = at + 1
  }
  if (start < bytes.length) lines.push({ start, end: bytes.length })
  return lines
}

function byteAt(fd: number, offset: number): number | undefined {
  const one = Buffer.alloc(1)
  return readSync(fd, one, 0, 1, offset) === 1 ? one[0] : undefined
}

/** Whether the file ends inside a line (its last append was torn); false when it is missing or empty. */
function endsMidLine(path: string): boolean {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false
    throw WorkspaceError.io('could not read the run index', error, 'runs/index.jsonl')
  }
  try {
    const size = fstatSync(fd).size
    return size > 0 && byteAt(fd, size - 1) !== newline
  } finally {
    closeSync(fd)
  }
}

/** The complete lines in the first 64 KiB of a JSONL file, parsed (a bad one ends the list). */
function headLines(path: string): unknown[] {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return []
  }
  try {
    const bytes = Buffer.alloc(firstChunk)
    const read = readSync(fd, bytes, 0, firstChunk, 0)
    const text = bytes.toString('utf8', 0, bytes.lastIndexOf(newline, read - 1) + 1)
    const records: unknown[] = []
    for (const line of text.split('\n')) {
      if (line === '') continue
      try {
        records.push(JSON.parse(line))
      } catch {
        break
      }
    }
    return records
  } finally {
    closeSync(fd)
  }
}
