import { describe, expect, it } from 'vitest'
import { runCase } from './eval/runEval.ts'
import { ROUND_FOUR } from './eval/tuningRoundFour.ts'
import { ROUND_FOUR_LAST } from './eval/tuningRoundFourLast.ts'
import { ROUND_FOUR_MORE } from './eval/tuningRoundFourMore.ts'

// Each category of the planner's fourth round (issue #51), all three batches, end to end: the real
// runtime, tools and planner on the `week` workspace, every card allowed, the workspace and
// answer checked.
describe.each(Object.entries({ ...ROUND_FOUR, ...ROUND_FOUR_MORE, ...ROUND_FOUR_LAST }))(
  'the planner, round four: %s',
  (_category, cases) => {
    it.each(cases.map((c) => [c.say.join(' → '), c] as const))('%s', async (_said, c) => {
      const outcome = await runCase(c)
      expect(outcome.problems).toEqual([])
    })
  },
)
