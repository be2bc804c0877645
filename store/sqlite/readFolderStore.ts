import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isWellFormedId } from '../../vocabulary/ids.ts'
import { errnoCode } from '../../workspace/errnoCode.ts'
import { type PolicyRule, PolicyRuleSchema } from '../../workspace/policyFile.ts'
import { readAuditLines } from '../auditFile.ts'

/** One run as the folder store kept it in `runs/<id>/`. */
export interface FolderRun {
  runId: string
  /** `snapshot.json` as written (parsed and migrated when it is loaded), or undefined. */
  snapshotText?: string
  events: { seq: number; text: string }[]
  messages: string[]
  journal: string[]
  ended: boolean
}

/** What the folder store left in a workspace, read without changing a byte of it. */
export interface FolderStore {
  runs: FolderRun[]
  /** `runs/index.jsonl`, oldest first, each run once. */
  listed: { runId: string; startedAt: string; title: string; owner?: string }[]
  /** `audit.jsonl` as its exact lines, so the chain verifies in the database too. */
  auditLines: string[]
  /** The sound rules of `policies.json`. */
  rules: PolicyRule[]
  /** `policies.json` could not be read: it stays where it is, so the app refuses to write over it. */
  rulesUnreadable: boolean
  /** What could not be read, one line each (damaged lines, refused rules). */
  problems: string[]
}

/** The names the folder store used at a workspace's root (moved aside once imported). */
export const folderStoreEntries = ['runs', 'audit.jsonl', 'policies.json'] as const

/** Whether `root` holds anything the folder store wrote. */
export function hasFolderStore(root: string): boolean {
  // A new workspace lays out an empty `runs/`: that is no store to import (nor to announce).
  return folderStoreEntries.some((name) =>
    name === 'runs' ? entriesIn(join(root, name)) > 0 : existsSync(join(root, name)),
  )
}

// How many entries a folder has (0 when it is missing or unreadable).
function entriesIn(dir: string): number {
  try {
    return readdirSync(dir).length
  } catch {
    return 0
  }
}

/**
 * Reads the older folder store's layout: `runs/<id>/{snapshot.json, events.jsonl,
 * messages.jsonl, journal.jsonl, ended}`, `runs/index.jsonl`, `audit.jsonl` and `policies.json`.
 * The only reader of that layout kept: the SQLite store imports it once (see `importFolderStore`).
 */
export function readFolderStore(root: string): FolderStore {
  const problems: string[] = []
  const runsDir = join(root, 'runs')
  const runs: FolderRun[] = []
  for (const runId of listRunIds(runsDir)) {
    const dir = join(runsDir, runId)
    const lines = (log: string) =>
      jsonLines(join(dir, `${log}.jsonl`), `runs/${runId}/${log}.jsonl`, problems)
    const snapshotText = readOrUndefined(join(dir, 'snapshot.json'))
    runs.push({
      runId,
      ...(snapshotText !== undefined && { snapshotText }),
      events: lines('events').map((text) => ({
        seq: (JSON.parse(text) as { seq: number }).seq,
        text,
      })),
      messages: lines('messages'),
      journal: lines('journal'),
      ended: existsSync(join(dir, 'ended')),
    })
  }
  const rules = readRules(root, problems)
  const listed: FolderStore['listed'] = []
  const seen = new Set<string>()
  for (const text of jsonLines(join(runsDir, 'index.jsonl'), 'runs/index.jsonl', problems)) {
    const entry = JSON.parse(text) as FolderStore['listed'][number]
    // A save that failed after its append may have listed a run twice: it is listed once.
    if (!isWellFormedId(entry.runId) || seen.has(entry.runId)) continue
    seen.add(entry.runId)
    listed.push(entry)
  }
  return {
    runs,
    listed,
    auditLines: soundAuditLines(root, problems),
    rules: rules ?? [],
    rulesUnreadable: rules === undefined,
    problems,
  }
}

// The audit file's complete lines as their exact text; a line that is not a JSON object is named
// and left out (the file itself is kept aside), as the folder store set it aside at start-up.
function soundAuditLines(root: string, problems: string[]): string[] {
  const lines = readAuditLines(join(root, 'audit.jsonl'))
  const bad: number[] = []
  const sound = lines.filter((line, i) => {
    try {
      const record = JSON.parse(line) as unknown
      if (record !== null && typeof record === 'object' && !Array.isArray(record)) return true
    } catch {}
    bad.push(i + 1)
    return false
  })
  if (bad.length > 0) {
    problems.push(
      `audit.jsonl is damaged at line ${bad.join(', ')}: not imported (the whole file is kept in .folder-store-imported/)`,
    )
  }
  return sound
}

function listRunIds(runsDir: string): string[] {
  try {
    return readdirSync(runsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && isWellFormedId(e.name))
      .map((e) => e.name)
      .sort()
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return []
    throw error
  }
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined
    throw error
  }
}

// Complete lines that parse as JSON; a torn last line (a killed write) is left out, as the folder
// store's readers did, and a damaged one is named.
function jsonLines(path: string, name: string, problems: string[]): string[] {
  const text = readOrUndefined(path) ?? ''
  const lines = text.slice(0, text.lastIndexOf('\n') + 1).split('\n')
  lines.pop()
  return lines.filter((line, i) => {
    if (line.trim() === '') return false
    try {
      JSON.parse(line)
      return true
    } catch {
      problems.push(`${name} line ${i + 1} is damaged: not imported (the file is kept aside)`)
      return false
    }
  })
}

// The sound rules, or undefined when the file is not JSON at all (then it is left in place).
function readRules(root: string, problems: string[]): PolicyRule[] | undefined {
  const text = readOrUndefined(join(root, 'policies.json'))
  if (text === undefined) return []
  let entries: unknown
  try {
    entries = (JSON.parse(text) as { rules?: unknown }).rules
  } catch {
    problems.push('policies.json is not valid JSON: no rule imported, the file stays where it is')
    return undefined
  }
  const rules: PolicyRule[] = []
  for (const entry of Array.isArray(entries) ? entries : []) {
    const parsed = PolicyRuleSchema.safeParse(entry)
    if (parsed.success) rules.push(parsed.data)
    else problems.push('policies.json: a rule that is not well formed was not imported')
  }
  return rules
}
