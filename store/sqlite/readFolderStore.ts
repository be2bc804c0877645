import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { isWellFormedId } from '../../vocabulary/ids.ts'
import { errnoCode } from '../../workspace/errnoCode.ts'
import { type PolicyRule, PolicyRuleSchema } from '../../workspace/policyFile.ts'
import { readAuditLines } from '../auditFile.ts'
import { titleOfMessages } from '../RunListing.ts'
import type { StoredRunSnapshot } from '../RunStore.ts'
import { parseStoredRunSnapshot } from '../storedRunSnapshot.ts'

/** One run as the folder store kept it in `runs/<id>/`. */
export interface FolderRun {
  runId: string
  /** `snapshot.json` as written (parsed and migrated when it is loaded), or undefined. */
  snapshotText?: string
  /** What `snapshotText` says, read through its schema (only a run whose snapshot reads is imported). */
  snapshot?: StoredRunSnapshot
  events: { seq: number; text: string }[]
  messages: string[]
  journal: string[]
  ended: boolean
}

/** What the folder store left in a workspace, read without changing a byte of it. */
export interface FolderStore {
  runs: FolderRun[]
  /**
   * `runs/index.jsonl`, oldest first, each run once; then a run saved before the index existed,
   * started at its first event and titled by its first message, as the folder store listed it.
   */
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

/**
 * Whether `root` holds anything the folder store wrote; `rulesCount: false` leaves a
 * `policies.json` alone out (the app reads one a person writes by hand).
 */
export function hasFolderStore(root: string, options: { rulesCount: boolean }): boolean {
  // A new workspace lays out an empty `runs/`: that is no store to import (nor to announce).
  return folderStoreEntries.some((name) =>
    name === 'runs'
      ? entriesIn(join(root, name)) > 0
      : (name !== 'policies.json' || options.rulesCount) && existsSync(join(root, name)),
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
    const run = readRun(runsDir, runId, problems)
    if (run !== undefined) runs.push(run)
  }
  const rules = readRules(root, problems)
  const listed: FolderStore['listed'] = []
  const seen = new Set<string>()
  const entries = jsonLines(join(runsDir, 'index.jsonl'), 'runs/index.jsonl', problems, isListEntry)
  for (const text of entries) {
    const entry = JSON.parse(text) as FolderStore['listed'][number]
    // A save that failed after its append may have listed a run twice: it is listed once.
    if (!isWellFormedId(entry.runId) || seen.has(entry.runId)) continue
    seen.add(entry.runId)
    listed.push(entry)
  }
  // Saved before the index existed, so older than every run in it: listed first, as the folder
  // store did on its first open.
  const unlisted = runs
    .filter((run) => run.snapshot !== undefined && !seen.has(run.runId))
    .map((run) => describeUnlisted(runsDir, run))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.runId.localeCompare(b.runId))
  listed.unshift(...unlisted)
  return {
    runs,
    listed,
    auditLines: soundAuditLines(root, problems),
    rules: rules ?? [],
    rulesUnreadable: rules === undefined,
    problems,
  }
}

// One run, or undefined when its snapshot cannot be read (named: the run is not imported, its
// files go aside with the rest). A line of its logs that is not a record is named and left out.
function readRun(runsDir: string, runId: string, problems: string[]): FolderRun | undefined {
  const dir = join(runsDir, runId)
  const name = `runs/${runId}/snapshot.json`
  const notImported = (why: string) => {
    problems.push(`${name} ${why}: run ${runId} not imported (its files are kept aside)`)
    return undefined
  }
  let snapshotText: string | undefined
  try {
    snapshotText = readOrUndefined(join(dir, 'snapshot.json'))
  } catch (error) {
    return notImported(`cannot be read (${errnoCode(error) ?? 'unreadable'})`)
  }
  let snapshot: StoredRunSnapshot | undefined
  if (snapshotText !== undefined) {
    let raw: unknown
    try {
      raw = JSON.parse(snapshotText)
    } catch {
      return notImported('is not JSON')
    }
    const parsed = parseStoredRunSnapshot(raw, runId)
    if (typeof parsed === 'string') return notImported(`is damaged (${parsed})`)
    snapshot = parsed.snapshot
  }
  const lines = (log: string, fits: (value: unknown) => boolean) =>
    jsonLines(join(dir, `${log}.jsonl`), `runs/${runId}/${log}.jsonl`, problems, fits)
  return {
    runId,
    ...(snapshotText !== undefined && { snapshotText }),
    ...(snapshot !== undefined && { snapshot }),
    events: lines('events', isEvent).map((text) => ({
      seq: (JSON.parse(text) as { seq: number }).seq,
      text,
    })),
    messages: lines('messages', isRecord),
    journal: lines('journal', isRecord),
    ended: existsSync(join(dir, 'ended')),
  }
}

// A run of a folder saved before `runs/index.jsonl` existed: the folder store listed it on its
// first open from its first event's time (or its snapshot's) and its first message.
function describeUnlisted(runsDir: string, run: FolderRun): FolderStore['listed'][number] {
  const parse = (text: string | undefined) => (text === undefined ? undefined : JSON.parse(text))
  const [first] = run.events
  const at = (parse(first?.text) as { at?: unknown } | undefined)?.at
  const startedAt =
    typeof at === 'string'
      ? at
      : statSync(join(runsDir, run.runId, 'snapshot.json')).mtime.toISOString()
  const inSnapshot = (run.snapshot?.snapshot as { context?: { messages?: { role: string }[] } })
    ?.context?.messages
  const messages =
    run.messages.length > 0
      ? run.messages.map((text) => parse(text) as { role: string })
      : (inSnapshot ?? [])
  return { runId: run.runId, startedAt, title: titleOfMessages(messages) }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
// The database numbers events from 1, as the folder store did.
const isEvent = (value: unknown) =>
  isRecord(value) && Number.isSafeInteger(value.seq) && (value.seq as number) > 0
const isListEntry = (value: unknown) =>
  isRecord(value) &&
  typeof value.runId === 'string' &&
  typeof value.startedAt === 'string' &&
  typeof value.title === 'string' &&
  (value.owner === undefined || typeof value.owner === 'string')

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

// Complete lines that are records `fits` accepts; a torn last line (a killed write) is left out,
// as the folder store's readers did, and a damaged one (not JSON, `null`, a bad record) is named.
function jsonLines(
  path: string,
  name: string,
  problems: string[],
  fits: (value: unknown) => boolean,
): string[] {
  const text = readOrUndefined(path) ?? ''
  const lines = text.slice(0, text.lastIndexOf('\n') + 1).split('\n')
  lines.pop()
  return lines.filter((line, i) => {
    if (line.trim() === '') return false
    try {
      if (fits(JSON.parse(line))) return true
    } catch {}
    problems.push(`${name} line ${i + 1} is damaged: not imported (the file is kept aside)`)
    return false
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
