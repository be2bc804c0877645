import { beforeEach, describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { MemoryWorkspace } from '../../../workspace/MemoryWorkspace.ts'
import type { ExpectedVersion } from '../../../workspace/recordVersion.ts'
import { seedStudy, toolContext } from '../../helpers/studyFixtures.ts'

const tools = createToolRegistry()
let ws: MemoryWorkspace

beforeEach(async () => {
  ws = new MemoryWorkspace({ generateId: () => 'm1' })
  await seedStudy(ws)
})

const at = new Date('2026-12-01T10:00:00.000Z')
const describeCall = (name: string, args: object) =>
  tools.describe(tools.prepare('c', name, args), ws)
const run = (name: string, args: object, expectedVersion?: ExpectedVersion) =>
  tools.execute(tools.prepare('c', name, args), toolContext(ws, { expectedVersion, now: at }))
const permission = (name: string) =>
  tools.definitions().find((tool) => tool.name === name)?.permission
const plan = async () => (await ws.readArtifact('exam-plan'))?.value

describe('delete_note (destructive)', () => {
  it('the card shows the whole text that goes, bound to the note’s version; Allow deletes it', async () => {
    const card = await describeCall('delete_note', { name: 'Exam plan' })
    expect(permission('delete_note')).toBe('destructive')
    expect(card.headline).toBe('Delete your note “Exam plan” (3 lines)')
    expect(card.fields).toContainEqual({
      label: 'Text',
      before: 'Revise cells\nThen genetics\nSleep early',
    })
    expect(card.diff).toMatchObject({ added: 0, removed: 3 })
    expect(card.target).toEqual({
      kind: 'note',
      id: 'exam-plan',
      version: (await ws.readArtifact('exam-plan'))?.version,
    })
    const result = await run('delete_note', { name: 'Exam plan' }, card.target?.version)
    expect(result).toMatchObject({ ok: true, data: { deleted: { title: 'Exam plan' } } })
    expect(await ws.listArtifacts()).toEqual([])
  })

  it('a note changed after its card is not deleted (target_changed); a missing one is said', async () => {
    const card = await describeCall('delete_note', { name: 'exam-plan' })
    await ws.saveArtifact('Exam plan', 'rewritten elsewhere')
    const result = await run('delete_note', { name: 'exam-plan' }, card.target?.version)
    expect(result).toMatchObject({ ok: false, error: { code: 'target_changed' } })
    expect((await plan())?.content).toBe('rewritten elsewhere')
    const missing = await describeCall('delete_note', { name: 'Mitochondria' })
    expect(missing.notice?.code).toBe('target_missing')
    expect(await run('delete_note', { name: 'Mitochondria' })).toMatchObject({
      ok: false,
      error: { code: 'artifact_not_found' },
    })
  })
})

describe('update_note (write)', () => {
  it('append: the card is the line diff; Allow adds the line at the end', async () => {
    const args = { name: 'Exam plan', append: 'Past papers on Sunday' }
    const card = await describeCall('update_note', args)
    expect(permission('update_note')).toBe('write')
    expect(card.headline).toBe('Change your note “Exam plan” (add 1 line)')
    expect(card.diff).toMatchObject({ added: 1, removed: 0 })
    expect(await run('update_note', args, card.target?.version)).toMatchObject({ ok: true })
    expect((await plan())?.content).toBe(
      'Revise cells\nThen genetics\nSleep early\nPast papers on Sunday',
    )
  })

  it('content replaces the text; a new title renames (and moves) the note; both at once', async () => {
    const replaced = await describeCall('update_note', {
      name: 'exam-plan',
      content: 'Only genetics',
    })
    expect(replaced.headline).toBe('Change your note “Exam plan” (+1 −3 lines)')
    const args = { name: 'exam-plan', title: 'Revision plan', content: 'Only genetics' }
    const card = await describeCall('update_note', args)
    expect(card.headline).toBe(
      'Rename your note “Exam plan” to “Revision plan” and change it (+1 −3 lines)',
    )
    expect(card.fields).toEqual([{ label: 'Title', before: 'Exam plan', after: 'Revision plan' }])
    const result = await run('update_note', args, card.target?.version)
    expect(result).toMatchObject({
      ok: true,
      data: { name: 'revision-plan', title: 'Revision plan', renamedFrom: 'exam-plan' },
    })
    expect((await ws.listArtifacts()).map((n) => [n.title, n.content])).toEqual([
      ['Revision plan', 'Only genetics'],
    ])
  })

  it('refuses what cannot be meant: nothing to change, content with append, a title taken, a changed note', async () => {
    expect(() => tools.prepare('c', 'update_note', { name: 'exam-plan' })).toThrow(
      /title, content or append/,
    )
    expect(() =>
      tools.prepare('c', 'update_note', { name: 'exam-plan', content: 'a', append: 'b' }),
    ).toThrow(/content and append/)
    await ws.saveArtifact('Revision plan', 'mine')
    const taken = await describeCall('update_note', { name: 'exam-plan', title: 'Revision plan' })
    expect(taken.headline).toMatch(/exists already, so nothing would change/)
    expect(
      await run(
        'update_note',
        { name: 'exam-plan', title: 'Revision plan' },
        taken.target?.version,
      ),
    ).toMatchObject({ ok: false, error: { code: 'artifact_exists' } })
    const card = await describeCall('update_note', { name: 'exam-plan', append: 'x' })
    await ws.saveArtifact('Exam plan', 'rewritten elsewhere')
    expect(
      await run('update_note', { name: 'exam-plan', append: 'x' }, card.target?.version),
    ).toMatchObject({ ok: false, error: { code: 'target_changed' } })
    expect((await plan())?.content).toBe('rewritten elsewhere')
    expect((await ws.readArtifact('revision-plan'))?.value.content).toBe('mine')
  })
})
