import { mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brokenRuntimes } from './brokenRuntimes.ts'
import { describeFailure, playScenario } from './playScenario.ts'
import { scenarioArbitrary } from './scenario.ts'
import { scratchRoot } from './scratchRoot.ts'

let base: string
let made = 0
beforeAll(async () => {
  base = await mkdtemp(join(scratchRoot(), 'studypulse-broken-'))
})
afterAll(() => rm(base, { recursive: true, force: true }))

// A property that cannot fail proves nothing: each broken runtime must be caught, and the
// counterexample fast-check shrinks it to must be short enough to read.
describe('the property catches broken runtimes', () => {
  it.each(brokenRuntimes.map((broken) => [broken.name, broken] as const))(
    'a runtime that %s is caught',
    async (_, broken) => {
      const details = await fc.check(
        fc.asyncProperty(scenarioArbitrary, async (scenario) => {
          const dir = join(base, `s${++made}`)
          const outcome = await playScenario(scenario, { dir, wrap: broken.wrap })
          if (outcome.violations.length > 0) throw new Error(describeFailure(scenario, outcome))
        }),
        { numRuns: 300 },
      )
      expect(details.failed, `${broken.name} survived ${details.numRuns} scenarios`).toBe(true)
      const [shrunk] = details.counterexample ?? []
      console.info(`${broken.name}: caught; shrunk to ${fc.stringify(shrunk)}`)
      expect(shrunk?.steps.length).toBeLessThanOrEqual(broken.readableSteps ?? 3)
    },
    120_000,
  )
})
