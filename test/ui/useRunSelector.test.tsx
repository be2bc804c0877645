// @vitest-environment jsdom

import { act, cleanup, render, screen } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assign, createActor, setup } from 'xstate'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { RunSnapshotView, RunSource } from '../../ui/core/RunSource.ts'
import { selectStatus } from '../../ui/core/runSelectors.ts'
import { useRunMessages, useRunStatus } from '../../ui/hooks/runHooks.ts'
import { LocalRunClient } from '../../ui/local/LocalRunClient.ts'
import { RemoteRunClient } from '../../ui/remote/RemoteRunClient.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

// The real hook, watched: the run hooks must select through it.
vi.mock('@xstate/react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@xstate/react')>()
  return { ...actual, useSelector: vi.fn(actual.useSelector) }
})

afterEach(() => cleanup())

function Status({ run }: { run: RunSource | undefined }) {
  return <p data-testid="status">{useRunStatus(run) ?? 'none'}</p>
}

function LastMessage({ run }: { run: RunSource }) {
  return <p data-testid="message">{useRunMessages(run).at(-1)?.content ?? ''}</p>
}

// A statechart of its own with the context shape the hooks read: an actor is a run source as is.
const tinyRun = setup({
  types: {
    context: {} as RunSnapshotView['context'],
    events: {} as { type: 'USER_INPUT'; text: string },
  },
}).createMachine({
  id: 'tiny',
  context: { runId: 'tiny-1', events: [], messages: [] },
  initial: 'awaitingInput',
  states: {
    awaitingInput: {
      on: {
        USER_INPUT: {
          target: 'thinking',
          actions: assign({
            messages: ({ context, event }) => [
              ...context.messages,
              { role: 'user' as const, content: event.text },
            ],
          }),
        },
      },
    },
    thinking: {},
  },
})

describe('the run hooks select with @xstate/react', () => {
  it("select through @xstate/react's useSelector, with the run as the actor", () => {
    const actor = createActor(tinyRun).start()
    render(<Status run={actor} />)
    expect(vi.mocked(useSelector)).toHaveBeenCalledWith(actor, selectStatus, undefined)
  })

  it('take an XState actor itself, and re-render as it moves', () => {
    const actor = createActor(tinyRun).start()
    render(
      <>
        <Status run={actor} />
        <LastMessage run={actor} />
      </>,
    )
    expect(screen.getByTestId('status').textContent).toBe('awaitingInput')
    act(() => actor.send({ type: 'USER_INPUT', text: 'plan my week' }))
    expect(screen.getByTestId('status').textContent).toBe('thinking')
    expect(screen.getByTestId('message').textContent).toBe('plan my week')
  })

  it('no run yet reads as nothing', () => {
    render(<Status run={undefined} />)
    expect(screen.getByTestId('status').textContent).toBe('none')
  })
})

describe('the run clients subscribe as an actor ref does', () => {
  it("LocalRunClient takes subscribe's function form as well as an observer", async () => {
    const temp = await tempWorkspace()
    try {
      const runtime = makeRuntime(new ScriptedModel([{ text: 'Hi' }]), temp.ws)
      const runId = runtime.startRun({ input: 'hello' })
      const client = new LocalRunClient(runtime, runId)
      const seen: unknown[] = []
      const completed: string[] = []
      const subscription = client.subscribe(
        (snapshot) => seen.push(snapshot.value),
        undefined,
        () => completed.push('done'),
      )
      await waitForRun(runtime, runId, 'awaitingInput')
      expect(seen.at(-1)).toBe('awaitingInput')
      await runtime.cancel(runId)
      expect(completed).toEqual(['done'])
      subscription.unsubscribe()
      await runtime.flush()
    } finally {
      await temp.dispose()
    }
  })

  it("RemoteRunClient takes subscribe's function form too", async () => {
    // A server that is not there: the client reports its connection through the snapshot.
    const refused = () => Promise.resolve(new Response('{}', { status: 404 }))
    const client = new RemoteRunClient({ token: 't', fetch: refused, runId: 'r-1' })
    const connections: string[] = []
    client.subscribe(() => connections.push(client.getSnapshot().connection))
    await vi.waitFor(() => expect(connections).toContain('failed'))
    client.close()
  })
})
