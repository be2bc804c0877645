import type { AnyStateMachine, StateNode, TransitionDefinition } from 'xstate'

// biome-ignore lint/suspicious/noExplicitAny: transitions of any machine variant
type AnyTransition = TransitionDefinition<any, any>
// biome-ignore lint/suspicious/noExplicitAny: state nodes of any machine variant
type AnyNode = StateNode<any, any>

function allNodes(node: AnyNode): AnyNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyNode))]
}

const targets = (t: AnyTransition) =>
  t.target === undefined || t.target.length === 0
    ? '(self)'
    : t.target.map((n: AnyNode) => n.key).join(',')

/** A readable, stable name for one transition of a machine definition. */
export function transitionName(t: AnyTransition): string {
  const source = t.source as AnyNode
  const list =
    t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? [])
  const index = list.indexOf(t)
  const event = t.eventType === '' ? 'always' : t.eventType
  const guard =
    t.guard === undefined
      ? ''
      : ` [${typeof t.guard === 'object' && 'type' in t.guard ? String(t.guard.type) : 'guard'}]`
  return `${source.parent === undefined ? '(root)' : source.key} --${event}#${index}${guard}--> ${targets(t)}`
}

/** Every state node (but the root) and every transition of a machine, read from its definition. */
export function machineInventory(machine: AnyStateMachine): {
  states: string[]
  transitions: string[]
} {
  const nodes = allNodes(machine.root as AnyNode)
  const transitions = nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ])
  return {
    states: nodes.filter((n) => n !== machine.root).map((n) => n.path.join('.')),
    transitions: transitions.map(transitionName),
  }
}

/** Collects the states entered and transitions taken by replayed microsteps. */
export class CoverageRecorder {
  readonly states = new Set<string>()
  readonly transitions = new Set<string>()

  /** Records a snapshot's active state nodes (the initial state is entered without a transition). */
  visit(nodes: readonly AnyNode[]): void {
    for (const node of nodes) if (node.parent !== undefined) this.states.add(node.path.join('.'))
  }

  /** Records the transitions of one microstep and the states they entered. */
  take(transitions: readonly AnyTransition[]): void {
    for (const t of transitions) {
      this.transitions.add(transitionName(t))
      for (const target of t.target ?? []) this.visit([target as AnyNode])
    }
  }
}
