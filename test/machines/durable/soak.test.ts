import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'libsql'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyAuditChain } from '../../../store/auditChain.ts'
import { readSqliteAuditLines, sqliteFileName } from '../../../store/sqlite/sqliteRunStore.ts'
import type { JournalRecord } from '../../../vocabulary/JournalRecord.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { nodeScript } from '../../helpers/nodeScript.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'

const child = fileURLToPath(new URL('./soakChild.ts', import.meta.url))
const writes = 150

let ws: Workspace
let dir: string
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dir, dispose } = await tempWorkspace()))
afterEach(() => dispose())

/**
 * Runs the child; with `kill`, kills it with SIGKILL once it has said `kill.afterLines` lines of
 * progress (`restoring`, `restored`, `wrote <k>`), `kill.turns` turns of this event loop later (a
 * point inside the restore or the next write), unless it finishes first. The kill point follows
 * the child's progress, never the clock.
 */
function runChild(
  kill: { afterLines: number; turns: number } | undefined,
): Promise<'done' | 'killed'> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeScript(child), dir, String(writes)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    let written = 0
    let killing = false
    proc.stdout.on('data', (d) => {
      out += d
      written = (out.match(/^(restoring|restored|wrote \d+)$/gm) ?? []).length
      if (kill === undefined || killing || written < kill.afterLines) return
      killing = true
      let turns = kill.turns
      const later = () => (turns-- > 0 ? setImmediate(later) : proc.kill('SIGKILL'))
      later()
    })
    proc.stderr.on('data', (d) => {
      err += d
    })
    proc.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve('killed')
      else if (code === 0 && out.includes('done')) resolve('done')
      else reject(new Error(`child exited ${code}: ${err}`))
    })
  })
}

// A seeded generator, so a failing soak can be replayed with the same kill points.
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe('exactly-once writes across SIGKILL, on the SQLite default store', () => {
  it(`${writes} confirmed writes with kills at random points: nothing lost, nothing doubled, no corrupt file`, async () => {
    const seed = Number(process.env.SOAK_SEED ?? 20261130)
    const next = random(seed)
    let kills = 0
    // Under 6 kills: each restart pays a process start-up, and the machine is shared.
    for (let round = 0; round < 5; round++) {
      // Kill points spread over start-up and the writes: after 1 to 32 lines, 0 to 40 turns on.
      const kill = { afterLines: 1 + Math.floor(next() * 32), turns: Math.floor(next() * 40) }
      const outcome = await runChild(kill)
      if (outcome === 'done') break
      kills++
    }
    expect(await runChild(undefined)).toBe('done')
    expect(kills).toBeGreaterThan(0)

    const titles = (await ws.readTasks()).map((t) => t.title)
    const expected = Array.from({ length: writes }, (_, i) => `task-${i + 1}`)
    expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([])
    expect([...titles].sort()).toEqual([...expected].sort())

    // The records are rows of studypulse.db (checked whole below); the marker is the one file.
    for (const file of ['studypulse.json']) {
      const text = await readFile(join(dir, file), 'utf8')
      expect(() => JSON.parse(text)).not.toThrow()
    }
    const db = new Database(join(dir, sqliteFileName), { readonly: true })
    try {
      // A kill at any instant leaves a database SQLite itself finds whole.
      expect(db.prepare('PRAGMA integrity_check').raw(true).all()).toEqual([['ok']])
      const journal = (
        db.prepare('SELECT run_id, body FROM run_log WHERE kind = 2').raw(true).all() as [
          string,
          string,
        ][]
      ).map(([runId, text]) => ({ runId, ...(JSON.parse(text) as JournalRecord) }))
      // Every write once: one intent per call, each call's task once (checked above).
      const intents = journal
        .filter((r) => r.type === 'intent')
        .map((r) => `${r.runId} ${r.callId}`)
      expect(intents.filter((key, i) => intents.indexOf(key) !== i)).toEqual([])
      // One call, one audit line, whatever the crash point (issue 18, point 4), and the chain whole.
      const lines = readSqliteAuditLines(db)
      expect(verifyAuditChain(lines).broken).toBeUndefined()
      const keys = lines.map((line) => {
        const record = JSON.parse(line) as { runId: string; toolCallId: string }
        return `${record.runId} ${record.toolCallId}`
      })
      expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([])
      // Every call that executed has its audit line.
      for (const key of intents) expect(keys).toContain(key)
    } finally {
      db.close()
    }
    console.log(`soak: ${writes} writes, ${kills} kills (seed ${seed})`)
  }, 300_000)
})
