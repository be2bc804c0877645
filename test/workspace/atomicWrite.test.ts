import { mkdir, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../workspace/atomicWrite.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { WorkspaceError } from '../../workspace/WorkspaceError.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()

async function tempFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.tmp'))
}

describe('writeFileAtomic', () => {
  it('creates a file and replaces its content wholly', async () => {
    const dir = await tempDir()
    const path = join(dir, 'data.json')
    await writeFileAtomic(path, 'a much longer first version of the file\n')
    await writeFileAtomic(path, 'short\n')
    expect(await readFile(path, 'utf8')).toBe('short\n')
    expect(await tempFiles(dir)).toEqual([])
  })

  it('fails with io_error when the folder does not exist, leaving no temp file', async () => {
    const dir = await tempDir()
    const error = await writeFileAtomic(join(dir, 'missing', 'x.json'), 'x').catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(WorkspaceError)
    expect((error as WorkspaceError).code).toBe('io_error')
    expect(await readdir(dir)).toEqual([])
  })

  it('removes its temp file when the rename fails after writing', async () => {
    const dir = await tempDir()
    // A non-empty folder at the target path makes the final rename fail.
    await mkdir(join(dir, 'target', 'inner'), { recursive: true })
    const error = await writeFileAtomic(join(dir, 'target'), 'data').catch((e: unknown) => e)
    expect((error as WorkspaceError).code).toBe('io_error')
    expect(await tempFiles(dir)).toEqual([])
    expect(await readdir(dir)).toEqual(['target'])
  })

  it('leaves no temp files after many workspace writes', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir)
    for (let i = 0; i < 10; i++) await ws.appendMemory(`fact ${i}`)
    await ws.saveArtifact('Notes', 'body')
    expect(await tempFiles(dir)).toEqual([])
    expect(await tempFiles(join(dir, 'artifacts'))).toEqual([])
  })
})
