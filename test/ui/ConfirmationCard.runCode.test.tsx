// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'

const code = [
  '// the mean of 12, 15, 19 and 22',
  'const values = [12, 15, 19, 22]',
  'values.reduce((sum, x) => sum + x, 0) / values.length',
].join('\n')

const request = (over: Partial<ConfirmationRequest> = {}): ConfirmationRequest => ({
  confirmationId: 'c-1',
  toolCallId: 'call-1',
  toolName: 'run_code',
  permission: 'execute',
  preview: 'Run 3 lines of JavaScript in the sandbox',
  argumentsJson: JSON.stringify({ code }),
  requestedAt: '2026-11-30T09:00:00.000Z',
  ...over,
})

afterEach(cleanup)

const shownLines = () =>
  [...document.querySelectorAll('.sp-code__line')].map((line) => ({
    number: line.querySelector('.sp-code__number')?.textContent,
    text: line.querySelector('.sp-code__text')?.textContent,
  }))

describe('ConfirmationCard for run_code', () => {
  it('shows the code in full, numbered, outside any disclosure, with the execute badge', () => {
    render(<ConfirmationCard request={request()} onDecide={() => {}} />)
    expect(shownLines()).toEqual([
      { number: '1', text: '// the mean of 12, 15, 19 and 22' },
      { number: '2', text: 'const values = [12, 15, 19, 22]' },
      { number: '3', text: 'values.reduce((sum, x) => sum + x, 0) / values.length' },
    ])
    const block = screen.getByRole('figure', { name: 'Code that will run' })
    expect(block.closest('details')).toBeNull()
    expect(block.querySelector('pre.sp-code')).not.toBeNull()
    const badge = document.querySelector('.sp-badge') as HTMLElement
    expect(badge.dataset.permission).toBe('execute')
    expect(badge.textContent).toContain('Runs code on this computer')
    expect(screen.getByRole('button', { name: 'Allow once' })).toBeTruthy()
  })

  it('never cuts a long program, and names the sources it reads', () => {
    const long = Array.from({ length: 250 }, (_, i) => `console.log(${i})`).join('\n')
    render(
      <ConfirmationCard
        request={request({
          argumentsJson: JSON.stringify({ code: long, inputs: ['lecture-2.md'] }),
        })}
        onDecide={() => {}}
      />,
    )
    const lines = shownLines()
    expect(lines).toHaveLength(250)
    expect(lines.at(-1)).toEqual({ number: '250', text: 'console.log(249)' })
    expect(screen.getByText('Reads (read-only): lecture-2.md')).toBeTruthy()
  })

  it('shows no code block on other cards', () => {
    render(
      <ConfirmationCard
        request={request({
          toolName: 'create_task',
          permission: 'write',
          argumentsJson: '{"title":"x","code":"not code"}',
        })}
        onDecide={() => {}}
      />,
    )
    expect(document.querySelector('.sp-code')).toBeNull()
  })
})
