// @vitest-environment jsdom

import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { createAgentRunMachine } from '../../machines/agentRunMachine.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { StatechartView } from '../../ui/components/StatechartView.tsx'
import { layOutStatechart } from '../../ui/core/layOutStatechart.ts'
import { statechartGraph } from '../../ui/core/statechartGraph.ts'
import { LocalRunClient } from '../../ui/local/LocalRunClient.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

afterEach(cleanup)

const agentRun = createAgentRunMachine({
  tools: {
    prepare: () => {
      throw new Error('not used')
    },
  },
})

describe('the statechart view is drawn from the machine definition', () => {
  it('has exactly the machine’s states and its transitions, eventless ones included', () => {
    const graph = statechartGraph(agentRun)
    expect(graph.states.map((s) => s.key).sort()).toEqual(Object.keys(agentRun.root.states).sort())
    expect(graph.initial).toBe('thinking')
    const edge = (source: string, target: string) =>
      graph.edges.filter((e) => e.source === source && e.target === target).map((e) => e.label)
    expect(edge('awaitingConfirmation', 'executing')).toContain('CONFIRM')
    expect(edge('awaitingConfirmation', 'reporting')).toContain('DENY')
    expect(edge('preparing', 'executing')).toEqual(['isReadCall'])
    expect(graph.fromAnyState).toContainEqual({ label: 'CANCEL', target: 'cancelled' })
  })

  it('follows a different machine: the layout is computed, not drawn by hand', () => {
    const machine = createMachine({
      id: 'door',
      initial: 'closed',
      states: {
        closed: { on: { OPEN: 'open' } },
        open: { on: { CLOSE: 'closed', LOCK: 'locked' } },
        locked: { type: 'final' },
      },
    })
    const layout = layOutStatechart(statechartGraph(machine))
    expect(layout.states.map((s) => s.key)).toEqual(['closed', 'open', 'locked'])
    expect(layout.edges.map((e) => e.id).sort()).toEqual([
      'closed>open',
      'open>closed',
      'open>locked',
    ])
  })

  it('places every state once, with no two boxes overlapping', () => {
    const { states } = layOutStatechart(statechartGraph(agentRun))
    for (const a of states)
      for (const b of states)
        if (a !== b)
          expect(
            a.x + a.width <= b.x ||
              b.x + b.width <= a.x ||
              a.y + a.height <= b.y ||
              b.y + b.height <= a.y,
          ).toBe(true)
  })

  it('highlights the live state and the path the run took', async () => {
    const temp = await tempWorkspace()
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'create_task', arguments: '{"title":"Read chapter 4"}' }] },
    ])
    const runtime = makeRuntime(model, temp.ws)
    try {
      const runId = runtime.startRun({ input: 'add a task' })
      await waitForRun(runtime, runId, 'awaitingConfirmation')
      render(<StatechartView run={new LocalRunClient(runtime, runId)} />)
      const active = () =>
        document.querySelector('.sp-chart__state--active')?.getAttribute('data-state')
      expect(active()).toBe('awaitingConfirmation')
      const taken = () =>
        [...document.querySelectorAll('.sp-chart__edge--taken')].map((e) =>
          e.getAttribute('data-edge'),
        )
      expect(taken()).toEqual(['thinking>preparing', 'preparing>awaitingConfirmation'])
      await act(async () => runtime.cancel(runId))
      expect(active()).toBe('cancelled')
      expect(document.querySelector('.sp-chart__path')?.textContent).toContain('cancelled')
    } finally {
      await runtime.cancel(runtime.runIds()[0] as string)
      await runtime.flush()
      await temp.dispose()
    }
  })
})
