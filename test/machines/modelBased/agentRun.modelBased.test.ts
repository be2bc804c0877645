// The real agent-run chart explored path by path, and the mutant controls that show the same
// explorer catches each broken variant of it. One file: the control (the real chart breaks no
// invariant) is this file's exploration of the real chart, not a second one of its own.
import { describe, expect, it } from 'vitest'
import { type ExplorationReport, exploreRun, type Violation } from './explorer.ts'
import { invariants } from './invariants.ts'
import { hostedMutants, mutants } from './mutants.ts'
import { type Configuration, configurations, explorationOf, explorationSetup } from './scenario.ts'

const setup = explorationSetup()
const cache = new Map<Configuration, ExplorationReport>()
const reportFor = (configuration: Configuration): ExplorationReport => {
  const cached = cache.get(configuration)
  if (cached !== undefined) return cached
  const { machine, world, hosted } = explorationOf(setup, configuration)
  const report = exploreRun({
    machine,
    input: configuration.input,
    registry: setup.tools,
    world,
    clock: setup.clock,
    edgesOnly: !configuration.simplePaths,
    ...(hosted !== undefined && { hosted }),
  })
  cache.set(configuration, report)
  return report
}

describe('the agent-run statechart, explored path by path', () => {
  it.each(configurations.map((c) => [c.name, c] as const))(
    '%s: every step of every explored path keeps all invariants',
    (_name, configuration) => {
      const report = reportFor(configuration)
      const readable = report.violations
        .slice(0, 10)
        .map((v) => `${v.invariant}: ${v.message}\n    path: ${v.path.join(' → ')}`)
      expect(readable).toEqual([])
      expect(report.abstractionMismatches).toEqual([])
      expect(report.edges).toBeGreaterThan(report.vertices)
    },
  )

  it('explores simple paths, not only edges', () => {
    const withPaths = configurations.filter((c) => c.simplePaths)
    expect(withPaths.length).toBeGreaterThan(0)
    for (const c of withPaths)
      expect(reportFor(c).simplePaths).toBeGreaterThan(reportFor(c).vertices)
  })

  it('covers every state and every transition of the machine definition', () => {
    const reports = configurations.map((configuration) => ({
      configuration,
      report: reportFor(configuration),
    }))
    const states = new Map<string, boolean>()
    const transitions = new Map<string, boolean>()
    for (const { report } of reports) {
      const { states: s, transitions: t } = report.coverage
      for (const name of s.missing) if (!states.has(name)) states.set(name, false)
      for (const name of t.missing) if (!transitions.has(name)) transitions.set(name, false)
    }
    // An item is missed overall only if every configuration missed it.
    const missedEverywhere = (kind: 'states' | 'transitions') =>
      [...(kind === 'states' ? states : transitions).keys()].filter((name) =>
        reports.every((r) => r.report.coverage[kind].missing.includes(name)),
      )
    const first = reports[0]?.report.coverage
    const allStates = first?.states.all ?? 0
    const allTransitions = first?.transitions.all ?? 0
    const missedStates = missedEverywhere('states')
    const missedTransitions = missedEverywhere('transitions')
    const totals = reports.reduce(
      (sum, { report }) => ({
        vertices: sum.vertices + report.vertices,
        edges: sum.edges + report.edges,
        paths: sum.paths + report.simplePaths,
      }),
      { vertices: 0, edges: 0, paths: 0 },
    )
    console.log(
      `model-based: states ${allStates - missedStates.length}/${allStates}, transitions ${
        allTransitions - missedTransitions.length
      }/${allTransitions}; ${totals.vertices} abstract states, ${totals.edges} edges, ${
        totals.paths
      } simple paths, ${invariants.length} invariants`,
    )
    expect(missedStates).toEqual([])
    expect(missedTransitions).toEqual([])
    expect(allStates).toBeGreaterThan(0)
    expect(allTransitions).toBeGreaterThan(0)
  })
})

const all = [
  ...mutants(setup.machine, { tools: setup.tools, clock: setup.clock.now }),
  ...hostedMutants(setup.hostedMachine, {
    tools: setup.tools,
    clock: setup.clock.now,
    generateId: setupIds(),
  }),
]
const killed: string[] = []

// The hosted machine's id source, for a mutant rebuilt from its deps: fresh ids like the real one's.
function setupIds(): () => string {
  let next = 0
  return () => `confirmation-${++next}`
}

/**
 * The violations the explorer finds in a machine, first one per invariant: every edge of each
 * configuration in turn (the hosted ones for a mutant of the hosted chart, the others for the
 * rest), then the simple paths, stopping at the first pass that finds any.
 */
function violationsOf(
  machine: Parameters<typeof exploreRun>[0]['machine'],
  hostedMutant = false,
): Violation[] {
  for (const edgesOnly of [true, false]) {
    for (const configuration of configurations) {
      if (!edgesOnly && !configuration.simplePaths) continue
      if ((configuration.hosted === true) !== hostedMutant) continue
      const { world, hosted } = explorationOf(setup, configuration)
      const { violations } = exploreRun({
        machine,
        input: configuration.input,
        registry: setup.tools,
        world,
        clock: setup.clock,
        edgesOnly,
        ...(hosted !== undefined && { hosted }),
      })
      const first = new Map<string, Violation>()
      for (const v of violations) if (!first.has(v.invariant)) first.set(v.invariant, v)
      if (first.size > 0)
        return [...first.values()].sort((a, b) => a.invariant.localeCompare(b.invariant))
    }
  }
  return []
}

describe('mutant controls: the explorer catches a broken confirmation rule', () => {
  // The same configurations violationsOf walks, each explored whole (edges, and simple paths
  // where the configuration has them): a violation an edges-only pass finds is in these too.
  it('finds no violation in the real machine (the control)', () => {
    for (const hosted of [false, true]) {
      const explored = configurations.filter((c) => (c.hosted === true) === hosted)
      expect(explored.length).toBeGreaterThan(0)
      expect(explored.flatMap((c) => reportFor(c).violations)).toEqual([])
    }
  })

  it.each(all.map((m) => [m.name, m] as const))('kills the mutant: %s', (name, mutant) => {
    const violations = violationsOf(mutant.build(), mutant.hosted === true)
    expect(violations.length, `mutant survived: ${name}`).toBeGreaterThan(0)
    expect(violations.map((v) => v.invariant)).toContain(mutant.killedBy)
    const [first] = violations
    killed.push(
      `${name} [${mutant.how}] — killed by ${violations.map((v) => v.invariant).join(', ')}\n` +
        `      e.g. ${first?.invariant}: ${first?.message}\n      path: ${first?.path.join(' → ')}`,
    )
  })

  it('reports which invariants killed each mutant', () => {
    console.log(`mutants killed ${killed.length}/${all.length}:\n  ${killed.join('\n  ')}`)
    expect(killed).toHaveLength(all.length)
  })
})
