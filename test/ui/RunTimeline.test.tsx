// @vitest-environment jsdom

import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { AgentChat } from '../../ui/components/AgentChat.tsx'
import { RunTimeline } from '../../ui/components/RunTimeline.tsx'
import { LocalRunClient } from '../../ui/local/LocalRunClient.ts'
import { allowShownCard, makeRuntime } from '../helpers/runHarness.ts'
import { storedTask } from '../helpers/studyFixtures.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let temp: Awaited<ReturnType<typeof tempWorkspace>>
beforeEach(async () => {
  temp = await tempWorkspace()
})
afterEach(async () => {
  cleanup()
  await temp.dispose()
})

// The model asks to delete t1 by a title it made up; the user edits the id before allowing.
async function editedDelete() {
  await temp.ws.upsertTask(storedTask('t1', 'Essay'))
  await temp.ws.upsertTask(storedTask('t2', 'Review chapter 3'))
  const model = new ScriptedModel([
    {
      toolCalls: [{ id: 'c1', name: 'delete_task', arguments: '{"id":"t1","title":"Old notes"}' }],
    },
    { text: 'Deleted.' },
  ])
  const runtime = makeRuntime(model, temp.ws)
  const runId = runtime.startRun({ input: 'delete my old notes' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  const client = new LocalRunClient(runtime, runId)
  const first = runtime.view(runId).pending
  const next = await client.edit(first?.confirmationId ?? '', '{"id":"t2"}')
  const card = runtime.view(runId).pending
  expect(card?.confirmationId).toBe(next)
  await allowShownCard(runtime, runId)
  return { runtime, runId, client }
}

describe('an edit, told truthfully', () => {
  it('the Activity tab says "You changed the card", naming the task the edit chose, and what changed in words', async () => {
    const { client } = await editedDelete()
    render(<RunTimeline run={client} />)
    const entry = screen
      .getByText('You changed the card: Delete a task')
      .closest('li') as HTMLElement
    expect(entry.getAttribute('data-kind')).toBe('callEdited')
    // Issue #48: the line names the task deleted, not the one the card named before the edit.
    expect(within(entry).getByText('Delete task “Review chapter 3”')).toBeTruthy()
    // And what was done says which task.
    expect(screen.getByText('Done: Delete task “Review chapter 3”')).toBeTruthy()
    const change = entry.querySelector('dl')
    // The field rows of the two cards, as they show them: the task by its stored title.
    expect(change?.textContent).toBe('Title:Essay → Review chapter 3')
    expect(within(entry).getByText('Essay').tagName).toBe('DEL')
    expect(within(entry).getByText('Review chapter 3').tagName).toBe('INS')
    expect(entry.textContent).not.toMatch(/t1|t2|\{|"id"/)
    // The second card names the task the edit chose, by its stored title.
    const asks = screen.getAllByText(/^Delete task/).map((e) => e.textContent)
    expect(asks).toContain('Delete task “Review chapter 3”')
  })

  it('the chat\'s "Done" line names the edited call', async () => {
    const { client } = await editedDelete()
    render(<AgentChat run={client} onStartRun={() => {}} />)
    expect(screen.getByText('Done: Delete task “Review chapter 3”')).toBeTruthy()
    expect(screen.queryByText(/Done: .*Old notes/)).toBeNull()
    expect(screen.queryByText(/Done: .*Essay/)).toBeNull()
  })
})

describe('an answer in the Activity tab', () => {
  it('keeps its list one item a line, as the chat shows it, not run together with its “- ” markers', async () => {
    const model = new ScriptedModel([
      { text: 'You have 2 open tasks:\n- Essay (due Fri 4 Dec 2026)\n- Review chapter 3' },
    ])
    const runtime = makeRuntime(model, temp.ws)
    const runId = runtime.startRun({ input: 'what are my tasks?' })
    await waitForRun(runtime, runId, 'awaitingInput')
    render(<RunTimeline run={new LocalRunClient(runtime, runId)} />)
    const entry = screen.getByText('StudyPulse answered').closest('li') as HTMLElement
    const items = [...entry.querySelectorAll('li')].map((li) => li.textContent)
    expect(items).toEqual(['Essay (due Fri 4 Dec 2026)', 'Review chapter 3'])
    expect(entry.textContent).not.toContain('- ')
  })
})
