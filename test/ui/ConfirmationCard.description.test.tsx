// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import { buildTranscript } from '../../ui/core/buildTranscript.ts'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'
import { toConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { seedStudy } from '../helpers/studyFixtures.ts'

const at = '2026-11-30T09:00:00.000Z'
const descriptions: Record<string, CallDescription> = {}
const args: Record<string, object> = {
  update_task: { id: 't1', due: '2026-12-07' },
  update_task_earlier: { id: 't1', due: '2026-12-02' },
  save_artifact: { title: 'Exam plan', content: 'Revise cells\nThen ecology\nSleep early' },
  delete_task: { id: 't1', title: 'Something else entirely' },
}

// Real descriptions, made by the real tools from a real (in-memory) workspace.
beforeAll(async () => {
  const ws = new MemoryWorkspace()
  await seedStudy(ws)
  const tools = createCoreToolRegistry()
  for (const [name, a] of Object.entries(args)) {
    const tool = name.replace(/_earlier$/, '')
    descriptions[name] = await tools.describe(tools.prepare('c', tool, a), ws)
  }
})
afterEach(cleanup)

const request = (
  toolName: string,
  over: Partial<ConfirmationRequest> = {},
): ConfirmationRequest => ({
  confirmationId: 'c-1',
  toolCallId: 'call-1',
  toolName,
  permission: toolName === 'delete_task' ? 'destructive' : 'write',
  preview: 'the preview, made before the workspace was read',
  argumentsJson: JSON.stringify(args[toolName]),
  requestedAt: at,
  description: descriptions[toolName],
  ...over,
})

describe('a card with a description', () => {
  it('says when the proposed due date is earlier than the current one', () => {
    render(
      <ConfirmationCard
        request={request('update_task_earlier', { toolName: 'update_task' })}
        onDecide={() => {}}
      />,
    )
    const card = screen.getByRole('article', { name: /due Fri 4 Dec 2026 → Wed 2 Dec 2026/ })
    const notice = within(card).getByText(/is earlier than the current one, Fri 4 Dec 2026/)
    expect(notice.closest('[data-notice]')?.getAttribute('data-notice')).toBe('earlier_date')
    cleanup()
    render(<ConfirmationCard request={request('update_task')} onDecide={() => {}} />)
    expect(screen.queryByText(/is earlier than the current one/)).toBeNull()
  })

  it('headlines what the workspace says and shows a field table of now and after', () => {
    render(<ConfirmationCard request={request('update_task')} onDecide={() => {}} />)
    const card = screen.getByRole('article', {
      name: 'Change “Essay”: due Fri 4 Dec 2026 → Mon 7 Dec 2026',
    })
    expect(screen.queryByText('the preview, made before the workspace was read')).toBeNull()
    const table = within(card).getByRole('table', { name: 'What changes' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Field', 'Now', 'After'])
    const due = within(table).getByRole('rowheader', { name: 'Due' }).closest('tr') as HTMLElement
    expect(due.dataset.changed).toBe('true')
    expect(due.querySelector('del')?.textContent).toBe('Fri 4 Dec 2026')
    expect(due.querySelector('ins')?.textContent).toBe('Mon 7 Dec 2026')
    const title = within(table)
      .getByRole('rowheader', { name: 'Title' })
      .closest('tr') as HTMLElement
    expect(title.textContent).toContain('Essay (unchanged)')
    // The decision still starts on Deny.
    expect(document.activeElement?.textContent).toBe('Deny')
  })

  it('shows a note overwrite as a line diff told in marks and words, not colour alone', () => {
    render(<ConfirmationCard request={request('save_artifact')} onDecide={() => {}} />)
    expect(screen.getByText('Overwrite your note “Exam plan” (+1 −1 lines)')).toBeTruthy()
    const diff = screen.getByRole('region', { name: 'Line by line: 1 line added, 1 line removed' })
    expect(diff.tabIndex).toBe(0)
    const rows = within(diff)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['1', '1', ' unchanged', 'Revise cells'],
      ['2', '', '−removed', 'Then genetics'],
      ['', '2', '+added', 'Then ecology'],
      ['3', '3', ' unchanged', 'Sleep early'],
    ])
    expect(diff.querySelector('del')?.textContent).toBe('Then genetics')
    expect(diff.querySelector('ins')?.textContent).toBe('Then ecology')
  })

  it('shows a delete as the whole stored record under its real name, and says when the call claimed another', () => {
    render(<ConfirmationCard request={request('delete_task')} onDecide={() => {}} />)
    expect(screen.getByText('Delete task “Essay”')).toBeTruthy()
    const table = screen.getByRole('table', { name: 'What goes' })
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'FieldIs now',
      'TitleEssay',
      'DueFri 4 Dec 2026',
      'Doneno',
      'CreatedMon 30 Nov 2026',
    ])
    expect(screen.getByText(/The request called it “Something else entirely”/)).toBeTruthy()
  })

  it('without a description the card is as before: the preview and no tables', () => {
    const { description: _, ...plain } = request('update_task')
    render(<ConfirmationCard request={plain} onDecide={() => {}} />)
    expect(screen.getByText('the preview, made before the workspace was read')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})

describe('a card whose target changed before Allow', () => {
  const event = (seq: number, over: Partial<AgentEvent>): AgentEvent =>
    ({ runId: 'r', seq, at, toolCallId: 'call-1', toolName: 'update_task', ...over }) as AgentEvent
  const events: AgentEvent[] = [
    event(1, {
      kind: 'toolRequested',
      preview: 'Update task t1: due → Mon 7 Dec 2026',
      permission: 'write',
    }),
    event(2, {
      kind: 'confirmationRequired',
      confirmationId: 'k1',
      permission: 'write',
      preview: 'Update task t1: due → Mon 7 Dec 2026',
    }),
    event(3, {
      kind: 'confirmationResolved',
      confirmationId: 'k1',
      decision: 'allow',
      decidedBy: 'user',
    }),
    event(4, {
      kind: 'toolFailed',
      error: { code: 'target_changed', message: 'Task t1 changed after the card was shown' },
    }),
  ]

  it('the event carries the description to the card', () => {
    const withDescription = { ...events[1], description: descriptions.update_task } as AgentEvent
    expect(toConfirmationRequest(withDescription).description).toEqual(descriptions.update_task)
  })

  it('says so on the card and in the chat', () => {
    const items = buildTranscript(events, false)
    const card = items.find((item) => item.kind === 'confirmation')
    expect(card).toMatchObject({ outcome: 'changed' })
    expect(items.at(-1)).toMatchObject({
      kind: 'activity',
      ok: false,
      text: 'Nothing was written: Update task t1: due → Mon 7 Dec 2026. It changed after the card was shown (in another window or device).',
    })
    if (card?.kind !== 'confirmation') throw new Error('no card')
    render(<ConfirmationCard request={card.request} outcome={card.outcome} onDecide={() => {}} />)
    expect(screen.getByRole('status').textContent).toBe(
      'Allowed, but this changed after the card was shown, so nothing was written. Ask again to see it as it is now.',
    )
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull()
  })
})
