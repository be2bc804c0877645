import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'libsql'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { closeFolderDatabase, folderDatabase } from '../../../workspace/sqlite/folderDatabase.ts'
import { groupCommit } from '../../../workspace/sqlite/groupCommit.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-group-'))
})
afterEach(async () => {
  closeFolderDatabase(dir)
  await rm(dir, { recursive: true, force: true })
})

/** Holds the thread for `ms` of wall time, as a piece of heavy work would. */
function busy(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {}
}

test('a burst whose work outlasts a slice lets the event loop turn between transactions, and every piece commits once', async () => {
  const db = folderDatabase(dir)
  db.exec('CREATE TABLE IF NOT EXISTS t (n integer)')
  const order: string[] = []
  const pieces = Array.from({ length: 20 }, (_, n) =>
    groupCommit(db, () => {
      busy(1)
      db.prepare('INSERT INTO t (n) VALUES (?)').run(n)
      order.push(`piece ${n}`)
      return true
    }),
  )
  // Queued after the pieces: with all 20 ms of work in one transaction it would run last.
  setImmediate(() => order.push('another turn'))
  expect(await Promise.all(pieces)).toEqual(Array(20).fill(true))
  expect(order.indexOf('another turn')).toBeLessThan(order.indexOf('piece 19'))
  expect(db.prepare('SELECT count(*) FROM t').pluck(true).all()).toEqual([20])
})

test('a piece that throws is rolled back alone, in whichever transaction it fell', async () => {
  const db = folderDatabase(dir)
  db.exec('CREATE TABLE IF NOT EXISTS t (n integer)')
  const pieces = Array.from({ length: 10 }, (_, n) =>
    groupCommit(db, () => {
      busy(1)
      db.prepare('INSERT INTO t (n) VALUES (?)').run(n)
      if (n === 5) throw new Error('refused')
      return n !== 7
    }),
  )
  const settled = await Promise.allSettled(pieces)
  expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'rejected'))).toEqual([
    true,
    true,
    true,
    true,
    true,
    'rejected',
    true,
    false,
    true,
    true,
  ])
  expect(db.prepare('SELECT n FROM t ORDER BY n').pluck(true).all()).toEqual([
    0, 1, 2, 3, 4, 6, 8, 9,
  ])
})

test('a transaction refused as a whole (another program holds the write lock) refuses every waiting piece, at once', async () => {
  const db = folderDatabase(dir, { busyTimeoutMs: 0 })
  db.exec('CREATE TABLE IF NOT EXISTS t (n integer)')
  const other = new Database(join(dir, 'studypulse.db'))
  other.exec('BEGIN IMMEDIATE')
  try {
    const pieces = [1, 2, 3].map((n) =>
      groupCommit(db, () => {
        db.prepare('INSERT INTO t (n) VALUES (?)').run(n)
        return true
      }),
    )
    const settled = await Promise.allSettled(pieces)
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected'])
  } finally {
    other.exec('ROLLBACK')
    other.close()
  }
  // Nothing was written, and the next piece commits.
  expect(await groupCommit(db, () => true)).toBe(true)
  expect(db.prepare('SELECT count(*) FROM t').pluck(true).all()).toEqual([0])
})

/** The rows of `t` another process reads from the database file (the WAL this one writes is gone). */
async function rowsReadElsewhere(): Promise<number> {
  const code = `const D = require('libsql'); const db = new D(${JSON.stringify(join(dir, 'studypulse.db'))}); console.log(db.prepare('SELECT count(*) FROM t').raw(true).get()[0])`
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', code], {
    cwd: process.cwd(),
  })
  return Number(stdout.trim())
}

for (const when of ['before the first flush', 'after a flush (its file open)'] as const) {
  test(`-wal and -shm deleted ${when}: the committed piece resolves (never reported failed) and reaches the database file`, async () => {
    const db = folderDatabase(dir)
    db.exec('CREATE TABLE IF NOT EXISTS t (n integer)')
    if (when !== 'before the first flush') {
      await groupCommit(db, () => {
        db.prepare('INSERT INTO t (n) VALUES (0)').run()
        return true
      })
    }
    await rm(join(dir, 'studypulse.db-wal'))
    await rm(join(dir, 'studypulse.db-shm'))
    const written = await groupCommit(db, () => {
      db.prepare('INSERT INTO t (n) VALUES (1)').run()
      return true
    })
    expect(written).toBe(true)
    // Durable where a restart looks: the database file itself (the deleted WAL dies with us).
    expect(await rowsReadElsewhere()).toBe(when === 'before the first flush' ? 1 : 2)
  })
}
