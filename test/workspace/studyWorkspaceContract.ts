import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import type { Task } from '../../workspace/schemas.ts'
import { WorkspaceError } from '../../workspace/WorkspaceError.ts'

/** A fresh workspace of one kind, with its source folder. */
export type OpenStudyWorkspace = (options: {
  clock: () => Date
  generateId: () => string
}) => Promise<{ workspace: StudyWorkspace; sourcesDir: string }>

const now = '2026-01-01T00:00:00.000Z'
const task = (id: string, title = `Task ${id}`): Task => ({
  id,
  title,
  done: false,
  createdAt: now,
  updatedAt: now,
})
const fixedClock = () => new Date('2026-03-04T05:06:07.000Z')
const counter = (prefix: string) => {
  let n = 0
  return () => `${prefix}-${++n}`
}

async function refused(promise: Promise<unknown>): Promise<WorkspaceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WorkspaceError)
  return error as WorkspaceError
}

/** What every `StudyWorkspace` owes the tools, run against one kind of workspace. */
export function studyWorkspaceContract(name: string, open: OpenStudyWorkspace): void {
  describe(`${name} keeps the StudyWorkspace contract`, () => {
    const fresh = (generateId = counter('id')) => open({ clock: fixedClock, generateId })

    test('tasks: upsert appends, replaces in place by id; delete returns the removed task', async () => {
      const { workspace } = await fresh()
      expect(await workspace.readTasks()).toEqual([])
      await workspace.upsertTask(task('a'))
      await workspace.upsertTask({ ...task('b'), importance: 4, notes: 'chapter 2' })
      expect(await workspace.upsertTask({ ...task('a', 'Renamed'), done: true })).toMatchObject({
        id: 'a',
        title: 'Renamed',
      })
      expect((await workspace.readTasks()).map((t) => [t.id, t.title, t.done])).toEqual([
        ['a', 'Renamed', true],
        ['b', 'Task b', false],
      ])
      expect(await workspace.deleteTask('a')).toMatchObject({ id: 'a', title: 'Renamed' })
      expect(await workspace.deleteTask('a')).toBeUndefined()
      expect((await workspace.readTasks()).map((t) => t.id)).toEqual(['b'])
    })

    test('an invalid task is refused as invalid_data and nothing is stored', async () => {
      const { workspace } = await fresh()
      expect((await refused(workspace.upsertTask(task(' ', 'x')))).code).toBe('invalid_data')
      const bad = { ...task('c'), importance: 9 }
      expect((await refused(workspace.upsertTask(bad))).message).toContain('importance')
      expect(await workspace.readTasks()).toEqual([])
    })

    test('memory: entries get the injected id and clock, oldest first; blank text is refused', async () => {
      const { workspace } = await fresh(counter('m'))
      expect(await workspace.appendMemory('  Likes flashcards  ')).toEqual({
        id: 'm-1',
        text: 'Likes flashcards',
        createdAt: '2026-03-04T05:06:07.000Z',
      })
      await workspace.appendMemory('Exam on Friday')
      expect((await refused(workspace.appendMemory('   '))).code).toBe('invalid_data')
      expect((await workspace.readMemory()).map((m) => [m.id, m.text])).toEqual([
        ['m-1', 'Likes flashcards'],
        ['m-2', 'Exam on Friday'],
      ])
    })

    test('artifacts: saved under a slug of the title, replaced by slug, listed by name', async () => {
      const { workspace } = await fresh()
      expect(await workspace.saveArtifact('  Week   plan ', 'Monday: read')).toMatchObject({
        name: 'week-plan',
        title: 'Week plan',
        content: 'Monday: read',
      })
      await workspace.saveArtifact('A summary', 'short')
      await workspace.saveArtifact('Week plan', 'Tuesday: write')
      expect((await workspace.listArtifacts()).map((a) => [a.name, a.title, a.content])).toEqual([
        ['a-summary', 'A summary', 'short'],
        ['week-plan', 'Week plan', 'Tuesday: write'],
      ])
      const tooLong = 'x'.repeat(200_001)
      expect((await refused(workspace.saveArtifact('Big', tooLong))).code).toBe('invalid_data')
      expect(await workspace.listArtifacts()).toHaveLength(2)
    })

    test('notebooks: sources normalized and deduplicated; a path out of the sources is refused', async () => {
      const { workspace } = await fresh(counter('nb'))
      const created = await workspace.createNotebook(' Biology ', ['./a//b.md', 'a/b.md', 'c.md'])
      expect(created).toEqual({
        id: 'nb-1',
        title: 'Biology',
        sources: ['a/b.md', 'c.md'],
        createdAt: '2026-03-04T05:06:07.000Z',
      })
      expect(await workspace.notebook('nb-1')).toEqual(created)
      expect(await workspace.notebook('nope')).toBeUndefined()
      const outside = await refused(workspace.createNotebook('Bad', ['../secret.md']))
      expect(outside.code).toBe('invalid_data')
      expect(await workspace.readNotebooks()).toEqual([created])
    })

    test('sources stay files: a listed one is read, an unlisted one is refused as data', async () => {
      const { workspace, sourcesDir } = await fresh()
      await mkdir(join(sourcesDir, 'bio'), { recursive: true })
      await writeFile(join(sourcesDir, 'bio', 'cells.md'), '# Cells\n')
      await writeFile(join(sourcesDir, 'private.md'), 'no')
      expect(await workspace.readSource(['bio/cells.md'], 'bio/cells.md')).toEqual({
        ok: true,
        path: 'bio/cells.md',
        content: '# Cells\n',
      })
      expect(await workspace.readSource(['bio/cells.md'], 'private.md')).toMatchObject({
        ok: false,
        error: { code: 'source_not_allowed' },
      })
    })
  })
}
