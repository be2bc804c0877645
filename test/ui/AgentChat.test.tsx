// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AgentRuntime } from '../../machines/createAgentRuntime.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { AgentChat } from '../../ui/components/AgentChat.tsx'
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
  await runtime.waitFor(runId, 'awaitingConfirmation')
  return { runtime, ws: temp.ws, runId }
}

describe('AgentChat with a runtime in the same JS context', () => {
  it('shows the card inline; nothing is written until Allow once, then the task exists', async () => {
    const { runtime, ws, runId } = await setUp()
    render(<AgentChat run={runtime.actor(runId)} onStartRun={() => {}} />)
    expect(screen.getByText('Create task “Read chapter 4”')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
    expect(await ws.readTasks()).toEqual([])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Allow once' })))
    await act(() => runtime.waitFor(runId, 'awaitingInput').then(() => {}))
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Read chapter 4'])
    expect(screen.getByText('Added it.')).toBeTruthy()
    expect(document.querySelector('.sp-card')?.getAttribute('data-state')).toBe('allowed')
  })

  it('Deny writes nothing and the card says it was denied', async () => {
    const { runtime, ws, runId } = await setUp()
    render(<AgentChat run={runtime.actor(runId)} onStartRun={() => {}} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Deny' })))
    await act(() => runtime.waitFor(runId, 'awaitingInput').then(() => {}))
    expect(await ws.readTasks()).toEqual([])
    expect(screen.getByText('OK, I did not add it.')).toBeTruthy()
    expect(document.querySelector('.sp-card')?.getAttribute('data-state')).toBe('denied')
  })

  it('Cancel while the card waits: the card expires and nothing is written', async () => {
    const { runtime, ws, runId } = await setUp()
    render(<AgentChat run={runtime.actor(runId)} onStartRun={() => {}} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    expect(runtime.status(runId)).toBe('cancelled')
    expect(document.querySelector('.sp-card')?.getAttribute('data-state')).toBe('expired')
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull()
    expect(await ws.readTasks()).toEqual([])
  })
})
