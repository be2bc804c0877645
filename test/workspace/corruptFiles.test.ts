import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Task } from '../../workspace/schemas.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { WorkspaceError } from '../../workspace/WorkspaceError.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()
const now = '2026-01-01T00:00:00.000Z'
const aTask: Task = {
  id: 't1',
  title: 'Read chapter 3',
  done: false,
  createdAt: now,
  updatedAt: now,
}

async function rejection(promise: Promise<unknown>): Promise<WorkspaceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WorkspaceError)
  return error as WorkspaceError
}

const garbage = {
  'not JSON': '{"version": 1, "tasks": [',
  'schema-invalid JSON': '{"version": 2, "stuff": true}',
  'empty file': '',
}

type Case = {
  file: string
  read: (ws: Workspace) => Promise<unknown>
  write: (ws: Workspace) => Promise<unknown>
}
const cases: Case[] = [
  { file: 'tasks.json', read: (ws) => ws.readTasks(), write: (ws) => ws.upsertTask(aTask) },
  { file: 'tasks.json', read: (ws) => ws.readTasks(), write: (ws) => ws.deleteTask('t1') },
  { file: 'memory.json', read: (ws) => ws.readMemory(), write: (ws) => ws.appendMemory('a fact') },
  {
    file: 'notebooks.json',
    read: (ws) => ws.notebook('nb'),
    write: (ws) => ws.createNotebook('Bio', ['lecture-1.md']),
  },
]

describe('corrupt data files', () => {
  for (const { file, read, write } of cases) {
    for (const [kind, bytes] of Object.entries(garbage)) {
      it(`${file} (${kind}): reads and writes throw corrupt_file and the bytes stay`, async () => {
        const dir = await tempDir()
        const ws = await Workspace.create(dir)
        await writeFile(join(dir, file), bytes)
        const readError = await rejection(read(ws))
        expect(readError.code).toBe('corrupt_file')
        expect(readError.file).toBe(file)
        expect(readError.message).toContain(file)
        const writeError = await rejection(write(ws))
        expect(writeError.code).toBe('corrupt_file')
        expect(writeError.file).toBe(file)
        expect(await readFile(join(dir, file), 'utf8')).toBe(bytes)
      })
    }
  }

  it('says what is wrong: the JSON error, or the failing fields', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir)
    await writeFile(join(dir, 'tasks.json'), 'nope')
    expect((await rejection(ws.readTasks())).message).toMatch(
      /tasks\.json is corrupt: it is not valid JSON \(.+\)/,
    )
    const bad = { version: 1, tasks: [{ ...aTask, importance: 9 }] }
    await writeFile(join(dir, 'tasks.json'), JSON.stringify(bad))
    expect((await rejection(ws.readTasks())).message).toContain('tasks.0.importance')
  })
})

describe('corrupt studypulse.json', () => {
  for (const [kind, bytes] of Object.entries(garbage)) {
    it(`(${kind}): open throws corrupt_file and openOrCreate does not overwrite it`, async () => {
      const dir = await tempDir()
      await Workspace.create(dir)
      await writeFile(join(dir, 'studypulse.json'), bytes)
      const error = await rejection(Workspace.open(dir))
      expect(error.code).toBe('corrupt_file')
      expect(error.file).toBe('studypulse.json')
      expect(error.message).toContain('studypulse.json')
      const again = await rejection(Workspace.openOrCreate(dir, { samples: true }))
      expect(again.code).toBe('corrupt_file')
      await expect(Workspace.create(dir)).rejects.toMatchObject({ code: 'already_a_workspace' })
      expect(await readFile(join(dir, 'studypulse.json'), 'utf8')).toBe(bytes)
    })
  }
})

describe('invalid data', () => {
  const invalid: Array<[string, unknown]> = [
    ['empty id', { ...aTask, id: '' }],
    ['blank id', { ...aTask, id: '   ' }],
    ['importance 9', { ...aTask, importance: 9 }],
    ['blank title', { ...aTask, title: '  ' }],
    ['unknown field', { ...aTask, colour: 'red' }],
    ['bad date', { ...aTask, createdAt: 'yesterday' }],
  ]
  for (const [label, value] of invalid) {
    it(`upsertTask with ${label} throws invalid_data and writes nothing`, async () => {
      const dir = await tempDir()
      const ws = await Workspace.create(dir)
      await ws.upsertTask(aTask)
      const before = await readFile(join(dir, 'tasks.json'), 'utf8')
      const mtime = (await stat(join(dir, 'tasks.json'))).mtimeMs
      const error = await rejection(ws.upsertTask(value as Task))
      expect(error.code).toBe('invalid_data')
      expect(error.message).toMatch(/^invalid task: /)
      expect(await readFile(join(dir, 'tasks.json'), 'utf8')).toBe(before)
      expect((await stat(join(dir, 'tasks.json'))).mtimeMs).toBe(mtime)
    })
  }

  it('appendMemory and createNotebook refuse blank text and titles', async () => {
    const ws = await Workspace.create(await tempDir())
    await expect(ws.appendMemory('  ')).rejects.toMatchObject({ code: 'invalid_data' })
    await expect(ws.createNotebook('', [])).rejects.toMatchObject({ code: 'invalid_data' })
    expect(await ws.readMemory()).toEqual([])
    expect(await ws.readNotebooks()).toEqual([])
  })
})
