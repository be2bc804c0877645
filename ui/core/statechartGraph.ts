import { toDirectedGraph } from '@xstate/graph'
import type { AnyStateMachine } from 'xstate'

/** One transition between two top-level states. */
export interface StatechartEdge {
  source: string
  target: string
  /** A short label: the event (`CONFIRM`, `model done`) or, for an eventless transition, its guard. */
  label: string
  guard?: string
  eventless: boolean
}

/** The top-level states of a machine and the transitions between them, read from its definition. */
export interface StatechartGraph {
  id: string
  initial: string | undefined
  /** Each state; `effects` are its entry actions that do I/O (not `assign` or `emit`), e.g. `callModel`. */
  states: { key: string; final: boolean; selfEvents: string[]; effects: string[] }[]
  edges: StatechartEdge[]
  /** Transitions declared on the machine itself, taken from any state. */
  fromAnyState: { label: string; target: string }[]
}

/** Reads a machine's top-level states and transitions (event and eventless) via `toDirectedGraph`. */
export function statechartGraph(machine: AnyStateMachine): StatechartGraph {
  const graph = toDirectedGraph(machine)
  const root = graph.stateNode
  const keyOf = (id: string) => id.slice(root.id.length + 1).split('.')[0] ?? id
  const states: StatechartGraph['states'] = []
  const edges: StatechartEdge[] = []
  for (const child of graph.children) {
    const node = child.stateNode
    const selfEvents: string[] = []
    for (const edge of child.edges) {
      const target = keyOf(edge.target.id)
      const label = eventLabel(edge.label.text)
      if (target === node.key) selfEvents.push(label)
      else
        edges.push({
          source: node.key,
          target,
          label,
          eventless: false,
          ...guardOf(edge.transition),
        })
    }
    for (const transition of node.always ?? []) {
      for (const target of transition.target ?? []) {
        const guard = guardOf(transition).guard
        edges.push({
          source: node.key,
          target: keyOf(target.id),
          label: guard ?? 'otherwise',
          eventless: true,
          ...(guard !== undefined && { guard }),
        })
      }
    }
    states.push({
      key: node.key,
      final: node.type === 'final',
      selfEvents,
      effects: entryEffects(machine, node.entry),
    })
  }
  const fromAnyState = graph.edges.flatMap((edge) =>
    edge.target === root
      ? []
      : [{ label: eventLabel(edge.label.text), target: keyOf(edge.target.id) }],
  )
  const initial = root.initial?.target?.[0]?.key
  return { id: root.id, initial, states, edges, fromAnyState }
}

/**
 * The entry actions of a state that are effects: named actions whose implementation is a plain
 * function (XState runs it for its side effect), not one of XState's own (`assign`, `emit`, …).
 */
export function entryEffects(machine: AnyStateMachine, entry: readonly unknown[]): string[] {
  const actions = (machine.implementations.actions ?? {}) as Record<string, unknown>
  return entry.flatMap((action) => {
    const type = typeof action === 'string' ? action : (action as { type?: unknown }).type
    if (typeof type !== 'string') return []
    const implementation = actions[type]
    const builtIn = typeof implementation === 'function' && 'resolve' in implementation
    return typeof implementation === 'function' && !builtIn ? [type] : []
  })
}

function eventLabel(eventType: string): string {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (match) return `${match[2]} ${match[1]}`
  const delay = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (delay) return `after ${delay[1]}`
  return eventType === '' ? 'always' : eventType
}

function guardOf(transition: { guard?: unknown }): { guard?: string } {
  const guard = transition.guard as { type?: unknown } | string | undefined
  const name = typeof guard === 'string' ? guard : guard?.type
  return typeof name === 'string' ? { guard: name } : {}
}
