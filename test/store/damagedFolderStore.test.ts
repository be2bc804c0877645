import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'libsql'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { startRuntime } from '../../app/startRuntime.ts'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import { importedFolderName } from '../../store/sqlite/importFolderStore.ts'
import { sqliteFileName, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { migrateSqlite } from '../../store/sqlite/sqliteSchema.ts'
import { storedRows } from '../helpers/sqliteFolder.ts'

// The older folder store's fixture (see sqliteMigration.test.ts): fs-2 ended, fs-5 denied a
// write "always" (rule fs-7), fs-8 waits on a card.
const fixture = fileURLToPath(new URL('./fixtures/folder-store-v1', import.meta.url))

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-damaged-folder-'))
  await cp(fixture, dir, { recursive: true })
})
afterEach(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }))

const start = () =>
  startRuntime({ model: new OfflinePlanner(), env: { STUDYPULSE_WORKSPACE: dir }, log: () => {} })

test('a damaged older folder store: the app starts, imports what is sound, names what is not, and keeps every file aside', async () => {
  const runs = join(dir, 'runs')
  await writeFile(join(runs, 'fs-5', 'snapshot.json'), '{"version": 2, "runId": "fs-')
  await rm(join(runs, 'fs-2', 'snapshot.json'))
  await mkdir(join(runs, 'fs-2', 'snapshot.json'))
  await appendFile(
    join(runs, 'fs-8', 'events.jsonl'),
    'null\n{"kind":"runStarted","runId":"fs-8","seq":0}\n',
  )
  await appendFile(join(runs, 'index.jsonl'), 'null\n')
  const started = await start()
  try {
    expect(started.problems).toEqual(
      expect.arrayContaining([
        'runs/fs-2/snapshot.json cannot be read (EISDIR): run fs-2 not imported (its files are kept aside)',
        'runs/fs-5/snapshot.json is not JSON: run fs-5 not imported (its files are kept aside)',
        expect.stringMatching(/^runs\/fs-8\/events\.jsonl line \d+ is damaged: not imported/),
        expect.stringMatching(/^runs\/index\.jsonl line 4 is damaged: not imported/),
        expect.stringMatching(/^imported the folder store \(1 run, 2 audit lines, 1 rule\)/),
      ]),
    )
    expect(
      started.problems.filter((line) => line.startsWith('runs/fs-8/events.jsonl')),
    ).toHaveLength(2)
    // The sound run comes back at its card; the damaged ones are not in the database.
    expect(started.restored).toEqual(['fs-8'])
    expect(storedRows(dir, 'SELECT run_id FROM runs ORDER BY run_id')).toEqual([['fs-8']])
    expect(await started.runtime.store?.readAudit()).toHaveLength(2)
  } finally {
    await started.runtime.close()
  }
  // Nothing deleted: every old file is aside as it was, the damaged ones too.
  const aside = join(dir, importedFolderName)
  expect(await readFile(join(aside, 'runs', 'fs-5', 'snapshot.json'), 'utf8')).toBe(
    '{"version": 2, "runId": "fs-',
  )
  expect(await readdir(join(aside, 'runs'))).toEqual(await readdir(runs.replace(dir, fixture)))
  expect(await readFile(join(aside, 'runs', 'index.jsonl'), 'utf8')).toMatch(/null\n$/)
})

test('a start that died before its import committed leaves the chance to import: the next start imports', async () => {
  // What a start that stopped mid-import left (as one did before the damaged files were
  // tolerated): studypulse.db made and migrated, the import's transaction rolled back.
  const db = new Database(join(dir, sqliteFileName))
  migrateSqlite(db)
  db.close()
  const started = await start()
  try {
    // The folder's record files move into the database on that first start too.
    expect(started.problems).toEqual([
      expect.stringMatching(/^imported the folder store \(3 runs, 2 audit lines, 1 rule\)/),
      expect.stringMatching(/^imported the workspace's records \(1 task,/),
    ])
    expect(started.restored.sort()).toEqual(['fs-5', 'fs-8'])
  } finally {
    await started.runtime.close()
  }
})

test('a workspace whose database began with no folder store never takes a hand-written policies.json for one', async () => {
  const fresh = await mkdtemp(join(tmpdir(), 'studypulse-new-'))
  try {
    const store = sqliteRunStore(fresh)
    expect(await store.tidy()).toEqual([])
    await store.close()
    const rules = '{"version":1,"rules":[]}\n'
    await writeFile(join(fresh, 'policies.json'), rules)
    const again = sqliteRunStore(fresh)
    expect(await again.tidy()).toEqual([])
    await again.close()
    expect(await readFile(join(fresh, 'policies.json'), 'utf8')).toBe(rules)
    expect(await readdir(fresh)).not.toContain(importedFolderName)
  } finally {
    await rm(fresh, { recursive: true, force: true, maxRetries: 3 })
  }
})
