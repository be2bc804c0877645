// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'

// The forms the page's server hands out (ToolRegistry.editForm), for the tools' real `editable`.
const tools = createCoreToolRegistry()
const cardFor = (toolName: string, args: object): ConfirmationRequest => ({
  confirmationId: `c-${toolName}`,
  toolCallId: `call-${toolName}`,
  toolName,
  permission: 'write',
  preview: toolName,
  argumentsJson: JSON.stringify(args),
  requestedAt: '2026-12-02T09:00:00.000Z',
})

// Drawn as the chat draws it, and waited on until the form's schema has been answered.
async function drawn(request: ConfirmationRequest) {
  const asked = vi.fn((r: ConfirmationRequest) => Promise.resolve(tools.editForm(r.toolName)))
  render(
    <ConfirmationCard request={request} onDecide={() => {}} onEdit={() => {}} loadSchema={asked} />,
  )
  expect(asked).toHaveBeenCalledTimes(1)
  // Not before the answer is in: a missing Edit must be the answer's doing, not a wait's.
  await act(async () => {
    await asked.mock.results[0]?.value
  })
  return asked
}

afterEach(cleanup)

describe('a card with nothing a person may change shows no Edit at all (issue #48)', () => {
  it.each([
    ['delete_task', { id: 't1', title: 'Essay' }],
    ['delete_note', { name: 'lecture-2' }],
    ['undo_change', { changeId: 'ch-1' }],
  ])('%s: no Edit button', async (toolName, args) => {
    await drawn(cardFor(toolName, args))
    expect(screen.queryByRole('button', { name: 'Edit' })).toBe(null)
  })

  it('a card whose form asks something (add a task) offers Edit, its schema asked once', async () => {
    const asked = await drawn(cardFor('create_task', { title: 'Essay' }))
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy()
    expect(asked).toHaveBeenCalledTimes(1)
  })
})
