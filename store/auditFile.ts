import { readFileSync } from 'node:fs'
import { errnoCode } from '../workspace/errnoCode.ts'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'

// The retired folder store's audit log, read only: by the import of an old folder
// (`sqlite/readFolderStore.ts`) and by `npm run audit` on a folder the SQLite store never opened.

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
