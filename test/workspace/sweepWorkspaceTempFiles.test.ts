import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sweepWorkspaceTempFiles } from '../../workspace/sweepWorkspaceTempFiles.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()

describe('start-up clean-up of the workspace', () => {
  it('sweeps temp files from the root, artifacts/ and sources/, and leaves runs/ and real files alone', async () => {
    const dir = await tempDir()
    await Workspace.create(dir)
    const temp = (name: string) => `.${name}.a1b2c3d4e5f6.tmp`
    await writeFile(join(dir, temp('tasks.json')), '{')
    await writeFile(join(dir, 'artifacts', temp('notes.md')), '# half')
    await writeFile(join(dir, 'artifacts', 'notes.md'), '# Notes\n')
    await writeFile(join(dir, 'sources', temp('lecture-1.md')), 'half')
    await mkdir(join(dir, 'runs', 'r1'), { recursive: true })
    await writeFile(join(dir, 'runs', 'r1', temp('snapshot.json')), '{')
    const removed = await sweepWorkspaceTempFiles(dir)
    expect(removed.sort()).toEqual(
      [
        temp('tasks.json'),
        `artifacts/${temp('notes.md')}`,
        `sources/${temp('lecture-1.md')}`,
      ].sort(),
    )
    expect(await readdir(join(dir, 'artifacts'))).toEqual(['notes.md'])
    // runs/ is the retired folder store's: its import moves the whole folder aside, as it is.
    expect(await readdir(join(dir, 'runs', 'r1'))).toEqual([temp('snapshot.json')])
  })

  it('sweeps a killed write’s temp file from changes/ (the kept changes undo reads), and keeps the changes', async () => {
    const dir = await tempDir()
    await Workspace.create(dir)
    const temp = '.c-1.json.a1b2c3d4e5f6.tmp'
    await mkdir(join(dir, 'changes'), { recursive: true })
    await writeFile(join(dir, 'changes', temp), '{"version":1,')
    await writeFile(join(dir, 'changes', 'c-0.json'), '{}')
    expect(await sweepWorkspaceTempFiles(dir)).toEqual([`changes/${temp}`])
    expect(await readdir(join(dir, 'changes'))).toEqual(['c-0.json'])
  })

  it('sweeps a killed export’s temp file from export/ (npm run export)', async () => {
    const dir = await tempDir()
    await Workspace.create(dir)
    const temp = '.tasks.json.a1b2c3d4e5f6.tmp'
    await mkdir(join(dir, 'export'))
    await writeFile(join(dir, 'export', temp), '{"version":1,')
    await writeFile(join(dir, 'export', 'memory.json'), '{}')
    expect(await sweepWorkspaceTempFiles(dir)).toEqual([`export/${temp}`])
    expect(await readdir(join(dir, 'export'))).toEqual(['memory.json'])
  })

  it('removes nothing through a folder that is a link elsewhere', async () => {
    const dir = await tempDir()
    const outside = await tempDir()
    await Workspace.create(dir)
    const temp = '.notes.md.a1b2c3d4e5f6.tmp'
    await writeFile(join(outside, temp), 'someone else’s')
    await rm(join(dir, 'artifacts'), { recursive: true })
    await symlink(outside, join(dir, 'artifacts'))
    expect(await sweepWorkspaceTempFiles(dir)).toEqual([])
    expect(await readdir(outside)).toEqual([temp])
  })
})
