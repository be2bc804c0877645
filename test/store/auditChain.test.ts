import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import type { AuditRecord } from '../../store/AuditRecord.ts'
import { chainLines, chainStart, verifyAuditChain } from '../../store/auditChain.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { nodeScript } from '../helpers/nodeScript.ts'
import { storedRows } from '../helpers/sqliteFolder.ts'

const record = (runId: string, toolCallId: string, extra: Partial<AuditRecord> = {}) =>
  ({
    at: '2026-12-01T14:02:00.000Z',
    runId,
    toolCallId,
    toolName: 'delete_task',
    permission: 'destructive',
    decision: 'allow',
    decidedBy: 'user',
    decider: { id: 'alice', name: 'Alice' },
    outcome: 'completed',
    ...extra,
  }) satisfies AuditRecord

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'studypulse-audit-'))
  closers.unshift(() => rm(dir, { recursive: true, force: true }))
  return dir
}

// Five chained lines, as a log would hold them.
const five = () =>
  chainLines(
    chainStart,
    [1, 2, 3, 4, 5].map((n) => record('r1', `c${n}`)),
  ).lines

describe('the audit chain names the first line that does not fit', () => {
  test('a whole chain is whole, and its head is the last line’s hash', () => {
    const lines = five()
    const check = verifyAuditChain(lines)
    expect(check).toEqual({ lines: 5, beforeChain: 0, head: JSON.parse(lines[4] as string).hash })
  })

  test('an edited line is named by its own hash', () => {
    const lines = five()
    lines[2] = (lines[2] as string).replace('"decision":"allow"', '"decision":"deny"')
    expect(verifyAuditChain(lines).broken).toEqual({
      line: 3,
      reason: 'line 3 was changed after it was written',
    })
    // The last line too: nothing follows it, its own hash gives it away.
    const last = five()
    last[4] = (last[4] as string).replace('Alice', 'Mallory')
    expect(verifyAuditChain(last).broken?.line).toBe(5)
  })

  test('an edit whose hash was made again is named by the next line', () => {
    const lines = five()
    const [forged] = chainLines(JSON.parse(lines[1] as string).hash, [
      record('r1', 'c3', { decision: 'deny' }),
    ]).lines
    lines[2] = forged as string
    expect(verifyAuditChain(lines).broken).toEqual({
      line: 4,
      reason: 'line 4 does not follow line 3: a line was removed, added or moved here',
    })
  })

  test('a deleted line is named where the gap is', () => {
    const lines = five()
    lines.splice(1, 1)
    expect(verifyAuditChain(lines).broken?.line).toBe(2)
    const first = five().slice(1)
    expect(verifyAuditChain(first).broken).toEqual({
      line: 1,
      reason: 'line 1 does not start the log: lines before it were removed',
    })
  })

  test('two lines swapped are named', () => {
    const lines = five()
    ;[lines[1], lines[2]] = [lines[2] as string, lines[1] as string]
    expect(verifyAuditChain(lines).broken?.line).toBe(2)
  })

  test('lines written before the chain are accepted as such, never after it starts', () => {
    const old = [JSON.stringify(record('r0', 'old-1')), JSON.stringify(record('r0', 'old-2'))]
    const link = createHash('sha256')
      .update(old[1] as string)
      .digest('hex')
    const chained = chainLines(link, [record('r1', 'c1'), record('r1', 'c2')]).lines
    expect(verifyAuditChain([...old, ...chained])).toMatchObject({ lines: 4, beforeChain: 2 })
    expect(verifyAuditChain([...old, chained[0] as string, old[0] as string]).broken).toEqual({
      line: 4,
      reason: 'line 4 has no place in the chain (no version, no hash)',
    })
  })
})

// The folder's audit log as the SQLite store keeps it: each line's exact text, oldest first.
const auditLines = (root: string) =>
  storedRows(root, 'SELECT line FROM audit ORDER BY id').map(([line]) => line as string)

describe('the SQLite store chains its audit lines', () => {
  test('lines of an older app stay before the chain; new ones continue it', async () => {
    const root = await tempDir()
    // An older app's `audit.jsonl`, imported into the database on the store's first open.
    const old = `${JSON.stringify(record('r0', 'old-1'))}\n`
    await writeFile(join(root, 'audit.jsonl'), old)
    const store = sqliteRunStore(root)
    closers.push(() => store.close())
    await store.claim('r1')
    await store.commit('r1', { audit: [record('r1', 'c1'), record('r1', 'c2')] })
    await store.commit('r1', { audit: [record('r1', 'c3')] })
    const lines = auditLines(root)
    expect(verifyAuditChain(lines)).toMatchObject({ lines: 4, beforeChain: 1 })
    expect(lines[0]).toBe(old.trim())
    // What the store hands back is the record, without the chain's fields.
    expect((await store.readAudit()).at(-1)).toEqual(record('r1', 'c3'))
  })

  test('an imported log whose last line a crash tore is cut there, and the chain goes on whole', async () => {
    const root = await tempDir()
    const [first] = chainLines(chainStart, [record('r0', 'c0')]).lines
    await writeFile(join(root, 'audit.jsonl'), `${first}\n{"version":2,"prev":"ab`)
    const store = sqliteRunStore(root)
    closers.push(() => store.close())
    await store.claim('r1')
    await store.commit('r1', { audit: [record('r1', 'c1')] })
    const lines = auditLines(root)
    expect(lines[0]).toBe(first)
    expect(verifyAuditChain(lines)).toMatchObject({ lines: 2 })
    expect(verifyAuditChain(lines).broken).toBeUndefined()
  })

  test('two processes appending at once make one chain', { timeout: 60_000 }, async () => {
    const root = await tempDir()
    const child = join(import.meta.dirname, 'auditChild.ts')
    const run = (tag: string) =>
      new Promise<void>((resolve, reject) => {
        const proc = spawn(process.execPath, [...nodeScript(child), root, tag, '25'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let err = ''
        proc.stderr.on('data', (d) => {
          err += String(d)
        })
        proc.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`child ${tag}: ${code} ${err}`)),
        )
      })
    await Promise.all([run('a'), run('b')])
    const lines = auditLines(root)
    expect(lines).toHaveLength(50)
    expect(verifyAuditChain(lines).broken).toBeUndefined()
    // Both processes' lines are in the one chain: each save chained on the last line under the
    // database's write lock, whichever process wrote it.
    const owners = lines.map((line) => JSON.parse(line).runId as string)
    expect(new Set(owners)).toEqual(new Set(['run-a', 'run-b']))
  })
})
// The PostgreSQL store's per-run chains and checkpoints: test/store/postgres/runAuditChains.test.ts.
