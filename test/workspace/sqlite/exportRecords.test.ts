import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { exportDestination, exportRecords } from '../../../workspace/sqlite/exportRecords.ts'
import { closeFolderDatabase } from '../../../workspace/sqlite/folderDatabase.ts'
import { SqliteWorkspace } from '../../../workspace/sqlite/SqliteWorkspace.ts'
import { makeTempDirs } from '../tempDir.ts'

const tempDir = makeTempDirs()
const opened: string[] = []
afterEach(() => {
  for (const root of opened.splice(0)) closeFolderDatabase(root)
})

async function workspace(): Promise<{ root: string; ws: SqliteWorkspace }> {
  const root = await tempDir()
  opened.push(root)
  return { root, ws: SqliteWorkspace.open(root) }
}

describe('npm run export: where it writes', () => {
  it('writes into the workspace’s own export/, made if missing', async () => {
    const { root, ws } = await workspace()
    const into = await exportDestination(root)
    expect(into).toBe(join(root, 'export'))
    await exportRecords(ws, into)
    expect((await readdir(into)).sort()).toEqual(['memory.json', 'notebooks.json', 'tasks.json'])
  })

  it('refuses an export/ that is a link elsewhere, and replaces nothing there', async () => {
    const { root } = await workspace()
    const outside = await tempDir()
    await writeFile(join(outside, 'tasks.json'), 'mine, not the workspace’s')
    await symlink(outside, join(root, 'export'))
    await expect(exportDestination(root)).rejects.toMatchObject({
      code: 'io_error',
      message: expect.stringContaining('export/ in the workspace is a link to somewhere else'),
    })
    expect(await readFile(join(outside, 'tasks.json'), 'utf8')).toBe('mine, not the workspace’s')
  })

  it('writes where a person names, as named', async () => {
    const { root, ws } = await workspace()
    const chosen = join(await tempDir(), 'backup')
    await mkdir(chosen)
    const into = await exportDestination(root, chosen)
    expect(into).toBe(chosen)
    await exportRecords(ws, into)
    expect(await readdir(chosen)).toContain('tasks.json')
  })
})
