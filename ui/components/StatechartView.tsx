import { useId, useMemo } from 'react'
import type { AnyStateMachine } from 'xstate'
import { createAgentRunMachine } from '../../machines/agentRunMachine.ts'
import { layOutStatechart } from '../core/layOutStatechart.ts'
import type { RunSource } from '../core/RunSource.ts'
import { type StatechartGraph, statechartGraph } from '../core/statechartGraph.ts'
import { useRunEvents, useRunStatus } from '../hooks/runHooks.ts'

/** Props of `StatechartView`. */
export interface StatechartViewProps {
  run: RunSource | undefined
  /** The machine to draw (default: the agent-run statechart). */
  machine?: AnyStateMachine
}

const maxSteps = 12
let agentRunGraph: StatechartGraph | undefined
// Drawing needs only the definition; a registry that refuses to prepare anything is enough.
const defaultGraph = () => {
  agentRunGraph ??= statechartGraph(
    createAgentRunMachine({
      tools: {
        prepare: () => {
          throw new Error('the statechart view never prepares calls')
        },
      },
    }),
  )
  return agentRunGraph
}

/**
 * The statechart drawn from the machine definition (`toDirectedGraph`), with the run's current
 * state highlighted and the path it took so far (from its `statusChanged` events).
 */
export function StatechartView({ run, machine }: StatechartViewProps) {
  const layout = useMemo(
    () => layOutStatechart(machine ? statechartGraph(machine) : defaultGraph()),
    [machine],
  )
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
  const arrow = useId().replace(/:/g, '')
  return (
    <figure className="sp-chart">
      <svg
        viewBox={`${layout.minX} ${layout.minY} ${layout.width} ${layout.height}`}
        style={{ maxWidth: layout.width }}
        role="img"
        aria-label={`Agent-run statechart${status ? `, now in ${status}` : ''}`}
        className="sp-chart__svg"
      >
        <defs>
          {(['a', 't'] as const).map((kind) => (
            <marker
              key={kind}
              id={`${arrow}-${kind}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path
                d="M 0 0 L 10 5 L 0 10 z"
                className={kind === 't' ? 'sp-chart__head sp-chart__head--taken' : 'sp-chart__head'}
              />
            </marker>
          ))}
        </defs>
        {layout.edges.map((e) => {
          const on = taken.has(e.id)
          return (
            <g
              key={e.id}
              className={`sp-chart__edge${on ? ' sp-chart__edge--taken' : ''}${e.eventless ? ' sp-chart__edge--eventless' : ''}`}
              data-edge={e.id}
            >
              <title>{`${e.source} → ${e.target}: ${e.label}${e.guard ? ` [${e.guard}]` : ''}`}</title>
              <path d={e.path} markerEnd={`url(#${arrow}-${on ? 't' : 'a'})`} />
              <text x={e.labelX} y={e.labelY} textAnchor={e.anchor}>
                {e.label.split(' / ').map((line, i) => (
                  <tspan key={line} x={e.labelX} dy={i === 0 ? 0 : 12}>
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          )
        })}
        {layout.fromAnyState.map((f) => (
          <g
            key={`any>${f.target}`}
            className={`sp-chart__edge sp-chart__edge--any${status === f.target ? ' sp-chart__edge--taken' : ''}`}
          >
            <path d={f.path} markerEnd={`url(#${arrow}-${status === f.target ? 't' : 'a'})`} />
            <text x={f.labelX} y={f.labelY}>{`${f.label} (from any state)`}</text>
          </g>
        ))}
        {layout.states.map((s) => {
          const cls = [
            'sp-chart__state',
            s.key === status && 'sp-chart__state--active',
            visited.has(s.key) && 'sp-chart__state--visited',
            s.final && 'sp-chart__state--final',
          ]
            .filter(Boolean)
            .join(' ')
          return (
            <g
              key={s.key}
              className={cls}
              data-state={s.key}
              aria-current={s.key === status ? 'step' : undefined}
            >
              <title>
                {s.selfEvents.length ? `${s.key} (also handles ${s.selfEvents.join(', ')})` : s.key}
              </title>
              {s.initial ? (
                <circle cx={s.x - 14} cy={s.y + s.height / 2} r="5" className="sp-chart__initial" />
              ) : null}
              <rect x={s.x} y={s.y} width={s.width} height={s.height} rx="10" />
              {s.final ? (
                <rect
                  x={s.x + 3}
                  y={s.y + 3}
                  width={s.width - 6}
                  height={s.height - 6}
                  rx="8"
                  className="sp-chart__inner"
                />
              ) : null}
              <text x={s.x + s.width / 2} y={s.y + s.height / 2 + 4.5} textAnchor="middle">
                {s.key}
              </text>
            </g>
          )
        })}
      </svg>
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
