import { describe, expect, it } from 'vitest'
import { type ExplorationReport, exploreRun } from './explorer.ts'
import { invariants } from './invariants.ts'
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
