import { readFileSync, truncateSync } from 'node:fs'
import { basename } from 'node:path'
import { errnoCode } from './errnoCode.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/** The parsed lines of a JSONL file, and whether a crash left a half-written last line. */
export interface JsonLines {
  records: unknown[]
  /** Bytes of complete lines; anything after is a torn write. */
  completeBytes: number
  tornTail: boolean
}

/**
 * Reads an append-only JSONL file. A torn last line (a crash mid-append) is left out; a bad line
 * anywhere else means the file was damaged, and is reported naming the file and line.
 */
export async function readJsonLines(path: string): Promise<JsonLines> {
  let text: string
  try {
    // Read at once (see `flushToDisk.ts`): a round trip through the thread pool costs more.
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { records: [], completeBytes: 0, tornTail: false }
    throw WorkspaceError.io(`could not read ${basename(path)}`, error, basename(path))
  }
  const end = text.lastIndexOf('\n') + 1
  const records: unknown[] = []
  const lines = text.slice(0, end).split('\n')
  lines.pop()
  for (const [index, line] of lines.entries()) {
    try {
      records.push(JSON.parse(line))
    } catch {
      throw new WorkspaceError(
        'corrupt_file',
        `${basename(path)} is corrupt at line ${index + 1}. Fix or remove it by hand; StudyPulse will not overwrite it.`,
        basename(path),
      )
    }
  }
  return {
    records,
    completeBytes: Buffer.byteLength(text.slice(0, end)),
    tornTail: end < text.length,
  }
}

/** Cuts a torn last line off a JSONL file so the next append starts on a fresh line. */
export async function repairJsonLines(path: string): Promise<JsonLines> {
  const read = await readJsonLines(path)
  if (read.tornTail) truncateSync(path, read.completeBytes)
  return { ...read, tornTail: false }
}
