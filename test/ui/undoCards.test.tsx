// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import type { ToolResult } from '../../vocabulary/ToolResult.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import { seedStudy } from '../helpers/studyFixtures.ts'
import { undoContext } from '../tools/undo/undoSetups.ts'

afterEach(cleanup)
const tools = createToolRegistry()

/** Describes a call on `ws` as its card and allows it, bound to that card (the real tools). */
async function allow(ws: StudyWorkspace, name: string, args: object) {
  const prepared = tools.prepare(`c-${name}`, name, args)
  const card = await tools.describe(prepared, ws)
  const bound = card.target === undefined ? undefined : card.target.version
  const result: ToolResult = await tools.execute(prepared, undoContext(ws, bound))
  return { card, result }
}
const changeIdOf = (result: ToolResult) => (result as { data: { changeId: string } }).data.changeId

function undoRequest(description: CallDescription): ConfirmationRequest {
  return {
    confirmationId: 'k-1',
    toolCallId: 'u-1',
    toolName: 'undo_change',
    permission: 'destructive',
    preview: 'Undo a change',
    argumentsJson: '{"changeId":"x"}',
    requestedAt: '2026-11-30T09:00:00.000Z',
    description,
  }
}

// Issue #40 (4): the badge and the sentences agree with what the call does.
describe('undo cards say what the undo does', () => {
  it('an undo that brings a deleted task back is a write, not red destructive', async () => {
    const ws = new MemoryWorkspace()
    await seedStudy(ws)
    const deleted = await allow(ws, 'delete_task', { id: 't1' })
    const undo = tools.prepare('u', 'undo_change', { changeId: changeIdOf(deleted.result) })
    const description = await tools.describe(undo, ws)
    expect(description.bringsBack).toBe(true)
    render(<ConfirmationCard request={undoRequest(description)} onDecide={() => {}} />)
    const card = screen.getByRole('article')
    expect(card.querySelector('.sp-badge')?.getAttribute('data-permission')).toBe('write')
    expect(card.className).not.toContain('sp-card--destructive')
    expect(card.textContent).toContain('Undo deleting the task “Essay”: bring it back')
    expect(card.textContent).toContain('nothing is deleted or overwritten')
    expect(card.textContent).not.toMatch(/permanently/)
  })

  it('an undo that removes stays destructive', async () => {
    const ws = new MemoryWorkspace()
    await seedStudy(ws)
    const created = await allow(ws, 'create_task', { title: 'Read chapter 4' })
    const undo = tools.prepare('u', 'undo_change', { changeId: changeIdOf(created.result) })
    const description = await tools.describe(undo, ws)
    expect(description.bringsBack).toBeUndefined()
    render(<ConfirmationCard request={undoRequest(description)} onDecide={() => {}} />)
    expect(
      screen.getByRole('article').querySelector('.sp-badge')?.getAttribute('data-permission'),
    ).toBe('destructive')
  })

  it('a change undone already offers no Allow once; dismissing it says the true reason', async () => {
    const ws = new MemoryWorkspace()
    await seedStudy(ws)
    const created = await allow(ws, 'create_task', { title: 'Read chapter 4' })
    const changeId = changeIdOf(created.result)
    await allow(ws, 'undo_change', { changeId })
    const again = await tools.describe(tools.prepare('u2', 'undo_change', { changeId }), ws)
    expect(again.notice?.code).toBe('already_undone')
    const decided: string[] = []
    const { rerender } = render(
      <ConfirmationCard request={undoRequest(again)} onDecide={(key) => decided.push(key)} />,
    )
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull()
    expect(screen.queryByRole('button', { name: /More choices/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(decided).toEqual(['deny'])
    rerender(<ConfirmationCard request={undoRequest(again)} outcome="denied" onDecide={() => {}} />)
    expect(screen.getByRole('status').textContent).toBe(
      'Dismissed: Adding the task “Read chapter 4” was undone already, so nothing would change. Undoing that undo makes it again. Nothing was changed.',
    )
  })
})
