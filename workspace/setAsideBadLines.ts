import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { appendLinesDurable, writeFileAtomic } from './atomicWrite.ts'
import { errnoCode } from './errnoCode.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/** What `setAsideBadLines` did: the lines (1-based) it moved, and where to. */
export interface SetAsideLines {
  file: string
  rejectedFile: string
  lines: number[]
}

/**
 * Moves the complete lines of a JSONL file (relative to `root`) that are not JSON into
 * `<name>.rejected.jsonl` beside it, so the log can be read and appended to again and nothing is
 * lost. The rejected lines reach disk before the log is rewritten (atomically); a torn last line
 * is left for the log's own repair. Call at start-up only, before anything appends to the file.
 */
export async function setAsideBadLines(root: string, file: string): Promise<SetAsideLines> {
  const rejectedFile = `${file.replace(/\.jsonl$/, '')}.rejected.jsonl`
  let text: string
  try {
    text = await readFile(join(root, file), 'utf8')
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { file, rejectedFile, lines: [] }
    throw WorkspaceError.io(`could not read ${file}`, error, file)
  }
  const end = text.lastIndexOf('\n') + 1
  const lines = text.slice(0, end).split('\n')
  lines.pop()
  const good: string[] = []
  const bad: string[] = []
  const numbers: number[] = []
  for (const [index, line] of lines.entries()) {
    if (isJson(line)) good.push(line)
    else {
      bad.push(line)
      numbers.push(index + 1)
    }
  }
  if (bad.length === 0) return { file, rejectedFile, lines: [] }
  await appendLinesDurable(join(root, rejectedFile), bad)
  const kept = good.map((line) => `${line}\n`).join('') + text.slice(end)
  await writeFileAtomic(join(root, file), kept)
  return { file, rejectedFile, lines: numbers }
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line)
    return true
  } catch {
    return false
  }
}
