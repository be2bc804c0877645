import { describe, expect, test } from 'vitest'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import { WorkspaceError } from '../../workspace/WorkspaceError.ts'
import { storedTask } from '../helpers/studyFixtures.ts'

/** The compare-and-set writes every `StudyWorkspace` owes the describe step, on one kind of workspace. */
export function versionedWritesContract(name: string, open: () => Promise<StudyWorkspace>): void {
  describe(`${name}: versions and compare-and-set`, () => {
    test('a task has a version; equal content, equal version; a change moves it', async () => {
      const ws = await open()
      await ws.upsertTask(storedTask('a'))
      const first = await ws.readTask('a')
      expect(first?.value).toEqual(storedTask('a'))
      expect(first?.version).toMatch(/^[0-9a-f]{64}$/)
      expect((await ws.readTask('a'))?.version).toBe(first?.version)
      expect(await ws.readTask('missing')).toBeUndefined()
      await ws.upsertTask(storedTask('a', 'Task a', { due: '2026-12-07' }))
      expect((await ws.readTask('a'))?.version).not.toBe(first?.version)
    })

    test('updateTaskAt writes at the version shown, and nothing once the task moved on', async () => {
      const ws = await open()
      await ws.upsertTask(storedTask('a'))
      const shown = (await ws.readTask('a'))?.version ?? ''
      const done = await ws.updateTaskAt(storedTask('a', 'Task a', { done: true }), shown)
      expect(done).toMatchObject({ ok: true, value: { done: true } })
      const now = await ws.readTask('a')
      expect(done.ok && done.version).toBe(now?.version)

      // A second card made from the first version: refused, and it says what is there now.
      const stale = await ws.updateTaskAt(storedTask('a', 'Renamed'), shown)
      expect(stale).toEqual({ ok: false, code: 'target_changed', current: now })
      expect((await ws.readTasks()).map((t) => [t.title, t.done])).toEqual([['Task a', true]])

      // A task that went meanwhile cannot be brought back by an update.
      await ws.deleteTask('a')
      expect(await ws.updateTaskAt(storedTask('a'), now?.version ?? '')).toEqual({
        ok: false,
        code: 'target_changed',
      })
      expect(await ws.readTasks()).toEqual([])
    })

    test('updateTaskAt validates first: an invalid task is invalid_data whatever the version', async () => {
      const ws = await open()
      await ws.upsertTask(storedTask('a'))
      const shown = (await ws.readTask('a'))?.version ?? ''
      const error = await ws
        .updateTaskAt(storedTask('a', 'x', { importance: 9 }), shown)
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WorkspaceError)
      expect(error).toMatchObject({ code: 'invalid_data' })
      expect((await ws.readTask('a'))?.version).toBe(shown)
    })

    test('deleteTaskAt removes only the version shown', async () => {
      const ws = await open()
      await ws.upsertTask(storedTask('a'))
      await ws.upsertTask(storedTask('b'))
      const shown = (await ws.readTask('a'))?.version ?? ''
      await ws.upsertTask(storedTask('a', 'Something else entirely'))
      const refused = await ws.deleteTaskAt('a', shown)
      expect(refused).toMatchObject({
        ok: false,
        code: 'target_changed',
        current: { value: { title: 'Something else entirely' } },
      })
      expect((await ws.readTasks()).map((t) => t.id)).toEqual(['a', 'b'])
      const now = (await ws.readTask('a'))?.version ?? ''
      expect(await ws.deleteTaskAt('a', now)).toEqual({
        ok: true,
        value: storedTask('a', 'Something else entirely'),
        version: now,
      })
      expect((await ws.readTasks()).map((t) => t.id)).toEqual(['b'])
      expect(await ws.deleteTaskAt('a', now)).toEqual({ ok: false, code: 'target_changed' })
    })

    test('many writes at one version at once: exactly one lands', async () => {
      const ws = await open()
      await ws.upsertTask(storedTask('a'))
      const shown = (await ws.readTask('a'))?.version ?? ''
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => ws.updateTaskAt(storedTask('a', `Title ${i}`), shown)),
      )
      const winners = outcomes.flatMap((o, i) => (o.ok ? [i] : []))
      expect(winners).toHaveLength(1)
      expect((await ws.readTask('a'))?.value.title).toBe(`Title ${winners[0]}`)
    })

    test('forgetMemoryAt forgets the entry shown, not one that replaced it or another', async () => {
      const ws = await open()
      const kept = await ws.appendMemory('I like flashcards')
      const entry = await ws.appendMemory('I study in the morning')
      const shown = await ws.readMemoryEntry(entry.id)
      expect(shown?.value).toEqual(entry)
      expect(await ws.readMemoryEntry('nope')).toBeUndefined()
      expect(await ws.forgetMemoryAt(entry.id, 'not-the-version')).toMatchObject({
        ok: false,
        code: 'target_changed',
        current: shown,
      })
      expect(await ws.forgetMemoryAt(entry.id, shown?.version ?? '')).toEqual({
        ok: true,
        ...shown,
      })
      expect(await ws.readMemory()).toEqual([kept])
      expect(await ws.forgetMemoryAt(entry.id, shown?.version ?? '')).toEqual({
        ok: false,
        code: 'target_changed',
      })
    })

    test('saveArtifactAt: null saves only a new note; a version overwrites only what was shown', async () => {
      const ws = await open()
      const created = await ws.saveArtifactAt('Exam plan', 'Revise cells', null)
      expect(created).toMatchObject({
        ok: true,
        value: { name: 'exam-plan', content: 'Revise cells' },
      })
      const shown = await ws.readArtifact('exam-plan')
      expect(created.ok && created.version).toBe(shown?.version)
      expect(await ws.readArtifact('no-such-note')).toBeUndefined()
      expect(await ws.readArtifact('../escape')).toBeUndefined()

      // A "new note" card, when a note of that name appeared meanwhile: not overwritten.
      const twice = await ws.saveArtifactAt('Exam plan', 'Something else', null)
      expect(twice).toMatchObject({ ok: false, code: 'target_changed', current: shown })

      const overwrite = await ws.saveArtifactAt(
        'Exam plan',
        'Revise cells\nThen genetics',
        shown?.version ?? null,
      )
      expect(overwrite).toMatchObject({
        ok: true,
        value: { content: 'Revise cells\nThen genetics' },
      })
      const stale = await ws.saveArtifactAt('Exam plan', 'Old card', shown?.version ?? null)
      expect(stale).toMatchObject({ ok: false, code: 'target_changed' })
      expect((await ws.readArtifact('exam-plan'))?.value.content).toBe(
        'Revise cells\nThen genetics',
      )
    })
  })
}
