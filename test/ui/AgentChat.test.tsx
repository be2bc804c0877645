// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { AgentChat } from '../../ui/components/AgentChat.tsx'
import { WorkspacePanel } from '../../ui/components/WorkspacePanel.tsx'
import type { RunSource } from '../../ui/core/RunSource.ts'
import { LocalRunClient } from '../../ui/local/LocalRunClient.ts'
import { localPolicies } from '../../ui/local/localPolicies.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  cleanup()
  await dispose?.()
})

async function setUp(): Promise<{ runtime: AgentRuntime; ws: Workspace; runId: string }> {
  const temp = await tempWorkspace()
  const model = new ScriptedModel([
    { toolCalls: [{ id: 'call-1', name: 'create_task', arguments: '{"title":"Read chapter 4"}' }] },
    (request) => {
      const result = request.messages.at(-1)
      return {
        text:
          result?.role === 'tool' && result.content.includes('user_denied')
            ? 'OK, I did not add it.'
            : 'Added it.',
      }
    },
  ])
  const runtime = makeRuntime(model, temp.ws)
  dispose = async () => {
    for (const id of runtime.runIds()) runtime.cancel(id)
    await runtime.flush()
    await temp.dispose()
  }
  const runId = runtime.startRun({ input: 'add a task to read chapter 4' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  return { runtime, ws: temp.ws, runId }
}

describe('AgentChat with a runtime in the same JS context', () => {
  it('shows the card inline; nothing is written until Allow once, then the task exists', async () => {
    const { runtime, ws, runId } = await setUp()
    render(<AgentChat run={new LocalRunClient(runtime, runId)} onStartRun={() => {}} />)
    expect(screen.getByText('Create task “Read chapter 4”')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
    expect(await ws.readTasks()).toEqual([])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Allow once' })))
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Read chapter 4'])
    expect(screen.getByText('Added it.')).toBeTruthy()
    expect(document.querySelector('.sp-card')?.getAttribute('data-state')).toBe('allowed')
  })

  it('Deny writes nothing and the card says it was denied', async () => {
    const { runtime, ws, runId } = await setUp()
    render(<AgentChat run={new LocalRunClient(runtime, runId)} onStartRun={() => {}} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Deny' })))
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    expect(await ws.readTasks()).toEqual([])
    expect(screen.getByText('OK, I did not add it.')).toBeTruthy()
    expect(document.querySelector('.sp-card')?.getAttribute('data-state')).toBe('denied')
  })

  it('Cancel says what it does first; Keep going leaves the run waiting, with the focus back on Cancel', async () => {
    const { runtime, runId } = await setUp()
    render(<AgentChat run={new LocalRunClient(runtime, runId)} onStartRun={() => {}} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    const question = screen.getByRole('group', { name: 'End this conversation?' })
    expect(question.textContent).toContain('a waiting card closes unanswered')
    expect(question.textContent).toContain('it cannot go on')
    // While asked, the question's two answers are the only way on: no Cancel beside them.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    const footer = document.querySelector('.sp-chat__footer') as HTMLElement
    expect(
      within(footer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Keep going', 'End conversation'])
    expect(document.activeElement?.textContent).toBe('Keep going')
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Keep going' })))
    expect(screen.queryByRole('group', { name: 'End this conversation?' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
  })

  it('Cancel, then End conversation, while the card waits: the card expires, nothing is written, and the chat says it ended', async () => {
    const { runtime, ws, runId } = await setUp()
    const started: string[] = []
    render(
      <AgentChat
        run={new LocalRunClient(runtime, runId)}
        onStartRun={(text) => {
          started.push(text)
        }}
      />,
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'End conversation' })))
    expect(runtime.view(runId).value).toBe('cancelled')
    expect(
      screen.getByText(/This conversation has ended\. A message you send starts a new chat\./),
    ).toBeTruthy()
    const input = screen.getByLabelText('Message') as HTMLInputElement
    expect(input.placeholder).toBe('Start a new chat…')
    await act(async () => {
      fireEvent.change(input, { target: { value: 'plan my week' } })
      fireEvent.submit(input.closest('form') as HTMLFormElement)
    })
    expect(started).toEqual(['plan my week'])
    expect(document.querySelector('.sp-card')?.getAttribute('data-state')).toBe('stale')
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull()
    expect(await ws.readTasks()).toEqual([])
  })

  it('the message box takes several lines: Shift+Enter starts a new line, Enter sends it whole', async () => {
    const { runtime, runId } = await setUp()
    const started: string[] = []
    render(
      <AgentChat
        run={new LocalRunClient(runtime, runId)}
        onStartRun={(t) => {
          started.push(t)
        }}
      />,
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'End conversation' })))
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement
    await act(async () => {
      fireEvent.change(box, { target: { value: 'note: Krebs cycle\n2 CO2 per turn' } })
      fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    })
    expect(started).toEqual([])
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }))
    expect(started).toEqual(['note: Krebs cycle\n2 CO2 per turn'])
  })

  it('a plain run source offers no lasting decisions or Edit: its commands would bypass the policy store', async () => {
    const { runtime, runId } = await setUp()
    const client = new LocalRunClient(runtime, runId)
    // Only what every RunSource has: no `decide`, no `edit`.
    const plain: RunSource = {
      subscribe: (observer) => client.subscribe(observer),
      getSnapshot: () => client.getSnapshot(),
      send: (command) => client.send(command),
    }
    render(<AgentChat run={plain} onStartRun={() => {}} />)
    expect(screen.queryByRole('button', { name: /More choices/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
  })
})

describe('AgentChat shows a model’s reasoning', () => {
  it('folded under "Thinking", before the answer it led to', async () => {
    const temp = await tempWorkspace()
    const thought = 'A greeting; no tool is needed.'
    const runtime = makeRuntime(
      new ScriptedModel([{ reasoning: thought, text: 'Hello!' }]),
      temp.ws,
    )
    dispose = async () => {
      await runtime.flush()
      await temp.dispose()
    }
    const runId = runtime.startRun({ input: 'hello' })
    await waitForRun(runtime, runId, 'awaitingInput')
    render(<AgentChat run={new LocalRunClient(runtime, runId)} onStartRun={() => {}} />)
    const folded = document.querySelector('details.sp-thinking') as HTMLDetailsElement | null
    expect(folded?.open).toBe(false)
    expect(within(folded as HTMLElement).getByText('Thinking').tagName).toBe('SUMMARY')
    expect(within(folded as HTMLElement).getByText(thought)).toBeTruthy()
    const answer = screen.getByText('Hello!')
    expect(
      (folded as Node).compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
  })
})

describe('AgentChat over a LocalRunClient: the runtime’s own decisions, in process', () => {
  it('"Allow for this session" keeps a rule in the runtime, which the side panel lists and revokes', async () => {
    const { runtime, ws, runId } = await setUp()
    const run = new LocalRunClient(runtime, runId)
    render(
      <>
        <AgentChat run={run} onStartRun={() => {}} />
        <WorkspacePanel reader={ws} run={run} policies={localPolicies(runtime)} />
      </>,
    )
    expect(await screen.findByText(/No rules/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /More choices/ }))
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Allow adding tasks for this session' })),
    )
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Read chapter 4'])
    expect(runtime.policies.list().map((r) => [r.tool, r.effect, r.scope])).toEqual([
      ['create_task', 'allow', 'session'],
    ])
    expect(document.querySelector('.sp-card .sp-card__status')?.textContent).toBe(
      'Allowed. Adding tasks is allowed for the rest of this session.',
    )
    const rule = await screen.findByText('Allow adding tasks for this session')
    await act(async () =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Revoke: allow adding tasks for this session' }),
      ),
    )
    expect(runtime.policies.list()).toEqual([])
    expect(rule.isConnected).toBe(false)
    expect(await screen.findByText(/No rules/)).toBeTruthy()
  })

  it('Edit is a form from the tool schema: a refused value stays inline; a valid edit replaces the card and allowing writes the edited task', async () => {
    const { runtime, ws, runId } = await setUp()
    const run = new LocalRunClient(runtime, runId)
    render(<AgentChat run={run} onStartRun={() => {}} />)
    const oldId = runtime.view(runId).pending?.confirmationId
    // Edit shows once the card's form has been asked (a card with nothing to change has none).
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    // The form's code loads on the first Edit (a dynamic import); on a busy machine that takes a while.
    const title = (await screen.findByLabelText(/^Title/, undefined, {
      timeout: 50_000,
    })) as HTMLInputElement
    expect(title.value).toBe('Read chapter 4')
    expect(document.activeElement).toBe(title)
    // The schema allows a blank title; the tool's own check refuses it, and says so in the form.
    fireEvent.change(title, { target: { value: '  ' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))
    expect(screen.getByRole('alert').textContent).toMatch(/title must not be blank/)
    expect(runtime.view(runId).pending?.confirmationId).toBe(oldId)
    // A value the schema refuses never leaves the form: said in place, under its field.
    fireEvent.change(screen.getByLabelText(/^Importance/), { target: { value: '9' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))
    expect(document.querySelector('.sp-card__form')?.textContent).toContain(
      'Importance can be at most 5.',
    )
    expect(runtime.view(runId).pending?.confirmationId).toBe(oldId)

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Read chapter 4 and 5' } })
    fireEvent.change(screen.getByLabelText(/^Importance/), { target: { value: '3' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))
    const cards = [...document.querySelectorAll('.sp-card')] as HTMLElement[]
    expect(cards.map((c) => c.dataset.state)).toEqual(['replaced', 'pending'])
    expect(cards[0]?.textContent).toContain('Replaced by your edit.')
    expect(cards[1]?.textContent).toContain('Create task “Read chapter 4 and 5”')
    expect(document.activeElement?.textContent).toBe('Deny')
    expect(await ws.readTasks()).toEqual([])

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Allow once' })))
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    expect((await ws.readTasks()).map((t) => [t.title, t.importance])).toEqual([
      ['Read chapter 4 and 5', 3],
    ])
  })
})
