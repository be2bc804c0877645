import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Workspace } from '../../workspace/Workspace.ts'
import { WorkspaceError } from '../../workspace/WorkspaceError.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()
const clock = () => new Date('2026-01-02T03:04:05.000Z')

async function json(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'))
}

async function rejection(promise: Promise<unknown>): Promise<WorkspaceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WorkspaceError)
  return error as WorkspaceError
}

describe('Workspace.create', () => {
  it('lays out the marker, data files and folders', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir, { clock })
    expect(ws.root).toBe(dir)
    expect(await json(join(dir, 'studypulse.json'))).toEqual({
      format: 'studypulse-workspace',
      version: 1,
      createdAt: '2026-01-02T03:04:05.000Z',
    })
    expect(await json(join(dir, 'tasks.json'))).toEqual({ version: 1, tasks: [] })
    expect(await json(join(dir, 'memory.json'))).toEqual({ version: 1, entries: [] })
    expect(await json(join(dir, 'notebooks.json'))).toEqual({ version: 1, notebooks: [] })
    for (const folder of ['artifacts', 'sources', 'runs']) {
      expect((await stat(join(dir, folder))).isDirectory()).toBe(true)
    }
    expect(ws.sourcesDir).toBe(join(dir, 'sources'))
    expect(ws.runsDir).toBe(join(dir, 'runs'))
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('creates a folder that does not exist yet, nested', async () => {
    const dir = join(await tempDir(), 'a', 'b')
    const ws = await Workspace.create(dir)
    expect(ws.root).toBe(dir)
    expect(await ws.readTasks()).toEqual([])
  })

  it('refuses a folder that already is a workspace, leaving it alone', async () => {
    const dir = await tempDir()
    await Workspace.create(dir, { clock })
    const before = await readFile(join(dir, 'studypulse.json'), 'utf8')
    const error = await rejection(Workspace.create(dir))
    expect(error.code).toBe('already_a_workspace')
    expect(await readFile(join(dir, 'studypulse.json'), 'utf8')).toBe(before)
  })

  it('refuses to adopt a stray tasks.json that is not workspace data', async () => {
    const dir = await tempDir()
    await writeFile(join(dir, 'tasks.json'), '{"todo": ["milk"]}')
    const error = await rejection(Workspace.create(dir))
    expect(error.code).toBe('corrupt_file')
    expect(error.file).toBe('tasks.json')
    expect(await readFile(join(dir, 'tasks.json'), 'utf8')).toBe('{"todo": ["milk"]}')
  })
})

describe('Workspace.open', () => {
  it('opens a workspace made by create, by a relative-free absolute root', async () => {
    const dir = await tempDir()
    await Workspace.create(dir)
    const ws = await Workspace.open(join(dir, '.', 'sources', '..'))
    expect(ws.root).toBe(dir)
  })

  it('refuses a folder without studypulse.json', async () => {
    const dir = await tempDir()
    const error = await rejection(Workspace.open(dir))
    expect(error.code).toBe('not_a_workspace')
    expect(error.message).toContain('studypulse.json')
  })

  it('refuses a folder that does not exist', async () => {
    const dir = join(await tempDir(), 'missing')
    const error = await rejection(Workspace.open(dir))
    expect(error.code).toBe('not_a_workspace')
  })

  it('refuses a path that is a file', async () => {
    const dir = await tempDir()
    await writeFile(join(dir, 'file.txt'), 'x')
    const error = await rejection(Workspace.open(join(dir, 'file.txt')))
    expect(error.code).toBe('not_a_workspace')
  })
})

describe('Workspace.openOrCreate', () => {
  it('creates when missing and opens when present', async () => {
    const dir = join(await tempDir(), 'ws')
    const first = await Workspace.openOrCreate(dir)
    await first.appendMemory('likes mornings')
    const second = await Workspace.openOrCreate(dir)
    expect(second.root).toBe(first.root)
    expect((await second.readMemory()).map((m) => m.text)).toEqual(['likes mornings'])
  })

  it('two concurrent calls on a fresh folder both succeed', async () => {
    const dir = join(await tempDir(), 'ws')
    const [a, b] = await Promise.all([Workspace.openOrCreate(dir), Workspace.openOrCreate(dir)])
    expect(a.root).toBe(b.root)
  })
})
