import { describe, expect, it } from 'vitest'
import { describeRun } from '../../ui/core/describeRun.ts'

const afternoon = new Date(2026, 11, 1, 14, 2)
const run = {
  runId: 'r1',
  title: 'plan my week',
  startedAt: afternoon.toISOString(),
  status: 'describing' as const,
  pending: false,
}

describe('a run of the list in words', () => {
  it('says the time on the same 24-hour clock as the cards', () => {
    expect(describeRun(run, new Date(2026, 11, 1, 20, 0)).when).toBe('today 14:02')
  })

  it('reads a run being described as working, not as its raw state', () => {
    expect(describeRun(run).state).toBe('Working')
  })
})
