// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'
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

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

afterEach(cleanup)

describe('ConfirmationCard', () => {
  it('shows the preview, a write badge, and the raw arguments behind a disclosure', () => {
    render(<ConfirmationCard request={request()} onDecide={() => {}} />)
    expect(screen.getByText('Create task “Review chapter 3”')).toBeTruthy()
    const badge = document.querySelector('.sp-badge') as HTMLElement
    expect(badge.dataset.permission).toBe('write')
    expect(badge.textContent).toContain('Write')
    const details = screen.getByText('Details').closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    expect(details.querySelector('pre')?.textContent).toContain('"importance": 4')
  })

  it('an MCP tool’s card names its server and tool instead of claiming it stays in the workspace', () => {
    const mcpCard = (
      permission: ConfirmationRequest['permission'],
      source: 'host' | 'trusted_annotation',
    ) =>
      request({
        toolName: 'files__write_file',
        permission,
        preview: 'MCP server files › write_file {"path":"/tmp/a.txt"}',
        permissionOrigin: {
          source,
          text: 'set by you in mcp.json',
          server: 'files',
          tool: 'write_file',
        },
      })
    const explain = () => document.querySelector('.sp-card__explain')?.textContent
    const { rerender } = render(
      <ConfirmationCard request={mcpCard('write', 'host')} onDecide={() => {}} />,
    )
    expect(explain()).toBe(
      'Adds or changes something through MCP server files (its tool write_file): where is up to that server, not only your workspace.',
    )
    rerender(
      <ConfirmationCard request={mcpCard('read', 'trusted_annotation')} onDecide={() => {}} />,
    )
    expect(explain()).toMatch(/^Reads through MCP server files \(its tool write_file\)/)
    rerender(
      <ConfirmationCard
        request={{
          ...mcpCard('destructive', 'host'),
          permissionOrigin: {
            source: 'untrusted_default',
            text: 'untrusted server files',
            server: 'files',
            tool: 'write_file',
          },
        }}
        onDecide={() => {}}
      />,
    )
    expect(explain()).toBe(
      'From MCP server files, which you have not marked trusted: its tool write_file may change or delete anything the server can reach.',
    )
    // A StudyPulse tool still speaks of the workspace.
    rerender(<ConfirmationCard request={request()} onDecide={() => {}} />)
    expect(explain()).toBe('Adds or changes something in your workspace.')
  })

  it('says plainly what destructive and execute calls do, with different badges', () => {
    const { rerender } = render(
      <ConfirmationCard
        request={request({ permission: 'destructive', preview: 'Delete task t-1 permanently' })}
        onDecide={() => {}}
      />,
    )
    expect(
      screen.getByText(/can be undone afterwards, with its own card; anything else cannot/),
    ).toBeTruthy()
    expect(document.querySelector('.sp-badge--destructive')).not.toBeNull()
    rerender(
      <ConfirmationCard
        request={request({ permission: 'execute', preview: 'Run `ls`' })}
        onDecide={() => {}}
      />,
    )
    expect(screen.getByText(/Runs a program in the sandbox/)).toBeTruthy()
    expect(document.querySelector('.sp-badge--execute')).not.toBeNull()
    expect(document.querySelector('.sp-badge--destructive')).toBeNull()
  })

  it('puts keyboard focus on Deny, and Enter on the card does not allow', () => {
    const onDecide = vi.fn()
    render(<ConfirmationCard request={request()} onDecide={onDecide} />)
    const deny = screen.getByRole('button', { name: 'Deny' })
    expect(document.activeElement).toBe(deny)
    const card = deny.closest('article') as HTMLElement
    fireEvent.keyDown(card, { key: 'Enter', code: 'Enter' })
    fireEvent.keyDown(deny, { key: 'Enter', code: 'Enter' })
    fireEvent.keyUp(deny, { key: 'Enter', code: 'Enter' })
    expect(onDecide).not.toHaveBeenCalledWith('allow', expect.anything())
    // No form: nothing on the card submits on Enter.
    expect(card.querySelector('form')).toBeNull()
    for (const button of card.querySelectorAll('button'))
      expect(button.getAttribute('type')).toBe('button')
  })

  it('sends one decision however often it is clicked, and disables the buttons while submitting', async () => {
    const pending = deferred()
    const onDecide = vi.fn(() => pending.promise)
    render(<ConfirmationCard request={request()} onDecide={onDecide} />)
    const allow = screen.getByRole('button', { name: 'Allow once' })
    fireEvent.click(allow)
    fireEvent.click(allow)
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }))
    expect(onDecide).toHaveBeenCalledTimes(1)
    expect(onDecide).toHaveBeenCalledWith(
      'allow',
      expect.objectContaining({ confirmationId: 'c-1' }),
    )
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(document.querySelector('[data-state="submitting"]')).not.toBeNull()
    await act(async () => pending.resolve())
  })

  it('shows a stale card as no longer waiting instead of sending, when its id is no longer pending', () => {
    const onDecide = vi.fn()
    render(<ConfirmationCard request={request()} outcome="stale" onDecide={onDecide} />)
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull()
    expect(screen.getByRole('status').textContent).toMatch(/no longer waiting/i)
    expect(onDecide).not.toHaveBeenCalled()
  })

  it('turns stale when the run refuses the id (confirmation_not_found), and does not retry', async () => {
    const onDecide = vi.fn(() =>
      Promise.reject(new RunCommandError('confirmation_not_found', 'gone', 409)),
    )
    render(<ConfirmationCard request={request()} onDecide={onDecide} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Allow once' })))
    expect(document.querySelector('[data-state="stale"]')).not.toBeNull()
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull()
    expect(onDecide).toHaveBeenCalledTimes(1)
  })

  it('shows the decided outcome without buttons', () => {
    const { rerender } = render(
      <ConfirmationCard request={request()} outcome="allowed" onDecide={() => {}} />,
    )
    expect(screen.getByRole('status').textContent).toBe('Allowed once.')
    expect(screen.queryAllByRole('button')).toHaveLength(0)
    rerender(<ConfirmationCard request={request()} outcome="denied" onDecide={() => {}} />)
    expect(screen.getByRole('status').textContent).toMatch(/Denied/)
  })

  it('takes more decisions and extra actions without changes (for lasting rules later)', () => {
    const onDecide = vi.fn()
    render(
      <ConfirmationCard
        request={request()}
        onDecide={onDecide}
        decisions={[
          { key: 'deny', label: 'Deny' },
          { key: 'allow-run', label: 'Allow create_task for this run' },
          { key: 'allow', label: 'Allow once', variant: 'primary' },
        ]}
        extraActions={<button type="button">Edit arguments</button>}
      />,
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deny' }))
    fireEvent.click(screen.getByRole('button', { name: 'Allow create_task for this run' }))
    expect(onDecide).toHaveBeenCalledWith('allow-run', expect.anything())
    expect(screen.getByRole('button', { name: 'Edit arguments' })).toBeTruthy()
  })
})
