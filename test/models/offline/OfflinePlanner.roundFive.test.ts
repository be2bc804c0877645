import { describe, expect, it } from 'vitest'
import { runCase } from './eval/runEval.ts'
import { ROUND_FIVE } from './eval/tuningRoundFive.ts'
import { ROUND_FIVE_MORE } from './eval/tuningRoundFiveMore.ts'

// Each voice of the planner's fifth round (issue #51), end to end: the real runtime, tools and
// planner on the `week` workspace, every card allowed, the workspace and answer checked.
describe.each(Object.entries({ ...ROUND_FIVE, ...ROUND_FIVE_MORE }))(
  'the planner, round five: %s',
  (_category, cases) => {
    it.each(cases.map((c) => [c.say.join(' → '), c] as const))('%s', async (_said, c) => {
      const outcome = await runCase(c)
      expect(outcome.problems).toEqual([])
    })
  },
)
