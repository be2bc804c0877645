import { beforeEach, describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import type { ExpectedVersion } from '../../workspace/recordVersion.ts'
import type { Task } from '../../workspace/schemas.ts'
import { seedStudy, storedTask, toolContext } from '../helpers/studyFixtures.ts'

const tools = createToolRegistry()
let ws: MemoryWorkspace

beforeEach(async () => {
  ws = new MemoryWorkspace({ generateId: () => 'm1' })
  await seedStudy(ws)
  await ws.upsertTask(storedTask('t2', 'Review lecture 1 notes', { importance: 3 }))
})

const context = (expectedVersion?: ExpectedVersion) =>
  toolContext(ws, { expectedVersion, now: new Date('2026-12-01T10:00:00.000Z') })
const describeCall = (name: string, args: object) =>
  tools.describe(tools.prepare('c', name, args), ws)
const run = (name: string, args: object, expectedVersion?: ExpectedVersion) =>
  tools.execute(tools.prepare('c', name, args), context(expectedVersion))

describe('previews say what matters', () => {
  it('create_task puts the due date and importance in the headline, and every field in the table', async () => {
    const args = { title: 'Review chapter 3', due: '2026-12-04', importance: 4 }
    expect(tools.prepare('c', 'create_task', args).preview).toBe(
      'Create task “Review chapter 3”, due Fri 4 Dec 2026, importance 4 of 5',
    )
    expect(await describeCall('create_task', args)).toEqual({
      version: 1,
      headline: 'Create task “Review chapter 3”, due Fri 4 Dec 2026, importance 4 of 5',
      fields: [
        { label: 'Title', after: 'Review chapter 3' },
        { label: 'Due', after: 'Fri 4 Dec 2026' },
        { label: 'Importance', after: '4 of 5' },
        { label: 'Done', after: 'no' },
      ],
    })
  })

  it('list_tasks says its filter', () => {
    expect(tools.prepare('c', 'list_tasks', {}).preview).toBe('List your tasks')
    expect(tools.prepare('c', 'list_tasks', { done: false, due_to: '2026-12-06' }).preview).toBe(
      'List your open tasks due by Sun 6 Dec 2026',
    )
  })
})

describe('update_task', () => {
  it('describes a move as a field table from the stored task, bound to its version', async () => {
    const description = await describeCall('update_task', { id: 't1', due: '2026-12-07' })
    expect(description).toEqual({
      version: 1,
      headline: 'Change “Essay”: due Fri 4 Dec 2026 → Mon 7 Dec 2026',
      fields: [
        { label: 'Title', before: 'Essay', after: 'Essay' },
        { label: 'Due', before: 'Fri 4 Dec 2026', after: 'Mon 7 Dec 2026' },
      ],
      target: { kind: 'task', id: 't1', version: (await ws.readTask('t1'))?.version },
    })
  })

  it('says so on the card when the new due date is earlier than the current one, and only then', async () => {
    const earlier = await describeCall('update_task', { id: 't1', due: '2026-12-02' })
    expect(earlier.notice).toEqual({
      code: 'earlier_date',
      text: 'The new due date, Wed 2 Dec 2026, is earlier than the current one, Fri 4 Dec 2026.',
    })
    expect(
      (await describeCall('update_task', { id: 't1', due: '2026-12-07' })).notice,
    ).toBeUndefined()
    expect(
      (await describeCall('update_task', { id: 't1', due: '2026-12-04' })).notice,
    ).toBeUndefined()
    // A task without a due date has nothing to be earlier than.
    expect(
      (await describeCall('update_task', { id: 't2', due: '2026-12-02' })).notice,
    ).toBeUndefined()
  })

  it('"mark X as done" is update_task with done', async () => {
    const description = await describeCall('update_task', { id: 't2', done: true })
    expect(description.headline).toBe('Mark “Review lecture 1 notes” as done')
    expect(description.fields).toContainEqual({ label: 'Done', before: 'no', after: 'yes' })
    const result = await run('update_task', { id: 't2', done: true }, description.target?.version)
    expect(result).toMatchObject({ ok: true, data: { changed: ['done'], task: { done: true } } })
    expect((await ws.readTask('t2'))?.value).toMatchObject({
      done: true,
      updatedAt: '2026-12-01T10:00:00.000Z',
    })
  })

  it('clears a field with null, and refuses a call that changes nothing', async () => {
    await run('update_task', { id: 't2', importance: null, notes: 'chapter 1 only' })
    expect((await ws.readTask('t2'))?.value).toMatchObject({ notes: 'chapter 1 only' })
    expect((await ws.readTask('t2'))?.value.importance).toBeUndefined()
    expect(() => tools.prepare('c', 'update_task', { id: 't2' })).toThrow(/nothing to change/)
  })

  it('bound to a version that moved on, it writes nothing and says target_changed', async () => {
    const shown = (await describeCall('update_task', { id: 't1', due: '2026-12-07' })).target
      ?.version
    await ws.upsertTask({ ...(await ws.readTasks())[0], title: 'Essay (draft 2)' } as Task)
    const result = await run('update_task', { id: 't1', due: '2026-12-07' }, shown)
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'target_changed', details: { kind: 'task', id: 't1' } },
    })
    expect((await ws.readTask('t1'))?.value.due).toBe('2026-12-04')
  })

  it('a missing task is described so, and a task made after a card that said so is not touched', async () => {
    const description = await describeCall('update_task', { id: 't9', done: true })
    expect(description).toMatchObject({
      notice: { code: 'target_missing' },
      target: { kind: 'task', id: 't9', version: null },
    })
    expect(await run('update_task', { id: 't9', done: true })).toMatchObject({
      error: { code: 'task_not_found' },
    })
    await ws.upsertTask(storedTask('t9', 'New'))
    expect(await run('update_task', { id: 't9', done: true }, null)).toMatchObject({
      error: { code: 'target_changed' },
    })
    expect((await ws.readTask('t9'))?.value.done).toBe(false)
  })
})

