// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { AgentChat } from '../../ui/components/AgentChat.tsx'
import { RunTimeline } from '../../ui/components/RunTimeline.tsx'
import { LocalRunClient } from '../../ui/local/LocalRunClient.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  cleanup()
  await dispose?.()
})

// Creates the task the first message asks for; told any result, answers in words.
const model = () =>
  new ScriptedModel((request) =>
    request.messages.at(-1)?.role === 'tool'
      ? { text: 'Done.' }
      : {
          toolCalls: [
            { id: 'call-1', name: 'create_task', arguments: '{"title":"Read chapter 4"}' },
          ],
        },
  )

async function allowedCreate() {
  const temp = await tempWorkspace()
  const runtime = makeRuntime(model(), temp.ws)
  dispose = async () => {
    for (const id of runtime.runIds()) runtime.cancel(id)
    await runtime.flush()
    await temp.dispose()
  }
  const runId = runtime.startRun({ input: 'add a task to read chapter 4' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  const card = runtime.view(runId).pending
  await runtime.submitConfirmation(runId, card?.confirmationId ?? '', 'allow')
  await waitForRun(runtime, runId, 'awaitingInput')
  return { runtime, ws: temp.ws, runId }
}

describe('the Undo button of a Done line', () => {
  it('opens an undo card and takes nothing back before Allow once; then the task is gone', async () => {
    const { runtime, ws, runId } = await allowedCreate()
    render(<AgentChat run={new LocalRunClient(runtime, runId)} onStartRun={() => {}} />)
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Read chapter 4'])
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: /^Undo: Done: Create task/ })),
    )
    await act(() => waitForRun(runtime, runId, 'awaitingConfirmation').then(() => {}))
    expect(screen.getByText('Undo adding the task “Read chapter 4”: remove it')).toBeTruthy()
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Read chapter 4'])
    // While a card waits, no Done line offers another Undo.
    expect(screen.queryByRole('button', { name: /^Undo: / })).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Allow once' })))
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    expect(await ws.readTasks()).toEqual([])
  })

  it('the Activity timeline says a change can be undone, in words, and offers its Undo', async () => {
    const { runtime, runId } = await allowedCreate()
    const undone: string[] = []
    render(
      <RunTimeline run={new LocalRunClient(runtime, runId)} onUndo={(id) => undone.push(id)} />,
    )
    const done = runtime.view(runId).events.findLast((e) => e.kind === 'toolCompleted')
    const changeId = JSON.parse(done?.payloadJson ?? '{}').data.changeId as string
    expect(screen.getByText('can be undone')).toBeTruthy()
    expect(document.body.textContent).not.toContain(changeId)
    fireEvent.click(screen.getByRole('button', { name: 'Undo adding a task' }))
    expect(undone).toEqual([changeId])
  })
})
