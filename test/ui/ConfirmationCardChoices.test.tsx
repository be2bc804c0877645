// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'
import { lastingDecisions } from '../../ui/core/cardDecisions.ts'
import { RunCommandError } from '../../ui/core/RunCommandError.ts'

const request = (over: Partial<ConfirmationRequest> = {}): ConfirmationRequest => ({
  confirmationId: 'c-1',
  toolCallId: 'call-1',
  toolName: 'create_task',
  permission: 'write',
  preview: 'Create task “Review chapter 3”',
  argumentsJson: '{"title":"Review chapter 3","importance":4}',
  requestedAt: '2026-11-30T09:00:00.000Z',
  ...over,
})

afterEach(cleanup)

describe('ConfirmationCard: lasting decisions, who decided, and Edit', () => {
  it('keeps lasting decisions behind "More choices"; allow-for-run/session only on write cards', () => {
    const onDecide = vi.fn()
    const write = request()
    const { rerender } = render(
      <ConfirmationCard
        request={write}
        onDecide={onDecide}
        moreDecisions={lastingDecisions(write)}
      />,
    )
    const deny = screen.getByRole('button', { name: 'Deny' })
    expect(document.activeElement).toBe(deny)
    expect(screen.queryByRole('button', { name: 'Allow adding tasks for this session' })).toBeNull()
    const toggle = screen.getByRole('button', { name: /More choices/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(
      screen.getAllByRole('button').map((b) => b.textContent?.replace(/[▴▾]/g, '').trim()),
    ).toEqual([
      'More choices',
      'Deny',
      'Allow once',
      'Allow adding tasks in this conversation',
      'Allow adding tasks for this session',
      'Always deny adding tasks',
    ])
    for (const button of screen.getAllByRole('button'))
      expect(button.getAttribute('type')).toBe('button')

    const destructive = request({
      confirmationId: 'c-2',
      toolName: 'delete_task',
      permission: 'destructive',
      preview: 'Delete task “Old notes” permanently',
    })
    rerender(
      <ConfirmationCard
        request={destructive}
        onDecide={onDecide}
        moreDecisions={lastingDecisions(destructive)}
      />,
    )
    expect(screen.queryByRole('button', { name: /Allow deleting tasks/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Always deny deleting tasks' }))
    expect(onDecide).toHaveBeenCalledWith(
      'deny-always',
      expect.objectContaining({ confirmationId: 'c-2' }),
    )
  })

  it('sends a lasting decision once, and then says what it kept', async () => {
    const onDecide = vi.fn(() => Promise.resolve())
    const { rerender } = render(
      <ConfirmationCard
        request={request()}
        onDecide={onDecide}
        moreDecisions={lastingDecisions(request())}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: /More choices/ }))
    const session = screen.getByRole('button', { name: 'Allow adding tasks for this session' })
    await act(async () => {
      fireEvent.click(session)
      fireEvent.click(session)
    })
    expect(onDecide).toHaveBeenCalledTimes(1)
    expect(onDecide).toHaveBeenCalledWith('allow-session', expect.anything())
    rerender(
      <ConfirmationCard
        request={request()}
        outcome="allowed"
        resolution={{ decidedBy: 'user' }}
        onDecide={onDecide}
        moreDecisions={lastingDecisions(request())}
      />,
    )
    expect(screen.getByRole('status').textContent).toBe(
      'Allowed. Adding tasks is allowed for the rest of this session.',
    )
  })

  it('says who decided: your rule (by name, without its id), or the clock', () => {
    const { rerender } = render(
      <ConfirmationCard
        request={request()}
        outcome="allowed"
        resolution={{ decidedBy: 'policy', rule: 'allow create_task for this session (rule id-7)' }}
        onDecide={() => {}}
      />,
    )
    expect(screen.getByRole('status').textContent).toBe(
      'Allowed by your rule: allow adding tasks for this session.',
    )
    expect(document.querySelector('[data-decided-by="policy"]')).not.toBeNull()
    rerender(
      <ConfirmationCard
        request={request()}
        outcome="denied"
        resolution={{ decidedBy: 'policy', rule: 'always deny create_task (rule id-9)' }}
        onDecide={() => {}}
      />,
    )
    expect(screen.getByRole('status').textContent).toBe(
      'Denied by your rule: always deny adding tasks. Nothing was changed.',
    )
    rerender(
      <ConfirmationCard
        request={request()}
        outcome="expired"
        resolution={{ decidedBy: 'timeout' }}
        onDecide={() => {}}
      />,
    )
    const expired = screen.getByRole('status').textContent
    expect(expired).toBe('Expired — nothing was done.')
    expect(screen.queryAllByRole('button')).toHaveLength(0)
    rerender(<ConfirmationCard request={request()} outcome="stale" onDecide={() => {}} />)
    expect(screen.getByRole('status').textContent).not.toBe(expired)
    rerender(<ConfirmationCard request={request()} outcome="replaced" onDecide={() => {}} />)
    expect(screen.getByRole('status').textContent).toBe('Replaced by your edit.')
  })

  it('Edit shows the arguments as JSON; a refused edit shows its reason inline and the card stays', async () => {
    const onDecide = vi.fn()
    const onEdit = vi.fn(() =>
      Promise.reject(
        new RunCommandError(
          'invalid_edit',
          'the edited arguments are not valid: title must not be blank',
          400,
        ),
      ),
    )
    render(<ConfirmationCard request={request()} onDecide={onDecide} onEdit={onEdit} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    const field = screen.getByRole('textbox') as HTMLTextAreaElement
    expect(document.activeElement).toBe(field)
    expect(JSON.parse(field.value)).toEqual({ title: 'Review chapter 3', importance: 4 })
    expect(field.value).toContain('\n  "title"')
    // While editing there is nothing to allow: the old arguments cannot be approved by accident.
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull()
    fireEvent.change(field, { target: { value: '{"title": "  "}' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))
    expect(onEdit).toHaveBeenCalledWith(
      '{"title": "  "}',
      expect.objectContaining({ confirmationId: 'c-1' }),
    )
    expect(screen.getByRole('alert').textContent).toMatch(/title must not be blank/)
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('{"title": "  "}')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(document.querySelector('[data-state="pending"]')).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel edit' }))
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deny' }))
    expect(onDecide).not.toHaveBeenCalled()
  })

  it('a saved edit marks the card replaced at once', async () => {
    const onEdit = vi.fn(() => Promise.resolve())
    render(<ConfirmationCard request={request()} onDecide={() => {}} onEdit={onEdit} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '{"title": "Read it"}' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))
    expect(document.querySelector('[data-state="replaced"]')).not.toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Replaced by your edit.')
    expect(screen.queryAllByRole('button')).toHaveLength(0)
  })
})
