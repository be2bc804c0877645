import { type DirectedGraphNode, toDirectedGraph } from '@xstate/graph'
import type { AnyStateMachine, StateNode, TransitionDefinition } from 'xstate'
import { entryEffects } from '../../ui/core/statechartGraph.ts'
import { chartSvg } from './chartSvg.tsx'

// biome-ignore lint/suspicious/noExplicitAny: state nodes of any machine
type AnyNode = StateNode<any, any>
// biome-ignore lint/suspicious/noExplicitAny: transitions of any machine
type AnyTransition = TransitionDefinition<any, any>

/** One arrow of the chart. */
interface ChartEdge {
  from: string
  to: string
  label: string
}

/** The chart of a machine, as Mermaid text and as the SVG the web app draws. */
export interface StateChart {
  mermaid: string
  svg: string
}

const anyState = 'anyState'

function eventLabel(t: AnyTransition): string {
  const type = t.eventType
  const event =
    type === ''
      ? 'always'
      : type.startsWith('xstate.done.actor.')
        ? `${type.slice('xstate.done.actor.'.length)} done`
        : type.startsWith('xstate.error.actor.')
          ? `${type.slice('xstate.error.actor.'.length)} error`
          : type.startsWith('xstate.after.')
            ? `after ${type.split('.')[2]}`
            : type
  const guard = t.guard as { type?: unknown } | string | undefined
  const name = typeof guard === 'string' ? guard : typeof guard?.type === 'string' ? guard.type : ''
  return guard === undefined ? event : `${event} [${name || 'guard'}]`
}

function flatten(graph: DirectedGraphNode): DirectedGraphNode[] {
  return [graph, ...graph.children.flatMap(flatten)]
}

/** The states and arrows of a machine: `toDirectedGraph` plus its eventless (`always`) transitions. */
function chartModel(machine: AnyStateMachine) {
  const nodes = flatten(toDirectedGraph(machine))
  const root = machine.root as AnyNode
  const name = (node: AnyNode) => (node === root ? anyState : node.key)
  const edges: ChartEdge[] = nodes.flatMap((graphNode) => {
    const node = graphNode.stateNode as AnyNode
    const explicit = graphNode.edges.map((edge) => ({
      from: name(edge.source as AnyNode),
      to: name(edge.target as AnyNode),
      label: eventLabel(edge.transition),
    }))
    // toDirectedGraph leaves out eventless transitions; the transient states need them.
    const eventless = (node.always ?? []).flatMap((t: AnyTransition) =>
      (t.target ?? [node]).map((target: AnyNode) => ({
        from: name(node),
        to: name(target),
        label: eventLabel(t),
      })),
    )
    return [...explicit, ...eventless]
  })
  const states = nodes
    .map((n) => n.stateNode as AnyNode)
    .filter((n) => n !== root)
    .map((n) => ({
      key: n.key,
      final: n.type === 'final',
      transient: (n.always?.length ?? 0) > 0,
      initial: root.initial?.target?.includes(n) ?? false,
      effects: entryEffects(machine, n.entry),
    }))
  return { states, edges, rootHasEdges: edges.some((e) => e.from === anyState) }
}

function toMermaid(model: ReturnType<typeof chartModel>): string {
  const lines = ['stateDiagram-v2', '  direction LR']
  if (model.rootHasEdges) lines.push(`  state "any state" as ${anyState}`)
  for (const s of model.states) {
    if (s.transient) lines.push(`  state "${s.key} (transient)" as ${s.key}`)
    if (s.final) lines.push(`  state "${s.key} (final)" as ${s.key}`)
  }
  for (const s of model.states)
    for (const effect of s.effects) lines.push(`  ${s.key}: entry / ${effect}`)
  for (const s of model.states) if (s.initial) lines.push(`  [*] --> ${s.key}`)
  for (const e of model.edges)
    lines.push(`  ${e.from} --> ${e.to}: ${e.label.replaceAll(':', ' ')}`)
  for (const s of model.states) if (s.final) lines.push(`  ${s.key} --> [*]`)
  if (model.rootHasEdges)
    lines.push(`  class ${anyState} anyState`, '  classDef anyState stroke-dasharray: 5 5')
  return `${lines.join('\n')}\n`
}

/** Draws a machine: Mermaid `stateDiagram-v2` text, and the web app's ELK-laid SVG. */
export async function renderChart(machine: AnyStateMachine): Promise<StateChart> {
  return { mermaid: toMermaid(chartModel(machine)), svg: await chartSvg(machine) }
}
