// Every hole issue #45 reproduced, planted back as a mutant face: the conformance suite, run
// against it, reports a FAIL. The mutants run side by side; each one runs the scenario meant to
// catch it first, then the rest of the table until one fails.
import { beforeAll, describe, expect, it } from 'vitest'
import { mutants } from './mutants.ts'
import { killedBy } from './runSuite.ts'
import type { ScenarioId } from './scenarioIds.ts'

const kills = new Map<number, { scenario: ScenarioId; why: string } | undefined>()

beforeAll(async () => {
  await Promise.all(
    mutants.map(async (m) => kills.set(m.hole, await killedBy(m.driver(), m.caughtBy))),
  )
  process.stdout.write(
    `\nPlanted holes:\n${mutants
      .map((m) => `- hole ${m.hole} (${m.what}): ${kills.get(m.hole)?.scenario ?? 'NOT KILLED'}`)
      .join('\n')}\n`,
  )
}, 600_000)

describe('the conformance suite kills every planted hole', () => {
  for (const mutant of mutants) {
    it(`hole ${mutant.hole}: ${mutant.what}`, () => {
      const kill = kills.get(mutant.hole)
      expect(kill, 'no scenario failed against this mutant').toBeDefined()
      // The scenario meant for it is the one that catches it.
      expect(kill?.scenario).toBe(mutant.caughtBy)
    })
  }
})
