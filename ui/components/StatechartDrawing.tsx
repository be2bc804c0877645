import { useId } from 'react'
import { anyLabel, type StatechartLayout } from '../core/layOutStatechart.ts'

/** Props of `StatechartDrawing`. */
export interface StatechartDrawingProps {
  layout: StatechartLayout
  /** The state to highlight as the current one. */
  status?: string
  /** States the run has been in. */
  visited?: ReadonlySet<string>
  /** Edges (`source>target`) the run has taken. */
  taken?: ReadonlySet<string>
  /** Adds the `xmlns` a standalone SVG file needs. */
  standalone?: boolean
}

const none: ReadonlySet<string> = new Set()

/** A laid-out statechart as SVG: state boxes, arrows with their labels, the current state marked. */
export function StatechartDrawing({
  layout,
  status,
  visited = none,
  taken = none,
  standalone = false,
}: StatechartDrawingProps) {
  const arrow = useId().replace(/[^a-zA-Z0-9_-]/g, '')
  const head = (on: boolean) => `url(#${arrow}-${on ? 't' : 'a'})`
  return (
    <svg
      {...(standalone && { xmlns: 'http://www.w3.org/2000/svg' })}
      viewBox={`${layout.minX} ${layout.minY} ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
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
      {layout.initial ? (
        <g className="sp-chart__edge sp-chart__edge--initial">
          <circle
            cx={layout.initial.cx}
            cy={layout.initial.cy}
            r={layout.initial.r}
            className="sp-chart__initial"
          />
          <path d={layout.initial.path} markerEnd={head(false)} />
        </g>
      ) : null}
      {layout.edges.map((e) => {
        const on = taken.has(e.id)
        return (
          <g
            key={e.id}
            className={`sp-chart__edge${on ? ' sp-chart__edge--taken' : ''}${e.eventless ? ' sp-chart__edge--eventless' : ''}`}
            data-edge={e.id}
          >
            <title>{e.title}</title>
            <path d={e.path} markerEnd={head(on)} />
            <EdgeLabel lines={e.lines} box={e.labelBox} />
          </g>
        )
      })}
      {layout.anyState ? (
        <g className="sp-chart__any">
          <rect {...layout.anyState} rx={layout.anyState.height / 2} />
          <text
            x={layout.anyState.x + layout.anyState.width / 2}
            y={layout.anyState.y + layout.anyState.height / 2 + 4}
            textAnchor="middle"
          >
            any state
          </text>
        </g>
      ) : null}
      {layout.fromAnyState.map((f) => {
        const on = status === f.target
        return (
          <g
            key={`any>${f.target}`}
            className={`sp-chart__edge sp-chart__edge--any${on ? ' sp-chart__edge--taken' : ''}`}
          >
            <path d={f.path} markerEnd={head(on)} />
            <EdgeLabel lines={[anyLabel(f.label)]} box={f.labelBox} />
          </g>
        )
      })}
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
            <text
              x={s.x + s.width / 2}
              y={s.y + (s.height - s.effects.length * 14) / 2 + 4.5}
              textAnchor="middle"
            >
              {s.key}
            </text>
            {s.effects.map((effect, i) => (
              <text
                key={effect}
                x={s.x + s.width / 2}
                y={s.y + (s.height - s.effects.length * 14) / 2 + 20 + i * 14}
                textAnchor="middle"
                className="sp-chart__effect"
              >
                {`entry / ${effect}`}
              </text>
            ))}
          </g>
        )
      })}
    </svg>
  )
}

// A label's lines, left-aligned inside the box the layout gave it.
function EdgeLabel({
  lines,
  box,
}: {
  lines: string[]
  box: StatechartLayout['edges'][number]['labelBox']
}) {
  const x = box.x + 4
  return (
    <text x={x} y={box.y + 13} className="sp-chart__label">
      {lines.map((line, i) => (
        <tspan key={line} x={x} dy={i === 0 ? 0 : 13}>
          {line}
        </tspan>
      ))}
    </text>
  )
}
