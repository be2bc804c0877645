// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'
import { unavailableOf } from '../../ui/page/useCardReach.ts'

const request: ConfirmationRequest = {
  confirmationId: 'c-1',
  toolCallId: 'call-1',
  toolName: 'run_code',
  permission: 'execute',
  preview: 'Run a program',
  argumentsJson: '{"code":"1+1"}',
  requestedAt: '2026-11-30T09:00:00.000Z',
}
const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement

afterEach(cleanup)

describe('a card this page cannot decide', () => {
  it('says who may allow it, disables Allow and keeps Deny', () => {
    const onDecide = vi.fn()
    const unavailable = unavailableOf({
      confirmationId: 'c-1',
      allow: { may: false, why: 'allowing run_code (execute) needs group reviewers' },
      deny: { may: true },
    })
    render(<ConfirmationCard request={request} onDecide={onDecide} unavailable={unavailable} />)
    expect(button(/Allow once/).disabled).toBe(true)
    expect(button(/Deny/).disabled).toBe(false)
    fireEvent.click(button(/Allow once/))
    expect(onDecide).not.toHaveBeenCalled()
    expect(screen.getByTestId('card-unavailable').textContent).toBe(
      'Not yours to decide: allowing run_code (execute) needs group reviewers. You may deny it.',
    )
  })

  it('a card held by another process says where to answer it, in plain words, every button off', () => {
    const unavailable = unavailableOf({
      confirmationId: 'c-1',
      allow: { may: true },
      deny: { may: true },
      elsewhere: 'This card waits in another StudyPulse process on this computer: answer it there.',
    })
    render(<ConfirmationCard request={request} onDecide={() => {}} unavailable={unavailable} />)
    expect(button(/Allow once/).disabled).toBe(true)
    expect(button(/Deny/).disabled).toBe(true)
    const note = screen.getByTestId('card-unavailable').textContent ?? ''
    expect(note).toMatch(/answer it there/)
    expect(note).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/)
  })

  it('a card the person may decide has no note and every button on', () => {
    expect(
      unavailableOf({ confirmationId: 'c-1', allow: { may: true }, deny: { may: true } }),
    ).toBeUndefined()
    render(<ConfirmationCard request={request} onDecide={() => {}} />)
    expect(button(/Allow once/).disabled).toBe(false)
    expect(screen.queryByTestId('card-unavailable')).toBeNull()
  })
})
