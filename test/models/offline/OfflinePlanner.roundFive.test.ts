import { describe, expect, it } from 'vitest'
import { runCase } from './eval/runEval.ts'
import { ROUND_FIVE } from './eval/tuningRoundFive.ts'
import { ROUND_FIVE_LAST } from './eval/tuningRoundFiveLast.ts'
import { ROUND_FIVE_MORE } from './eval/tuningRoundFiveMore.ts'

// Each voice of the planner's fifth round (issue #51), both batches, end to end: the real runtime,
// tools and planner on the `week` workspace, every card allowed, the workspace and answer checked.
// The few phrasings the round left unread are listed in KNOWN_MISSES and must still miss, so a fix
// shows up here as a failure to move it out of the list.
const KNOWN_MISSES = new Set([
  'essay is urgent!! make it top priority',
  'do i have a note about mitochondria',
  'whats the date today',
])

describe.each(Object.entries({ ...ROUND_FIVE, ...ROUND_FIVE_MORE, ...ROUND_FIVE_LAST }))(
  'the planner, round five: %s',
  (_category, cases) => {
    it.each(cases.map((c) => [c.say.join(' → '), c] as const))('%s', async (said, c) => {
      const outcome = await runCase(c)
      if (KNOWN_MISSES.has(said)) expect(outcome.problems).not.toEqual([])
      else expect(outcome.problems).toEqual([])
    })
  },
)
