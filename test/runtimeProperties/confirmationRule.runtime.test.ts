import { mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pinnedScenarios } from './pinnedScenarios.ts'
import { describeFailure, playScenario } from './playScenario.ts'
import { propertyRuns, replayParameters, timeLimitFor } from './propertyRuns.ts'
import { scenarioArbitrary } from './scenario.ts'
import { scratchRoot } from './scratchRoot.ts'

const runs = propertyRuns()

let base: string
let made = 0
beforeAll(async () => {
  base = await mkdtemp(join(scratchRoot(), 'studypulse-property-'))
})
afterAll(() => rm(base, { recursive: true, force: true }))

// What the scenarios reached, so a generator that stopped reaching a case fails the test.
const situations: [string, RegExp][] = [
  ['an allow accepted', /allow pending .*: accepted/],
  ['a deny accepted', /deny pending .*: accepted/],
  ['a wrong id refused', /(allow|deny) wrong .*: refused/],
  ['a used id refused', /(allow|deny) stale \(id-.*: refused/],
  ["another run's id refused", /(allow|deny) other_run \(id-.*: refused/],
  ['a decision with no card open refused', /(allow|deny) .*: refused while (?!awaitingConf)/],
  ['input accepted', /input: accepted/],
  ['a cancel of an open card', /cancel while awaitingConfirmation/],
  ['a cancel while a tool runs', /cancel while executing/],
  ['an allow after the target changed', /allow pending .*: accepted \(its target changed/],
]

describe('the confirmation rule, on the real runtime with random scripts and users', () => {
  it(
    `holds in ${runs} scenarios: effects only from allowed ids, each once; denials reach the model`,
    async () => {
      const reached = new Map<string, number>()
      await fc.assert(
        fc.asyncProperty(scenarioArbitrary, async (scenario) => {
          const outcome = await playScenario(scenario, { dir: join(base, `s${++made}`) })
          for (const [name, pattern] of situations) {
            if (outcome.trace.some((line) => pattern.test(line))) {
              reached.set(name, (reached.get(name) ?? 0) + 1)
            }
          }
          if (outcome.violations.length > 0) throw new Error(describeFailure(scenario, outcome))
        }),
        // The pinned scenarios run first, so even the rare situations are reached every time.
        {
          numRuns: runs,
          examples: pinnedScenarios.map((scenario) => [scenario]),
          ...replayParameters(),
        },
      )
      const summary = situations.map(([name]) => `${name} ${reached.get(name) ?? 0}`)
      console.info(`property: ${runs} scenarios; reached: ${summary.join(', ')}`)
      for (const [name] of situations) expect(reached.get(name) ?? 0, name).toBeGreaterThan(0)
    },
    timeLimitFor(runs),
  )
})
