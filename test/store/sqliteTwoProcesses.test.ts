import { expect, test } from 'vitest'
import { race } from '../../bench/lib/race.ts'
import { nodeScript } from '../helpers/nodeScript.ts'

// Two processes, each a runtime on one folder's SQLite store, both allow each of 1,000 cards
// at once (a decision for the other's run goes to it through the folder's decision relay); then
// one closes and the other takes its runs over (bench/lib/race.ts). Counted from the database
// afterwards (tasks, journal).
test('two processes on one SQLite workspace: 1,000 cards, exactly 1,000 executions, none twice', async () => {
  const cards = 1000
  const count = await race({ cards, timeoutMs: 280_000, script: nodeScript })
  expect(count).toMatchObject({
    cards,
    tasks: cards,
    intents: cards,
    okOutcomes: cards,
    duplicateTasks: 0,
    missingTasks: 0,
    runsWithSeveralIntents: 0,
    otherRefusals: 0,
    persistErrors: 0,
    // The other's runs are decided through the folder's decision relay, by their owner's guard:
    // none is refused as owned elsewhere, and none is left for the takeover to decide.
    ownedElsewhere: 0,
    allowedAfterTakeover: 0,
  })
  // Each card took exactly one of its two allows; the other was refused as already decided, or
  // (its owner's own allow coming second) found the card gone.
  expect(count.allowedA + count.allowedB).toBe(cards)
  expect(count.alreadyDecided + count.noCard).toBe(cards)
}, 300_000)
