import { readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import { closeFolderDatabase } from '../../workspace/sqlite/folderDatabase.ts'
import { SqliteWorkspace } from '../../workspace/sqlite/SqliteWorkspace.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { toolContext } from '../helpers/studyFixtures.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()
const tools = createToolRegistry()
const opened: string[] = []
afterEach(() => {
  for (const root of opened.splice(0)) closeFolderDatabase(root)
})

const kinds: [string, (root: string) => Promise<StudyWorkspace>][] = [
  [
    'the folder’s SQLite records',
    async (root) => {
      opened.push(root)
      return SqliteWorkspace.open(root)
    },
  ],
  ['the older folder workspace', (root) => Workspace.create(root)],
]

/** A workspace whose `artifacts/` (or a folder on its way) is a link to `outside/`. */
async function linked(open: (root: string) => Promise<StudyWorkspace>) {
  const root = await tempDir()
  const outside = await tempDir()
  const ws = await open(root)
  await writeFile(join(outside, 'thesis.md'), '# Thesis\nThree years of work\n')
  await rm(join(root, 'artifacts'), { recursive: true, force: true })
  await symlink(outside, join(root, 'artifacts'))
  return { ws, outside }
}

async function attempt<T>(step: () => Promise<T>): Promise<T | { thrown: unknown }> {
  try {
    return await step()
  } catch (error) {
    return { thrown: error }
  }
}

describe.each(kinds)('a linked artifacts/ folder (%s)', (_kind, open) => {
  it('delete_note never deletes outside the workspace; it says why', async () => {
    const { ws, outside } = await linked(open)
    const prepared = tools.prepare('c', 'delete_note', { name: 'Thesis' })
    const card = await attempt(() => tools.describe(prepared, ws))
    const version = 'target' in card ? card.target?.version : undefined
    const result = await attempt(() =>
      tools.execute(prepared, toolContext(ws, { expectedVersion: version ?? null })),
    )
    expect(await readFile(join(outside, 'thesis.md'), 'utf8')).toBe(
      '# Thesis\nThree years of work\n',
    )
    expect(JSON.stringify(result)).not.toMatch(/"ok":true/)
    await expect(ws.readArtifact('thesis')).rejects.toMatchObject({
      code: 'io_error',
      message: expect.stringContaining('artifacts/ in the workspace is a link to somewhere else'),
    })
    await expect(ws.listArtifacts()).rejects.toMatchObject({ code: 'io_error' })
  })

  it('save_artifact writes nothing through it', async () => {
    const { ws, outside } = await linked(open)
    await expect(ws.saveArtifact('Thesis', 'overwritten')).rejects.toMatchObject({
      code: 'io_error',
    })
    expect(await readFile(join(outside, 'thesis.md'), 'utf8')).toBe(
      '# Thesis\nThree years of work\n',
    )
  })
})

describe('plain folders', () => {
  it('a missing artifacts/ is made on the first save, and a note in it deletes as before', async () => {
    const root = await tempDir()
    opened.push(root)
    const ws = SqliteWorkspace.open(root)
    await rm(join(root, 'artifacts'), { recursive: true, force: true })
    expect(await ws.listArtifacts()).toEqual([])
    await ws.saveArtifact('Thesis', 'draft')
    const prepared = tools.prepare('c', 'delete_note', { name: 'Thesis' })
    const card = await tools.describe(prepared, ws)
    const done = await tools.execute(
      prepared,
      toolContext(ws, { expectedVersion: card.target?.version ?? null }),
    )
    expect(done).toMatchObject({ ok: true })
    expect(await ws.listArtifacts()).toEqual([])
  })
})
