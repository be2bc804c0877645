import { expect, it, vi } from 'vitest'
import { ask } from './plannerHarness.ts'

// The classifier is a chunk fetched on first need (planOfflineTurn.ts). When it cannot be fetched
// (offline, or a page older than its server's chunks), a message only it would read gets the
// planner's ask-back with its choices, as any message no rule reads does: no guess, and not the
// planner's "could not make sense" (what the thrown import gave before).
vi.mock('../../../models/offline/plannerIntentClassifier.ts', () => {
  throw new Error('the chunk was not fetched')
})

it('a message only the classifier reads is asked back when the classifier cannot load', async () => {
  const turn = await ask('i ought to water the plants')
  expect(turn.toolCalls ?? []).toEqual([])
  expect(turn.text).toMatch(/won't guess/)
})

it('what the rules read does not need the classifier', async () => {
  const turn = await ask('add a task to water the plants')
  expect(turn.toolCalls?.[0]?.name).toBe('create_task')
})
