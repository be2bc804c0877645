import { closeSync, fstatSync, openSync, readFileSync, readSync, truncateSync } from 'node:fs'
import { errnoCode } from '../workspace/errnoCode.ts'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'
import { withLockFile } from '../workspace/withWorkspaceLock.ts'
import type { AuditRecord } from './AuditRecord.ts'
import { chainLines, chainStart, linkOf } from './auditChain.ts'

/**
 * Chains `records` after the last line of the audit file at `path` and hands their text to
 * `write` (which appends it, with the rest of its save), all under the audit lock
 * (`audit.jsonl.lock`), so the saves of every process on the folder (the web app, the terminal
 * chat) form one chain. A line torn by a crash is cut first, so no line is ever glued to it.
 */
export function appendChained(
  path: string,
  records: readonly AuditRecord[],
  write: (text: string) => Promise<void>,
): Promise<void> {
  return withLockFile(path, `${path}.lock`, async () => {
    const { lines } = chainLines(lastLink(path), records)
    await write(lines.map((line) => `${line}\n`).join(''))
  })
}

/** The complete lines of the audit file, as their exact text (a torn last line left out). */
export function readAuditLines(path: string): string[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return []
    throw WorkspaceError.io('could not read audit.jsonl', error, 'audit.jsonl')
  }
  const lines = text.slice(0, text.lastIndexOf('\n') + 1).split('\n')
  lines.pop()
  return lines
}

// The link of the file's last complete line (read from its end), cutting a torn tail off.
function lastLink(path: string): string {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return chainStart
    throw WorkspaceError.io('could not read audit.jsonl', error, 'audit.jsonl')
  }
  try {
    const size = fstatSync(fd).size
    for (let chunk = 64 * 1024; ; chunk *= 4) {
      const start = Math.max(0, size - chunk)
      const buffer = Buffer.alloc(size - start)
      readSync(fd, buffer, 0, buffer.length, start)
      const end = buffer.lastIndexOf(0x0a)
      if (end === -1 && start > 0) continue
      // Bytes after the last newline are a write a crash cut short: they go.
      if (end + 1 < buffer.length) truncateSync(path, start + end + 1)
      if (end === -1) return chainStart
      const before = end === 0 ? -1 : buffer.lastIndexOf(0x0a, end - 1)
      if (before === -1 && start > 0) continue
      return linkOf(buffer.subarray(before + 1, end).toString('utf8'))
    }
  } finally {
    closeSync(fd)
  }
}
