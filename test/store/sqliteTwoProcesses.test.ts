import { expect, test } from 'vitest'
import { race } from '../../bench/lib/race.ts'

// Two processes, each a runtime on one folder's SQLite store, both allow each of 1,000 cards
// at once; then one closes and the other takes its runs over (bench/lib/race.ts). Counted from
// the database afterwards (tasks, journal).
test('two processes on one SQLite workspace: 1,000 cards, exactly 1,000 executions, none twice', async () => {
  const cards = 1000
  const count = await race({ cards, timeoutMs: 280_000 })
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
    // The other's runs are seen but never decided here: refused as owned elsewhere.
    allowedAfterTakeover: 0,
  })
  expect(count.ownedElsewhere).toBeGreaterThan(0)
  expect(count.allowedA + count.allowedB).toBe(cards)
}, 300_000)
