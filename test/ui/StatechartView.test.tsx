// @vitest-environment jsdom

import { act, cleanup, render, screen } from '@testing-library/react'
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

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
/** Six states, each with a long-named transition to every other one. */
function denseMachine() {
  const keys = ['idle', 'loading', 'ready', 'saving', 'failed', 'done']
  const on = (from: string) =>
    Object.fromEntries(
      keys.filter((to) => to !== from).map((to) => [`GO_${to.toUpperCase()}_FROM_${from}`, to]),
    )
  return createMachine({
    id: 'dense',
    initial: 'idle',
    states: Object.fromEntries(keys.map((key) => [key, { on: on(key) }])),
  })
}
const circleBox = (c: { cx: number; cy: number; r: number }): Box => ({
  x: c.cx - c.r,
  y: c.cy - c.r,
  width: 2 * c.r,
  height: 2 * c.r,
})

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

  it('follows a different machine: the layout is computed, not drawn by hand', async () => {
    const machine = createMachine({
      id: 'door',
      initial: 'closed',
      states: {
        closed: { on: { OPEN: 'open' } },
        open: { on: { CLOSE: 'closed', LOCK: 'locked' } },
        locked: { type: 'final' },
      },
    })
    const layout = await layOutStatechart(statechartGraph(machine))
    expect(layout.states.map((s) => s.key)).toEqual(['closed', 'open', 'locked'])
    expect(layout.edges.map((e) => e.id).sort()).toEqual([
      'closed>open',
      'open>closed',
      'open>locked',
    ])
  })

  it.each([
    ['the agent run', agentRun],
    ['six states all leading to each other', denseMachine()],
  ])(
    '%s: every state placed once; no label overlaps another label, a state or the any-state box',
    async (_name, machine) => {
      const layout = await layOutStatechart(statechartGraph(machine))
      const states = layout.states.map((s) => ({ what: `state ${s.key}`, box: s }))
      const pseudo = [
        ...(layout.anyState ? [{ what: 'any-state box', box: layout.anyState }] : []),
        ...(layout.initial ? [{ what: 'initial dot', box: circleBox(layout.initial) }] : []),
      ]
      const labels = [
        ...layout.edges.map((e) => ({ what: `label of ${e.id}`, box: e.labelBox })),
        ...layout.fromAnyState.map((f) => ({ what: `label of any>${f.target}`, box: f.labelBox })),
      ]
      expect(states.map((s) => s.what).sort()).toEqual(
        Object.keys(machine.root.states)
          .map((key) => `state ${key}`)
          .sort(),
      )
      expect(labels.length).toBeGreaterThan(10)
      const apart = [...states, ...pseudo]
      for (const [i, a] of apart.entries())
        for (const b of apart.slice(i + 1))
          expect(overlap(a.box, b.box), `${a.what} / ${b.what}`).toBe(false)
      for (const [i, a] of labels.entries()) {
        expect(a.box.width * a.box.height, `${a.what} has a box`).toBeGreaterThan(0)
        for (const b of [...labels.slice(i + 1), ...apart])
          expect(overlap(a.box, b.box), `${a.what} / ${b.what}`).toBe(false)
      }
      // Everything lies inside the drawing's bounds.
      for (const { what, box } of [...apart, ...labels]) {
        expect(box.x >= layout.minX && box.y >= layout.minY, what).toBe(true)
        expect(box.x + box.width <= layout.minX + layout.width, what).toBe(true)
        expect(box.y + box.height <= layout.minY + layout.height, what).toBe(true)
      }
    },
  )

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
      // ELK lays the chart out asynchronously; the drawing appears once it has.
      await screen.findByRole('img', { name: /now in awaitingConfirmation/ })
      const active = () =>
        document.querySelector('.sp-chart__state--active')?.getAttribute('data-state')
      expect(active()).toBe('awaitingConfirmation')
      const taken = () =>
        [...document.querySelectorAll('.sp-chart__edge--taken')].map((e) =>
          e.getAttribute('data-edge'),
        )
      // create_task has a describe step: its card waits for what the call will change.
      expect(taken()).toEqual([
        'thinking>preparing',
        'preparing>describing',
        'describing>awaitingConfirmation',
      ])
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
