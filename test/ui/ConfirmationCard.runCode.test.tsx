// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'
import { idsAndToolNames } from '../helpers/plainWords.ts'

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
  preview: 'Work out the mean of 12, 15, 19 and 22 (3 lines of code that can change nothing)',
  argumentsJson: JSON.stringify({ code }),
  requestedAt: '2026-11-30T09:00:00.000Z',
  ...over,
})

afterEach(cleanup)

// Each text node on a line of its own: `textContent` runs the badge into the title ("codeRun").
function textLines(root: Node): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  const lines: string[] = []
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode())
    lines.push(node.textContent ?? '')
  return lines.join('\n')
}

const shownLines = () =>
  [...document.querySelectorAll('.sp-code__line')].map((line) => ({
    number: line.querySelector('.sp-code__number')?.textContent,
    // Each line's text ends in its newline (so a copy keeps the lines); the line is without it.
    text: line.querySelector('.sp-code__text')?.textContent?.replace(/\n$/, ''),
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
    expect(badge.textContent).toContain('Runs code')
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
    // Issue #48: the source by the title the panel shows it under, never its file name.
    expect(screen.getByText('Reads, and changes nothing in: “Lecture 2”')).toBeTruthy()
    const card = document.querySelector('.sp-card')?.cloneNode(true) as HTMLElement
    for (const skipped of card.querySelectorAll('[data-developer-view], figure')) skipped.remove()
    expect(idsAndToolNames(textLines(card))).toEqual([])
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

describe('a long line of run_code wraps in place, keeping its one number', () => {
  const oneLiner = `const xs = [${Array.from({ length: 40 }, (_, i) => 40 - i).join(', ')}].sort((a, b) => a - b); while(true){}`

  it('is one numbered line whose cells are the number and the text, nothing loose beside them', () => {
    render(
      <ConfirmationCard
        request={request({ argumentsJson: JSON.stringify({ code: oneLiner }) })}
        onDecide={() => {}}
      />,
    )
    expect(shownLines()).toEqual([{ number: '1', text: oneLiner }])
    const line = document.querySelector('.sp-code__line') as HTMLElement
    // The line is a two-column grid (number, wrapping text): a loose text node beside the cells
    // would be a third cell and push the text under the number.
    expect([...line.childNodes].map((node) => (node as Element).className)).toEqual([
      'sp-code__number',
      'sp-code__text',
    ])
    expect(document.querySelector('pre.sp-code')?.getAttribute('data-wrap')).toBe('lines')
  })

  it('keeps each newline in the text of its line, so a copy is the program one line per line', () => {
    render(<ConfirmationCard request={request()} onDecide={() => {}} />)
    const texts = [...document.querySelectorAll('.sp-code__text')].map((t) => t.textContent)
    expect(texts.join('')).toBe(`${code}\n`)
  })
})
