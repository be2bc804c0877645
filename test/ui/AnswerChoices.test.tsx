// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { AgentChat } from '../../ui/components/AgentChat.tsx'
import { LocalRunClient } from '../../ui/local/LocalRunClient.ts'
import { answerChoices, pickedChoice } from '../../vocabulary/answerChoices.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

const asked = 'Did you mean one of these?\n1. show my tasks\n2. search essay\n3. help'

describe('an answer that asks back: its choices', () => {
  it('are the numbered lines after a question, two or three, in order', () => {
    expect(answerChoices(asked)).toEqual({
      question: 'Did you mean one of these?',
      choices: ['show my tasks', 'search essay', 'help'],
    })
    // A list that answers (no question before it), one line, four, or out of order: no choices.
    expect(answerChoices('Your tasks:\n1. Essay\n2. Read chapter 5')).toBeUndefined()
    expect(answerChoices('Which?\n1. only one')).toBeUndefined()
    expect(answerChoices('Which?\n1. a\n2. b\n3. c\n4. d')).toBeUndefined()
    expect(answerChoices('Which?\n2. a\n1. b')).toBeUndefined()
    expect(answerChoices('Which?\n1. a\n2. b\nThen tell me.')).toBeUndefined()
  })

  it('a number typed back stands for its choice; anything else for itself', () => {
    expect(pickedChoice('2', asked)).toBe('search essay')
    expect(pickedChoice('option 3', asked)).toBe('help')
    expect(pickedChoice('4', asked)).toBeUndefined()
    expect(pickedChoice('2 more please', asked)).toBeUndefined()
    expect(pickedChoice('2', 'Your tasks:\n1. Essay\n2. Read chapter 5')).toBeUndefined()
  })
})

describe('on the page, with the offline planner', () => {
  let runtime: AgentRuntime
  let ws: Workspace
  let dispose: () => Promise<void>
  beforeAll(async () => {
    const temp = await tempWorkspace()
    ws = temp.ws
    runtime = makeRuntime(new OfflinePlanner({ clock: () => new Date(2026, 11, 1, 10) }), ws)
    dispose = async () => {
      for (const id of runtime.runIds()) runtime.cancel(id)
      await runtime.flush()
      await temp.dispose()
    }
  })
  afterAll(async () => {
    cleanup()
    await dispose()
  })

  it('chit-chat gets a question with buttons, no task and no card; a click sends the words', async () => {
    const runId = runtime.startRun({ input: 'lol my flatmate ate my leftovers again' })
    await waitForRun(runtime, runId, 'awaitingInput')
    render(<AgentChat run={new LocalRunClient(runtime, runId)} onStartRun={() => {}} />)
    const choices = within(screen.getByRole('group', { name: 'Choices' }))
    const buttons = choices.getAllByRole('button').map((b) => b.textContent)
    expect(buttons).toEqual(["1. what's due this week?", '2. show my notes', '3. help'])
    // The question is shown, not the list a second time, and never the message echoed back.
    expect(screen.getByText(/so I won't guess/)).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/add a task to lol/i)
    expect(document.querySelector('.sp-card')).toBeNull()

    const listed = runtime.view(runId).events.length
    await act(async () => fireEvent.click(choices.getByRole('button', { name: /due this week/ })))
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    const after = runtime.view(runId).events.slice(listed)
    expect(after.find((e) => e.kind === 'userMessage')?.text).toBe("what's due this week?")
    expect(after.find((e) => e.kind === 'toolRequested')?.toolName).toBe('list_tasks')
    expect(await ws.readTasks()).toEqual([])
    // The answered question's buttons are read, no longer clicked.
    const old = within(screen.getByRole('group', { name: 'Choices' })).getAllByRole('button')
    expect(old.every((b) => (b as HTMLButtonElement).disabled)).toBe(true)
  })
})
