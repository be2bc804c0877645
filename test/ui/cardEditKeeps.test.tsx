// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../models/messages.ts'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import CardEditForm from '../../ui/components/cardForm/CardEditForm.tsx'

afterEach(cleanup)

const schemaOf = (name: string) =>
  createCoreToolRegistry()
    .definitions()
    .find((d) => d.name === name)?.parameters as JsonSchema

// Issue #48 (5): a change card's form starts from what the task holds, not from blank boxes
// that read as "none".
describe('a change card’s Edit says what a blank keeps', () => {
  it('Title and Importance, left out of the proposal, say the task keeps “Essay” and 3 of 5', async () => {
    render(
      <CardEditForm
        schema={schemaOf('update_task')}
        proposed={{ id: 't1', due: '2026-12-11' }}
        holds={{ Title: 'Essay', Importance: '3 of 5', Due: 'Thu 10 Dec 2026' }}
        onSave={async () => {}}
        onCancel={() => {}}
      />,
    )
    await screen.findByText('Left blank, it stays “Essay”.')
    expect(screen.getByText('Left blank, it stays “3 of 5”.')).toBeTruthy()
    // The due day is proposed: its box holds the new day, and no "stays" is said for it.
    expect(screen.queryByText('Left blank, it stays “Thu 10 Dec 2026”.')).toBeNull()
  })
})
