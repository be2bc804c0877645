// @vitest-environment jsdom

import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { AgentChat } from '../../ui/components/AgentChat.tsx'
import type { RunSource } from '../../ui/core/RunSource.ts'
import { useRunEvents, useRunStatus } from '../../ui/hooks/runHooks.ts'
import { useAgentRun } from '../../ui/hooks/useAgentRun.ts'
import { LocalRunClient } from '../../ui/local/LocalRunClient.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

const renders = { status: 0, events: 0 }
let view: ReturnType<typeof useAgentRun> | undefined

function StatusOnly({ run }: { run: RunSource }) {
  renders.status += 1
  return <p data-testid="status">{useRunStatus(run)}</p>
}

function EventCount({ run }: { run: RunSource }) {
  renders.events += 1
  return <p data-testid="events">{useRunEvents(run).length}</p>
}

function Probe({ run }: { run: RunSource }) {
  view = useAgentRun(run)
  return null
}

let dispose: () => Promise<void>
let runtime: AgentRuntime
let answer: (turn: ModelTurn) => void
// The model's streaming callback of the waiting call: how a real client delivers text.
let stream: (text: string) => void

beforeEach(async () => {
  const temp = await tempWorkspace()
  // The first model call waits for the test; later ones answer at once.
  const model = new ScriptedModel([
    (request) => {
      stream = (text) => request.onTextDelta?.(text)
      return new Promise<ModelTurn>((resolve) => (answer = resolve))
    },
    { text: 'Anything else?' },
  ])
  runtime = makeRuntime(model, temp.ws)
  dispose = async () => {
    for (const id of runtime.runIds()) runtime.cancel(id)
    await runtime.flush()
    await temp.dispose()
  }
})
afterEach(async () => {
  cleanup()
  await dispose()
})

describe('run hooks over an in-process runtime', () => {
  it('a status-only component does not re-render when events are appended', async () => {
    const runId = runtime.startRun({ input: 'hello' })
    const run: RunSource = new LocalRunClient(runtime, runId)
    render(
      <>
        <StatusOnly run={run} />
        <EventCount run={run} />
      </>,
    )
    expect(screen.getByTestId('status').textContent).toBe('thinking')
    const statusBefore = renders.status
    const eventsBefore = renders.events
    for (const text of ['Hel', 'lo ', 'the', 're']) {
      await act(async () => stream(text))
    }
    expect(renders.events - eventsBefore).toBe(4)
    expect(renders.status).toBe(statusBefore)

    await act(async () => answer({ text: 'Hello there' }))
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    expect(screen.getByTestId('status').textContent).toBe('awaitingInput')
    expect(renders.status).toBeGreaterThan(statusBefore)
  })

  it('useAgentRun exposes status, messages, pending and events of the same run', async () => {
    const runId = runtime.startRun({ input: 'hello' })
    render(<Probe run={new LocalRunClient(runtime, runId)} />)
    expect(view?.status).toBe('thinking')
    expect(view?.pending).toBeUndefined()
    expect(view?.messages.at(-1)).toEqual({ role: 'user', content: 'hello' })
    await act(async () => answer({ text: 'Hi!' }))
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    expect(view?.status).toBe('awaitingInput')
    expect(view?.events.some((e) => e.kind === 'assistantMessage' && e.text === 'Hi!')).toBe(true)
    await act(async () => view?.sendInput('thanks'))
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    expect(view?.messages.at(-1)).toEqual({ role: 'assistant', content: 'Anything else?' })
  })

  it('AgentChat shows streamed text as a growing bubble, then the finished message', async () => {
    const runId = runtime.startRun({ input: 'explain osmosis' })
    render(<AgentChat run={new LocalRunClient(runtime, runId)} onStartRun={() => {}} />)
    await act(async () => stream('Osmosis is '))
    const bubble = () => document.querySelector('.sp-bubble--assistant') as HTMLElement
    // Rendered as markdown: a paragraph's trailing space is not shown.
    expect(bubble().textContent).toBe('Osmosis is')
    expect(bubble().classList.contains('sp-bubble--streaming')).toBe(true)
    await act(async () => stream('water moving'))
    expect(bubble().textContent).toBe('Osmosis is water moving')
    await act(async () => answer({ text: 'Osmosis is water moving across a membrane.' }))
    await act(() => waitForRun(runtime, runId, 'awaitingInput').then(() => {}))
    const bubbles = document.querySelectorAll('.sp-bubble--assistant')
    expect(bubbles).toHaveLength(1)
    expect(bubbles[0]?.textContent).toBe('Osmosis is water moving across a membrane.')
    expect(bubbles[0]?.classList.contains('sp-bubble--streaming')).toBe(false)
  })
})
