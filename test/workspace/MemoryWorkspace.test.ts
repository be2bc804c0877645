import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import type { Task } from '../../workspace/schemas.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()
const now = '2026-01-01T00:00:00.000Z'
const task = (id: unknown, title: unknown, extra: object = {}) =>
  ({ id, title, done: false, createdAt: now, updatedAt: now, ...extra }) as Task

const sources: Record<string, string> = {
  'lecture-1.md': '# Lecture 1\n\nPhotosynthesis.',
  'week 2/notes.md': 'Krebs cycle',
  'big.md': 'x'.repeat(1024 * 1024 + 1),
}

/** Both implementations with the same clock, the same ids and the same sources. */
async function both(): Promise<[string, StudyWorkspace][]> {
  const options = () => {
    let n = 0
    return { clock: () => new Date('2026-02-03T04:05:06.000Z'), generateId: () => `id-${++n}` }
  }
  const dir = await tempDir()
  const folder = await Workspace.create(dir, options())
  for (const [path, text] of Object.entries(sources)) {
    await mkdir(join(folder.sourcesDir, path, '..'), { recursive: true })
    await writeFile(join(folder.sourcesDir, path), text)
  }
  return [
    ['folder', folder],
    ['memory', new MemoryWorkspace({ ...options(), sources })],
  ]
}

/** What an operation gave: its value, or the code and message of the error it threw. */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    const value = await run()
    // Artifact times come from the file's mtime in a folder; compare everything else.
    return JSON.parse(JSON.stringify(value ?? null), (key, v) => (key === 'updatedAt' ? '…' : v))
  } catch (error) {
    const { name, code, message } = error as { name: string; code?: string; message: string }
    return { threw: name, code, message }
  }
}

// Each step runs on both workspaces; the answers must be identical, refusals included.
const steps: [string, (ws: StudyWorkspace) => Promise<unknown>][] = [
  ['upsert a task', (ws) => ws.upsertTask(task('a', 'Read chapter 3', { importance: 4 }))],
  ['upsert another', (ws) => ws.upsertTask(task('b', 'Flashcards'))],
  ['replace a task', (ws) => ws.upsertTask(task('a', 'Read chapter 4', { done: true }))],
  ['blank title', (ws) => ws.upsertTask(task('c', '   '))],
  ['blank id', (ws) => ws.upsertTask(task(' ', 'x'))],
  ['importance 9', (ws) => ws.upsertTask(task('c', 'x', { importance: 9 }))],
  ['unknown field', (ws) => ws.upsertTask(task('c', 'x', { colour: 'red' }))],
  ['not an object', (ws) => ws.upsertTask('task' as unknown as Task)],
  ['read tasks', (ws) => ws.readTasks()],
  ['delete a task', (ws) => ws.deleteTask('b')],
  ['delete it again', (ws) => ws.deleteTask('b')],
  ['remember', (ws) => ws.appendMemory('  Likes flashcards  ')],
  ['remember nothing', (ws) => ws.appendMemory('   ')],
  ['remember a number', (ws) => ws.appendMemory(42 as unknown as string)],
  ['read memory', (ws) => ws.readMemory()],
  ['save an artifact', (ws) => ws.saveArtifact('  Week 3\nPlan ', 'Mon: read\n\nTue: quiz')],
  ['save a second', (ws) => ws.saveArtifact('Café notes', '# not a title\ntext')],
  ['overwrite by slug', (ws) => ws.saveArtifact('week 3 plan', 'replaced')],
  ['blank artifact title', (ws) => ws.saveArtifact('   ', 'x')],
  ['oversized artifact', (ws) => ws.saveArtifact('Big', 'x'.repeat(200_001))],
  ['list artifacts', (ws) => ws.listArtifacts()],
  [
    'create a notebook',
    (ws) => ws.createNotebook(' Biology ', ['./lecture-1.md', 'lecture-1.md', 'week 2//notes.md']),
  ],
  ['traversal source', (ws) => ws.createNotebook('Bad', ['../etc/passwd'])],
  ['absolute source', (ws) => ws.createNotebook('Bad', ['/etc/passwd'])],
  ['sources not a list', (ws) => ws.createNotebook('Bad', 'x' as unknown as string[])],
  ['blank notebook title', (ws) => ws.createNotebook('  ', [])],
  ['read notebooks', (ws) => ws.readNotebooks()],
  ['find a notebook', async (ws) => ws.notebook((await ws.readNotebooks())[0]?.id ?? '')],
  ['read an allowed source', (ws) => ws.readSource(['lecture-1.md'], './lecture-1.md')],
  ['read a nested source', (ws) => ws.readSource(['week 2/notes.md'], 'week 2/notes.md')],
  ['read a source not listed', (ws) => ws.readSource(['lecture-1.md'], 'week 2/notes.md')],
  ['read a traversal', (ws) => ws.readSource(['lecture-1.md'], '../studypulse.json')],
  ['read a missing source', (ws) => ws.readSource(['missing.md'], 'missing.md')],
  ['read a source over 1 MiB', (ws) => ws.readSource(['big.md'], 'big.md')],
]

describe('MemoryWorkspace', () => {
  it('answers every operation exactly as the folder Workspace does, refusals and messages included', async () => {
    const workspaces = await both()
    for (const [label, step] of steps) {
      const [[, folder], [, memory]] = workspaces as [
        [string, StudyWorkspace],
        [string, StudyWorkspace],
      ]
      const expected = await outcome(() => step(folder))
      expect(await outcome(() => step(memory)), label).toEqual(expected)
    }
    // The refusals above were real refusals, not two identical crashes.
    const memory = new MemoryWorkspace()
    expect(await outcome(() => memory.upsertTask(task('c', ' ')))).toMatchObject({
      threw: 'WorkspaceError',
      code: 'invalid_data',
    })
  })

  it('hands out copies: changing a returned task does not change the store', async () => {
    const ws = new MemoryWorkspace()
    const saved = await ws.upsertTask(task('a', 'Read'))
    saved.title = 'changed'
    const [read] = await ws.readTasks()
    if (read) read.title = 'changed too'
    expect((await ws.readTasks())[0]?.title).toBe('Read')
  })

  it('withSamples gives the sample notebook, whose sources the read tool can see', async () => {
    const ws = await MemoryWorkspace.withSamples()
    const [notebook] = await ws.readNotebooks()
    expect(notebook?.title).toBe('Biology 101')
    expect((await ws.readTasks()).map((t) => t.title)).toContain('Review lecture 1 notes')
    const read = await ws.readSource(notebook?.sources ?? [], 'lecture-1.md')
    expect(read).toMatchObject({ ok: true, path: 'lecture-1.md' })
  })

  it('refuses a source path that could escape', () => {
    const ws = new MemoryWorkspace()
    expect(() => ws.writeSource('../x.md', 'x')).toThrow(/invalid source path/)
  })
})
