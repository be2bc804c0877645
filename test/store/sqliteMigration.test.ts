import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'libsql'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createAgentRuntime, ScriptedModel, Workspace, waitForRun } from '../../index.ts'
import { verifyAuditChain } from '../../store/auditChain.ts'
import { importedFolderName } from '../../store/sqlite/importFolderStore.ts'
import {
  readSqliteAuditLines,
  sqliteFileName,
  sqliteRunStore,
} from '../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'

// Written by the folder store before the SQLite store, by fixtures/makeFolderStoreFixture.ts at
// commit b7d179e (the script went with the folder store; the fixture is committed as it wrote it):
// fs-2 ended after creating "Outline chapter 1", fs-5 denied write_memory "always" (rule fs-7),
// fs-8 waits on card fs-9 to create "Read chapter 3".
const fixture = fileURLToPath(new URL('./fixtures/folder-store-v1', import.meta.url))

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-import-'))
  await cp(fixture, dir, { recursive: true })
})
afterEach(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }))

const auditLines = () => {
  const db = new Database(join(dir, sqliteFileName), { readonly: true })
  try {
    return readSqliteAuditLines(db)
  } finally {
    db.close()
  }
}

test('a folder written by the old store is imported once: the card restores, the audit verifies, the rule denies, the files are kept aside', async () => {
  const oldAudit = (await readFile(join(fixture, 'audit.jsonl'), 'utf8')).split('\n').slice(0, -1)
  expect(oldAudit).toHaveLength(2)
  const workspace = await Workspace.open(dir)
  const model = new ScriptedModel([
    { text: 'Added it.' },
    { toolCalls: [{ id: 'c-again', name: 'write_memory', arguments: '{"text":"crams"}' }] },
    { text: 'Not remembered.' },
  ])
  const runtime = createAgentRuntime({ model, tools: createToolRegistry(), workspace })
  try {
    expect((await runtime.restore()).sort()).toEqual(['fs-5', 'fs-8'])
    // The old files are aside, byte for byte; none is left where the old store would read it.
    expect(
      (await readdir(dir)).filter((n) => ['runs', 'audit.jsonl', 'policies.json'].includes(n)),
    ).toEqual([])
    const aside = join(dir, importedFolderName)
    expect(await readFile(join(aside, 'audit.jsonl'), 'utf8')).toBe(
      await readFile(join(fixture, 'audit.jsonl'), 'utf8'),
    )
    expect(await readdir(join(aside, 'runs'))).toEqual(await readdir(join(fixture, 'runs')))
    // The audit lines are the old text exactly, and the chain holds.
    expect(auditLines()).toEqual(oldAudit)
    expect(verifyAuditChain(auditLines()).broken).toBeUndefined()
    expect((await runtime.listRuns()).runs.map((r) => [r.runId, r.status])).toEqual([
      ['fs-5', 'awaitingInput'],
      ['fs-8', 'awaitingConfirmation'],
      ['fs-2', 'cancelled'],
    ])

    expect(runtime.view('fs-8').pending?.confirmationId).toBe('fs-9')
    await runtime.submitConfirmation('fs-8', 'fs-9', 'allow')
    await waitForRun(runtime, 'fs-8', 'awaitingInput')
    expect((await workspace.readTasks()).map((t) => t.title)).toEqual([
      'Outline chapter 1',
      'Read chapter 3',
    ])
    await expect(runtime.submitConfirmation('fs-8', 'fs-9', 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })

    // The "always" deny rule came along and still answers the card.
    expect(runtime.policies.list().map((r) => [r.id, r.tool, r.effect])).toEqual([
      ['fs-7', 'write_memory', 'deny'],
    ])
    await runtime.sendInput('fs-5', 'remember that I cram')
    await waitForRun(runtime, 'fs-5', 'awaitingInput')
    await runtime.flush()
    const audit = await runtime.store?.readAudit()
    expect(
      audit?.slice(oldAudit.length).map((r) => [r.toolCallId, r.decidedBy, r.outcome]),
    ).toEqual([
      ['c-read', 'user', 'completed'],
      ['c-again', 'policy', 'denied'],
    ])
    expect(verifyAuditChain(auditLines())).toMatchObject({ lines: oldAudit.length + 2 })
    expect(verifyAuditChain(auditLines()).broken).toBeUndefined()
  } finally {
    await runtime.close()
  }

  // A second open imports nothing again.
  const again = createAgentRuntime({
    model: new ScriptedModel([]),
    tools: createToolRegistry(),
    workspace: await Workspace.open(dir),
  })
  await again.restore()
  await again.close()
  expect(auditLines()).toHaveLength(4)
})

test('a new workspace has no folder store to import: nothing is announced or moved aside', async () => {
  const fresh = await mkdtemp(join(tmpdir(), 'studypulse-new-'))
  try {
    // A new workspace lays out an empty runs/ folder, as the folder store's own layout did.
    await Workspace.create(fresh)
    expect(await readdir(join(fresh, 'runs'))).toEqual([])
    const store = sqliteRunStore(fresh)
    expect(await store.tidy()).toEqual([])
    await store.close()
    expect(await readdir(fresh)).not.toContain(importedFolderName)
  } finally {
    await rm(fresh, { recursive: true, force: true, maxRetries: 3 })
  }
})
