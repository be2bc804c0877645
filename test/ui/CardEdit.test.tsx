// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CardEdit } from '../../ui/components/CardEdit.tsx'
import type { ConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'

const request: ConfirmationRequest = {
  confirmationId: 'c-1',
  toolCallId: 'call-1',
  toolName: 'files__write_note',
  permission: 'write',
  preview: 'Write a note',
  argumentsJson: '{"name":"plan","level":"high","size":3}',
  requestedAt: '2026-11-30T09:00:00.000Z',
}
const initialJson = JSON.stringify(JSON.parse(request.argumentsJson ?? ''), null, 2)
// The form's code loads on demand; on a busy machine the first import takes a while.
const slow = { timeout: 50_000 }

afterEach(cleanup)

describe('CardEdit: the form when the tool has a schema, the JSON editor otherwise', () => {
  it('an MCP schema draws its fields (a choice as a list, a number as a number) and sends the edit as JSON', async () => {
    const onSave = vi.fn(() => Promise.resolve())
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 40 },
        level: { type: 'string', enum: ['low', 'high'] },
        size: { type: 'number', minimum: 1 },
        // Not proposed: the edit must not add it on its own.
        limit: { type: 'integer', default: 10 },
      },
      required: ['name'],
    }
    render(
      <CardEdit
        request={request}
        initialJson={initialJson}
        loadSchema={() => Promise.resolve(schema)}
        onSave={onSave}
        onCancel={() => {}}
      />,
    )
    const level = (await screen.findByLabelText(/^Level/, undefined, slow)) as HTMLSelectElement
    expect(level.tagName).toBe('SELECT')
    expect([...level.options].map((o) => o.textContent)).toContain('high')
    fireEvent.change(screen.getByLabelText(/^Size/), { target: { value: '0' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))
    expect(screen.getByText('Size must be at least 1.')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText(/^Size/), { target: { value: '2.5' } })
    const low = [...level.options].find((o) => o.textContent === 'low')
    fireEvent.change(level, { target: { value: low?.value } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))
    expect(onSave).toHaveBeenCalledWith('{"name":"plan","level":"low","size":2.5}')
  })

  it('without a schema, or with one the form cannot draw, the arguments are edited as JSON', async () => {
    const { unmount } = render(
      <CardEdit
        request={request}
        initialJson={initialJson}
        loadSchema={() => Promise.resolve(undefined)}
        onSave={() => Promise.resolve()}
        onCancel={() => {}}
      />,
    )
    expect(
      ((await screen.findByLabelText(/Edit the arguments/)) as HTMLTextAreaElement).value,
    ).toBe(initialJson)
    unmount()
    // A reference to nothing: react-jsonschema-form cannot draw it, and the page must not break.
    const broken = { type: 'object', properties: { name: { $ref: '#/$defs/missing' } } }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <CardEdit
        request={request}
        initialJson={initialJson}
        loadSchema={() => Promise.resolve(broken)}
        onSave={() => Promise.resolve()}
        onCancel={() => {}}
      />,
    )
    expect(await screen.findByLabelText(/Edit the arguments/, undefined, slow)).toBeTruthy()
    quiet.mockRestore()
  })
})
