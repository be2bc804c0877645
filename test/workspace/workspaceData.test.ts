import { readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { artifactSlug } from '../../workspace/artifactFiles.ts'
import type { Task } from '../../workspace/schemas.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()
const now = '2026-01-01T00:00:00.000Z'

function task(id: string, title = `Task ${id}`): Task {
  return { id, title, done: false, createdAt: now, updatedAt: now }
}

function counter(prefix: string): () => string {
  let n = 0
  return () => `${prefix}-${++n}`
}

describe('tasks', () => {
  it('upsert appends, replaces by id, and delete returns the removed task', async () => {
    const ws = await Workspace.create(await tempDir())
    await ws.upsertTask(task('a'))
    await ws.upsertTask({ ...task('b'), importance: 4, notes: 'chapter 2' })
    const replaced = await ws.upsertTask({ ...task('a', 'Renamed'), done: true })
    expect(replaced.title).toBe('Renamed')
    expect((await ws.readTasks()).map((t) => [t.id, t.title, t.done])).toEqual([
      ['a', 'Renamed', true],
      ['b', 'Task b', false],
    ])
    expect(await ws.deleteTask('a')).toMatchObject({ id: 'a', title: 'Renamed' })
    expect(await ws.deleteTask('a')).toBeUndefined()
    expect((await ws.readTasks()).map((t) => t.id)).toEqual(['b'])
  })

  it('a missing tasks.json reads as empty and is recreated on write', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir)
    await rm(join(dir, 'tasks.json'))
    expect(await ws.readTasks()).toEqual([])
    await ws.upsertTask(task('x'))
    expect(JSON.parse(await readFile(join(dir, 'tasks.json'), 'utf8'))).toMatchObject({
      version: 1,
    })
  })
})

describe('memory', () => {
  it('appends entries with injected id and clock', async () => {
    const ws = await Workspace.create(await tempDir(), {
      clock: () => new Date('2026-03-04T05:06:07.000Z'),
      generateId: counter('m'),
    })
    const entry = await ws.appendMemory('  Likes flashcards  ')
    expect(entry).toEqual({
      id: 'm-1',
      text: 'Likes flashcards',
      createdAt: '2026-03-04T05:06:07.000Z',
    })
    await ws.appendMemory('Exam on Friday')
    expect((await ws.readMemory()).map((m) => m.id)).toEqual(['m-1', 'm-2'])
  })
})

describe('notebooks', () => {
  it('creates and finds notebooks', async () => {
    const ws = await Workspace.create(await tempDir(), { generateId: counter('nb') })
    const created = await ws.createNotebook('Biology 101', ['lecture-1.md', 'not-yet-written.md'])
    expect(created).toMatchObject({
      id: 'nb-1',
      title: 'Biology 101',
      sources: ['lecture-1.md', 'not-yet-written.md'],
    })
    expect(await ws.notebook('nb-1')).toEqual(created)
    expect(await ws.notebook('nope')).toBeUndefined()
    expect(await ws.readNotebooks()).toEqual([created])
  })
})

describe('artifacts', () => {
  it('saves markdown under a slug and lists it back', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir)
    const saved = await ws.saveArtifact('Krebs Cycle: Summary!', 'Acetyl-CoA enters.\nCO2 leaves.')
    expect(saved).toMatchObject({
      name: 'krebs-cycle-summary',
      title: 'Krebs Cycle: Summary!',
      content: 'Acetyl-CoA enters.\nCO2 leaves.',
    })
    expect(await readFile(join(dir, 'artifacts', 'krebs-cycle-summary.md'), 'utf8')).toBe(
      '# Krebs Cycle: Summary!\n\nAcetyl-CoA enters.\nCO2 leaves.\n',
    )
    expect(await ws.listArtifacts()).toEqual([saved])
  })

  it('overwrites an artifact with the same slug', async () => {
    const ws = await Workspace.create(await tempDir())
    await ws.saveArtifact('Quiz', 'one')
    await ws.saveArtifact('quiz!', 'two')
    const list = await ws.listArtifacts()
    expect(list.map((a) => [a.name, a.title, a.content])).toEqual([['quiz', 'quiz!', 'two']])
  })

  it('lists hand-written files: title from the first heading or the name, updatedAt from mtime', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir)
    await writeFile(join(dir, 'artifacts', 'plain.md'), 'no heading here\n')
    await writeFile(join(dir, 'artifacts', 'later.md'), 'intro\n# Later Heading\nbody\n')
    await writeFile(join(dir, 'artifacts', 'Bad Name.md'), '# ignored\n')
    await writeFile(join(dir, 'artifacts', 'notes.txt'), '# ignored\n')
    await writeFile(join(dir, 'secret.md'), '# secret\n')
    await symlink(join(dir, 'secret.md'), join(dir, 'artifacts', 'link.md'))
    await utimes(join(dir, 'artifacts', 'plain.md'), new Date(now), new Date(now))
    const list = await ws.listArtifacts()
    expect(list.map((a) => [a.name, a.title])).toEqual([
      ['later', 'Later Heading'],
      ['plain', 'plain'],
    ])
    expect(list[1]).toMatchObject({ content: 'no heading here\n', updatedAt: now })
  })

  it('slugs titles safely', () => {
    expect(artifactSlug('Café Notes — Week 3')).toBe('cafe-notes-week-3')
    expect(artifactSlug('!!!')).toBe('note')
    expect(artifactSlug('x'.repeat(100))).toHaveLength(80)
    expect(artifactSlug(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79))
    expect(artifactSlug('../../etc/passwd')).toBe('etc-passwd')
  })

  it('refuses a blank title or oversized content with invalid_data', async () => {
    const ws = await Workspace.create(await tempDir())
    await expect(ws.saveArtifact('   ', 'x')).rejects.toMatchObject({ code: 'invalid_data' })
    await expect(ws.saveArtifact('Big', 'x'.repeat(200_001))).rejects.toMatchObject({
      code: 'invalid_data',
    })
    expect(await ws.listArtifacts()).toEqual([])
  })
})
