import { describe, expect, it } from 'vitest'
import { exploreRun, type Violation } from './explorer.ts'
import { hostedMutants, mutants } from './mutants.ts'
import { configurations, explorationOf, explorationSetup } from './scenario.ts'

const setup = explorationSetup()
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
  it('finds no violation in the real machine (the control)', () => {
    expect(violationsOf(setup.machine)).toEqual([])
    expect(violationsOf(setup.hostedMachine, true)).toEqual([])
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
