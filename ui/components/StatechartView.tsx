import { useEffect, useMemo, useRef, useState } from 'react'
import type { AnyStateMachine } from 'xstate'
import { createAgentRunMachine } from '../../machines/agentRunMachine.ts'
import { layOutStatechart, type StatechartLayout } from '../core/layOutStatechart.ts'
import type { RunSource } from '../core/RunSource.ts'
import { statechartGraph } from '../core/statechartGraph.ts'
import { useRunEvents, useRunStatus } from '../hooks/runHooks.ts'
import { StatechartDrawing } from './StatechartDrawing.tsx'

/** Props of `StatechartView`. */
export interface StatechartViewProps {
  run: RunSource | undefined
  /** The machine to draw (default: the agent-run statechart). */
  machine?: AnyStateMachine
}

const maxSteps = 12
let agentRunLayout: Promise<StatechartLayout> | undefined
// Drawing needs only the definition; a registry that refuses to prepare anything is enough. The
// agent-run layout is the same for every view, so it is computed once.
const defaultLayout = () => {
  agentRunLayout ??= layOutStatechart(
    statechartGraph(
      createAgentRunMachine({
        tools: {
          prepare: () => {
            throw new Error('the statechart view never prepares calls')
          },
        },
      }),
    ),
  )
  return agentRunLayout
}

/** The machine's layout, once ELK has computed it (it works asynchronously). */
function useLayout(machine: AnyStateMachine | undefined): StatechartLayout | undefined {
  const [laid, setLaid] = useState<{ machine?: AnyStateMachine; layout: StatechartLayout }>()
  useEffect(() => {
    let current = true
    void (machine ? layOutStatechart(statechartGraph(machine)) : defaultLayout()).then((layout) => {
      if (current) setLaid({ ...(machine && { machine }), layout })
    })
    return () => {
      current = false
    }
  }, [machine])
  // A layout of the previous machine is not shown for the next one.
  return laid !== undefined && laid.machine === machine ? laid.layout : undefined
}

/**
 * The statechart drawn from the machine definition (`toDirectedGraph`), with the run's current
 * state highlighted and the path it took so far (from its `statusChanged` events).
 */
export function StatechartView({ run, machine }: StatechartViewProps) {
  const layout = useLayout(machine)
  const status = useRunStatus(run)
  const events = useRunEvents(run)
  const steps = useMemo(
    () =>
      events.flatMap((e) =>
        e.kind === 'statusChanged' && e.status ? [{ seq: e.seq, status: e.status }] : [],
      ),
    [events],
  )
  const path = steps.map((s) => s.status)
  const taken = new Set(path.slice(1).map((s, i) => `${path[i]}>${s}`))
  const visited = new Set<string>(path)
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (layout !== undefined && status !== undefined) centreState(frame.current, status)
  }, [layout, status])
  return (
    <figure className="sp-chart">
      {layout ? (
        // Focusable, so a keyboard can scroll the chart where it is wider than the panel.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <div ref={frame} className="sp-chart__frame" tabIndex={0}>
          <StatechartDrawing
            layout={layout}
            {...(status && { status })}
            visited={visited}
            taken={taken}
          />
        </div>
      ) : (
        <p className="sp-chart__laying-out">Laying out the statechart…</p>
      )}
      <figcaption className="sp-chart__path">
        {path.length === 0 ? (
          'No run yet: the path appears here as the run moves.'
        ) : (
          <ol aria-label="Path so far" data-steps={path.length}>
            {path.length > maxSteps ? <li className="sp-chart__step--more">…</li> : null}
            {steps.slice(-maxSteps).map((step, i, shown) => (
              <li
                key={step.seq}
                className={i === shown.length - 1 ? 'sp-chart__step--now' : undefined}
              >
                {step.status}
              </li>
            ))}
          </ol>
        )}
      </figcaption>
    </figure>
  )
}

// The chart is wider than a narrow panel: the current state is scrolled to the middle of it.
function centreState(frame: HTMLDivElement | null, state: string): void {
  const states = frame?.querySelectorAll('.sp-chart__state') ?? []
  const active = [...states].find((drawn) => drawn.getAttribute('data-state') === state)
  if (frame == null || active == null) return
  const shown = frame.getBoundingClientRect()
  const box = active.getBoundingClientRect()
  frame.scrollLeft += box.left + box.width / 2 - (shown.left + shown.width / 2)
}
