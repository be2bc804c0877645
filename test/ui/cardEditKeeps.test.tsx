// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../models/messages.ts'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import CardEditForm from '../../ui/components/cardForm/CardEditForm.tsx'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { storedTask } from '../helpers/studyFixtures.ts'

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

  it('a field the card does not show (the task’s importance) says it stays as it is', async () => {
    // The holds a real "Change a task" card carries: its describe step's before column, which
    // shows the title and only what the call changes (here the due day), not the importance.
    const ws = new MemoryWorkspace()
    await ws.upsertTask(storedTask('t1', 'Essay', { due: '2026-12-04', importance: 3 }))
    const tools = createCoreToolRegistry()
    const proposed = { id: 't1', due: '2026-12-11' }
    const description = await tools.describe(tools.prepare('c1', 'update_task', proposed), ws)
    const holds = Object.fromEntries(
      (description.fields ?? []).flatMap((row) =>
        row.before !== undefined && row.after !== undefined ? [[row.label, row.before]] : [],
      ),
    )
    expect(Object.keys(holds)).not.toContain('Importance')
    render(
      <CardEditForm
        schema={schemaOf('update_task')}
        proposed={proposed}
        holds={holds}
        onSave={async () => {}}
        onCancel={() => {}}
      />,
    )
    await screen.findByText('Left blank, it stays “Essay”.')
    const help = (label: string) =>
      screen.getByLabelText(label).closest('.form-group')?.textContent ?? ''
    expect(help('Importance')).toContain('Left blank, it stays as it is now.')
    expect(help('Notes')).toContain('Left blank, it stays as it is now.')
  })

  it('a new record’s form says nothing of keeping: there is nothing yet', async () => {
    render(
      <CardEditForm
        schema={schemaOf('create_task')}
        proposed={{ title: 'Essay' }}
        onSave={async () => {}}
        onCancel={() => {}}
      />,
    )
    await screen.findByRole('button', { name: 'Save changes' })
    expect(screen.queryByText(/Left blank, it stays/)).toBeNull()
  })
})
