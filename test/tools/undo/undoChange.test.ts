import { describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import type { CallDescription } from '../../../vocabulary/CallDescription.ts'
import type { ToolResult } from '../../../vocabulary/ToolResult.ts'
import type { StudyWorkspace } from '../../../workspace/StudyWorkspace.ts'
import { seedStudy } from '../../helpers/studyFixtures.ts'
import { undoContext, undoSetupsOfFile } from './undoSetups.ts'

const undoSetups = undoSetupsOfFile()

const tools = createToolRegistry()

/** Describes the call on `ws` as its card, then allows it bound to that card's version. */
async function allow(
  ws: StudyWorkspace,
  name: string,
  args: object,
): Promise<{ card: CallDescription; result: ToolResult }> {
  const prepared = tools.prepare(`c-${name}`, name, args)
  const card = await tools.describe(prepared, ws)
  const bound = card.target === undefined ? undefined : card.target.version
  const result = await tools.execute(prepared, undoContext(ws, bound))
  return { card, result }
}

function changeIdOf(result: ToolResult): string {
  expect(result).toMatchObject({ ok: true, data: { changeId: expect.any(String) } })
  return (result as { data: { changeId: string } }).data.changeId
}

/** Each workspace tool, its arguments on the seeded workspace, and what its undo card must say. */
const changes: [string, (ws: StudyWorkspace) => Promise<object>, RegExp][] = [
  [
    'create_task',
    async () => ({ title: 'Read chapter 4', due: '2026-12-09' }),
    /^.{0,30}Undo adding the task “Read chapter 4”: remove it/,
  ],
  ['update_task (complete)', async () => ({ id: 't1', done: true }), /put task “Essay” back/],
  [
    'update_task (edit)',
    async () => ({ id: 't1', title: 'Essay v2', due: null }),
    /"label":"Title","before":"Essay v2","after":"Essay".*"label":"Due","before":"\(none\)","after":"Fri 4 Dec 2026"/,
  ],
  [
    'delete_task',
    async () => ({ id: 't1', title: 'Essay' }),
    /Undo deleting the task “Essay”: bring it back/,
  ],
  [
    'write_memory',
    async () => ({ text: 'I like flashcards' }),
    /Undo remembering “I like flashcards”: remove it/,
  ],
  [
    'forget_memory',
    async (ws) => ({ id: (await ws.readMemory())[0]?.id }),
    /Undo forgetting “I study in the morning”: bring it back/,
  ],
  [
    'save_artifact (new)',
    async () => ({ title: 'Cell notes', content: 'Mitochondria\n' }),
    /Undo saving the note “Cell notes”: remove it/,
  ],
  [
    'save_artifact (overwrite)',
    async () => ({ title: 'Exam plan', content: 'Only genetics' }),
    /put the note “Exam plan” back/,
  ],
  [
    'delete_note',
    async () => ({ name: 'Exam plan' }),
    /Undo deleting the note “Exam plan”: bring it back/,
  ],
  [
    'update_note (append)',
    async () => ({ name: 'exam-plan', append: 'Past papers on Sunday' }),
    /put the note “Exam plan” back/,
  ],
  [
    'update_note (rename)',
    async () => ({ name: 'Exam plan', title: 'Revision plan' }),
    /bring back the note “Exam plan”/,
  ],
]

const toolName = (label: string) => label.split(' ')[0] as string

describe.each(undoSetups)('undo on %s', (_, setup) => {
  it.each(changes)(
    '%s: allow → the undo card shows the inverse → allow → byte-for-byte as before',
    async (label, args, shows) => {
      const { ws, snapshot } = await setup()
      await seedStudy(ws)
      const before = await snapshot()
      const { result } = await allow(ws, toolName(label), await args(ws))
      const changeId = changeIdOf(result)
      const changed = await snapshot()
      expect(changed).not.toBe(before)

      const undoCall = tools.prepare('u1', 'undo_change', { changeId })
      const card = await tools.describe(undoCall, ws)
      expect(card.headline).toMatch(/^Undo /)
      expect(JSON.stringify(card)).toMatch(shows)
      expect(card.notice).toBeUndefined()
      // Deny: the card alone writes nothing.
      expect(await snapshot()).toBe(changed)

      const undone = await tools.execute(undoCall, undoContext(ws, card.target?.version ?? null))
      expect(undone).toMatchObject({ ok: true, data: { undid: changeId } })
      expect(await snapshot()).toBe(before)
    },
  )

  it('undo twice: the second is refused; the redo works once, and makes the change again', async () => {
    const { ws, snapshot } = await setup()
    await seedStudy(ws)
    const before = await snapshot()
    const changeId = changeIdOf((await allow(ws, 'update_task', { id: 't1', done: true })).result)
    const after = await snapshot()
    const undoId = changeIdOf((await allow(ws, 'undo_change', { changeId })).result)
    expect(await snapshot()).toBe(before)

    const again = await allow(ws, 'undo_change', { changeId })
    expect(again.card.notice?.code).toBe('already_undone')
    expect(again.result).toMatchObject({ ok: false, error: { code: 'already_undone' } })
    expect(await snapshot()).toBe(before)

    const redo = await allow(ws, 'undo_change', { changeId: undoId })
    expect(redo.card.headline).toMatch(/^Redo /)
    changeIdOf(redo.result)
    expect(await snapshot()).toBe(after)
    const redoAgain = await allow(ws, 'undo_change', { changeId: undoId })
    expect(redoAgain.result).toMatchObject({ ok: false, error: { code: 'already_undone' } })
    expect(await snapshot()).toBe(after)
  })

  it('the record changed after the change (another handle on it): target_changed, nothing written', async () => {
    const { ws, other, snapshot } = await setup()
    await seedStudy(ws)
    const changeId = changeIdOf((await allow(ws, 'update_task', { id: 't1', done: true })).result)
    // Someone else edits the task the change left.
    changeIdOf(
      (await allow(other, 'update_task', { id: 't1', title: 'Essay (edited elsewhere)' })).result,
    )
    const moved = await snapshot()
    const { card, result } = await allow(ws, 'undo_change', { changeId })
    expect(card.notice?.code).toBe('target_changed')
    // The card says what changed since, as it is now.
    expect(card.notice?.text).toMatch(
      /^Task “Essay \(edited elsewhere\)” changed since changing a task/,
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'target_changed' } })
    expect(await snapshot()).toBe(moved)
  })

  it('the record changed between the undo card and Allow: target_changed, nothing written', async () => {
    const { ws, other, snapshot } = await setup()
    await seedStudy(ws)
    const changeId = changeIdOf(
      (await allow(ws, 'save_artifact', { title: 'Exam plan', content: 'v2' })).result,
    )
    const undoCall = tools.prepare('u1', 'undo_change', { changeId })
    const card = await tools.describe(undoCall, ws)
    expect(card.notice).toBeUndefined()
    await other.saveArtifact('Exam plan', 'v3, written elsewhere')
    const moved = await snapshot()
    const result = await tools.execute(undoCall, undoContext(ws, card.target?.version ?? null))
    expect(result).toMatchObject({ ok: false, error: { code: 'target_changed' } })
    expect(await snapshot()).toBe(moved)
  })

  it('a change id that is not kept here: change_not_found, nothing written', async () => {
    const { ws, snapshot } = await setup()
    await seedStudy(ws)
    const before = await snapshot()
    const { card, result } = await allow(ws, 'undo_change', { changeId: 'no-such-change' })
    expect(card.notice?.code).toBe('target_missing')
    expect(result).toMatchObject({ ok: false, error: { code: 'change_not_found' } })
    expect(await snapshot()).toBe(before)
  })
})