describe('delete_task', () => {
  it('shows the stored task whole, under its real title, whatever the call claims', async () => {
    const description = await describeCall('delete_task', {
      id: 't1',
      title: 'Something else entirely',
    })
    expect(description.headline).toBe('Delete task “Essay”')
    expect(description.fields).toEqual([
      { label: 'Title', before: 'Essay' },
      { label: 'Due', before: 'Fri 4 Dec 2026' },
      { label: 'Done', before: 'no' },
      { label: 'Created', before: 'Mon 30 Nov 2026' },
    ])
    expect(description.notice).toEqual({
      code: 'claim_differs',
      text: 'The request called it “Something else entirely”; the task it would delete is “Essay”.',
    })
    // Bound to what the card showed (the real task), it deletes that task.
    const result = await run(
      'delete_task',
      { id: 't1', title: 'Something else entirely' },
      description.target?.version,
    )
    expect(result).toMatchObject({ ok: true, data: { deleted: { id: 't1', title: 'Essay' } } })
  })

  it('unbound it still refuses a title that is not the task’s', async () => {
    expect(await run('delete_task', { id: 't1', title: 'Something else' })).toMatchObject({
      error: { code: 'task_mismatch' },
    })
    expect(await ws.readTask('t1')).toBeDefined()
  })
})

describe('forget_memory', () => {
  it('shows what will be forgotten and forgets exactly that entry', async () => {
    const description = await describeCall('forget_memory', { id: 'm1' })
    expect(description).toMatchObject({
      headline: 'Forget “I study in the morning”',
      fields: [{ label: 'Remembered', before: 'I study in the morning' }, { label: 'Since' }],
      target: { kind: 'memory', id: 'm1' },
    })
    expect(await run('forget_memory', { id: 'm1' }, description.target?.version)).toMatchObject({
      ok: true,
      data: { forgotten: { text: 'I study in the morning' } },
    })
    expect(await ws.readMemory()).toEqual([])
    expect(await run('forget_memory', { id: 'm1' }, description.target?.version)).toMatchObject({
      error: { code: 'target_changed' },
    })
    expect(await run('forget_memory', { id: 'm1' })).toMatchObject({
      error: { code: 'memory_not_found' },
    })
  })
})

