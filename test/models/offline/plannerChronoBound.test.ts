import { describe, expect, it, vi } from 'vitest'
import { MAX_REQUEST } from '../../../models/offline/plannerBounds.ts'
import { findDate } from '../../../models/offline/plannerChrono.ts'
import { parseIntents } from '../../../models/offline/plannerIntents.ts'
import { parseTaskFields } from '../../../models/offline/plannerTaskFields.ts'
import { ask, calls } from './plannerHarness.ts'

// The longest text chrono-node is given (issue #41, finding 13: it was given the whole message).
const longest = vi.hoisted(() => ({ chars: 0 }))
vi.mock('chrono-node/en', async (original) => {
  const real = await original<typeof import('chrono-node/en')>()
  const parse: typeof real.casual.parse = (text, ...rest) => {
    longest.chars = Math.max(longest.chars, text.length)
    return real.casual.parse(text, ...rest)
  }
  return { ...real, casual: Object.assign(Object.create(real.casual), { parse }) }
})

const tuesday = new Date(2026, 11, 1, 10)
const fridays = (length: number) =>
  `remind me to x by ${'friday '.repeat(Math.ceil(length / 7))}`.slice(0, length)

describe('chrono-node reads a clause, never a page (issue #41, finding 13)', () => {
  it('a request of 8,000 characters of "friday friday …": chrono sees at most a request, and no task is made of it', async () => {
    longest.chars = 0
    const turn = await ask(fridays(8000))
    expect(calls(turn)).toEqual([])
    expect(longest.chars).toBeLessThanOrEqual(MAX_REQUEST)
    expect(parseTaskFields(fridays(8000).slice(13), tuesday)?.due).toBeUndefined()
    expect(findDate(fridays(1_000_000), tuesday)).toBeUndefined()
    expect(longest.chars).toBeLessThanOrEqual(MAX_REQUEST)
  })

  it('a 1 MB message is refused before any pass reads it; a short one still has its date', async () => {
    longest.chars = 0
    const turn = await ask(fridays(1_000_000))
    expect(turn.text).toMatch(/1,000,000 characters long/)
    expect(longest.chars).toBe(0)
    expect(parseIntents('remind me to x by friday', tuesday)).toEqual([
      { kind: 'create_task', title: 'X', due: '2026-12-04' },
    ])
    expect(longest.chars).toBeGreaterThan(0)
  })

  it('each request of a long message gets its own date', async () => {
    const many = Array.from(
      { length: 15 },
      (_, i) => `remind me to read chapter ${i + 1} on friday`,
    )
    const intents = parseIntents(`${many.join('; ')}`, tuesday)
    expect(intents).toHaveLength(15)
    expect(intents.every((i) => i.kind === 'create_task' && i.due === '2026-12-04')).toBe(true)
    expect(longest.chars).toBeLessThanOrEqual(MAX_REQUEST)
  })
})
