// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { storedTask } from '../helpers/studyFixtures.ts'

afterEach(cleanup)

// "Trojan Source" on a card (#41, 3): U+202E makes "fdp.exe" display as "exe.pdf"; a zero-width
// space and an isolate hide inside a word; a Cyrillic "а" makes "pаypal" look Latin.
const title = 'Read \u202Efdp.exe\u202C and re\u200Bport on p\u0430ypal\u2066 notes'
const hiddenOnes = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/u

async function hostileCard(): Promise<ConfirmationRequest> {
  const ws = new MemoryWorkspace()
  await ws.upsertTask(storedTask('t1', title))
  const tools = createCoreToolRegistry()
  const args = { id: 't1' }
  const description = await tools.describe(tools.prepare('c', 'delete_task', args), ws)
  return {
    confirmationId: 'c-1',
    toolCallId: 'call-1',
    toolName: 'delete_task',
    permission: 'destructive',
    preview: `Delete task ${title}`,
    argumentsJson: JSON.stringify({ id: 't1', title }),
    requestedAt: '2026-11-30T09:00:00.000Z',
    description,
  }
}

describe('a card shows bidi and zero-width characters visibly (#41, 3)', () => {
  it('in the headline, the field table and Details; mixed alphabets are flagged', async () => {
    render(<ConfirmationCard request={await hostileCard()} onDecide={() => {}} />)
    const card = screen.getByRole('article')
    fireEvent.click(screen.getByText('Details'))
    const text = card.textContent ?? ''
    expect(text).not.toMatch(hiddenOnes)
    const headline = card.querySelector('.sp-card__preview')?.textContent ?? ''
    expect(headline).toContain('<U+202E>fdp.exe<U+202C>')
    expect(headline).toContain('re<U+200B>port')
    expect(card.querySelector('.sp-fields')?.textContent).toContain('<U+2066>')
    expect(card.querySelector('.sp-card__details pre')?.textContent).toContain(
      '<U+202E>fdp.exe<U+202C>',
    )
    expect(text).toContain('“pаypal” (Latin and Cyrillic)')
  })

  it('says nothing extra on a card with plain text', async () => {
    const request = await hostileCard()
    const plain = JSON.parse(
      JSON.stringify(request)
        .replace(/[\u202A-\u202E\u2066-\u2069\u200B]/gu, '')
        .replace(/\u0430/gu, 'a'),
    ) as ConfirmationRequest
    render(<ConfirmationCard request={plain} onDecide={() => {}} />)
    expect(screen.getByRole('article').textContent).not.toMatch(/<U\+|Mixed alphabets/)
  })
})