describe('save_artifact', () => {
  it('an overwrite is shown as one, with a line diff of the note', async () => {
    const content = 'Revise cells\nThen ecology\nSleep early'
    const description = await describeCall('save_artifact', { title: 'Exam plan', content })
    expect(description.headline).toBe('Overwrite your note “Exam plan” (+1 −1 lines)')
    expect(description.diff).toEqual({
      added: 1,
      removed: 1,
      hunks: [
        {
          oldStart: 1,
          oldLines: 3,
          newStart: 1,
          newLines: 3,
          lines: [
            { kind: 'same', text: 'Revise cells' },
            { kind: 'removed', text: 'Then genetics' },
            { kind: 'added', text: 'Then ecology' },
            { kind: 'same', text: 'Sleep early' },
          ],
        },
      ],
    })
    expect(description.target).toEqual({
      kind: 'note',
      id: 'exam-plan',
      version: (await ws.readArtifact('exam-plan'))?.version,
    })
    expect(
      await run('save_artifact', { title: 'Exam plan', content }, description.target?.version),
    ).toMatchObject({
      ok: true,
      data: { name: 'exam-plan', overwrote: true },
    })
  })

  it('a new note is shown whole, bound to “none yet”: one saved meanwhile is not overwritten', async () => {
    const description = await describeCall('save_artifact', {
      title: 'Week plan',
      content: 'Mon: read\nTue: write',
    })
    expect(description).toMatchObject({
      headline: 'Save a new note “Week plan” (2 lines)',
      diff: { added: 2, removed: 0 },
      target: { kind: 'note', id: 'week-plan', version: null },
    })
    await ws.saveArtifact('Week plan', 'Made in another tab')
    const result = await run('save_artifact', { title: 'Week plan', content: 'Mon: read' }, null)
    expect(result).toMatchObject({ error: { code: 'target_changed' } })
    expect((await ws.readArtifact('week-plan'))?.value.content).toBe('Made in another tab')
  })
})

describe('the read tools a student needs', () => {
  it('list_tasks filters by due date and done', async () => {
    await ws.upsertTask(storedTask('t3', 'Old', { due: '2026-11-01', done: true }))
    const titles = async (args: object) =>
      ((await run('list_tasks', args)) as { data: { tasks: { title: string }[] } }).data.tasks.map(
        (t) => t.title,
      )
    expect(await titles({})).toEqual(['Essay', 'Review lecture 1 notes', 'Old'])
    expect(await titles({ done: false })).toEqual(['Essay', 'Review lecture 1 notes'])
    expect(await titles({ due_to: '2026-12-06', done: false })).toEqual(['Essay'])
    expect(await titles({ due_from: '2026-12-05' })).toEqual([])
    expect(await titles({ done: true })).toEqual(['Old'])
    expect(() =>
      tools.prepare('c', 'list_tasks', { due_from: '2026-12-06', due_to: '2026-12-01' }),
    ).toThrow(/due_from is after due_to/)
  })

  it('list_memory, list_artifacts and read_artifact read what is there', async () => {
    expect(await run('list_memory', {})).toMatchObject({
      data: { entries: [{ id: 'm1', text: 'I study in the morning' }] },
    })
    expect(await run('list_artifacts', {})).toMatchObject({
      data: {
        artifacts: [
          {
            name: 'exam-plan',
            title: 'Exam plan',
            lines: 3,
            excerpt: 'Revise cells Then genetics Sleep early',
          },
        ],
      },
    })
    expect(await run('read_artifact', { name: 'Exam Plan' })).toMatchObject({
      data: { name: 'exam-plan', content: 'Revise cells\nThen genetics\nSleep early' },
    })
    expect(await run('read_artifact', { name: 'nope' })).toMatchObject({
      error: { code: 'artifact_not_found' },
    })
  })
})
