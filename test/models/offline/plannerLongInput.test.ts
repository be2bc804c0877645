import { describe, expect, it, vi } from 'vitest'
import {
  MAX_CLAUSE,
  MAX_MESSAGE,
  MAX_REQUEST,
  tidyMessage,
} from '../../../models/offline/plannerBounds.ts'
import { findImportance } from '../../../models/offline/plannerImportance.ts'
import { cleanPhrase } from '../../../models/offline/plannerText.ts'
import { ask, calls } from './plannerHarness.ts'

// Every text the patterns named in issue #41 finding 12 are given, to check none reads a page.
const seen = vi.hoisted(() => ({ importance: 0, phrase: 0 }))
vi.mock('../../../models/offline/plannerImportance.ts', async (original) => {
  const real = await original<typeof import('../../../models/offline/plannerImportance.ts')>()
  return {
    ...real,
    findImportance: (text: string) => {
      seen.importance = Math.max(seen.importance, text.length)
      return real.findImportance(text)
    },
  }
})
vi.mock('../../../models/offline/plannerText.ts', async (original) => {
  const real = await original<typeof import('../../../models/offline/plannerText.ts')>()
  return {
    ...real,
    cleanPhrase: (text: string) => {
      seen.phrase = Math.max(seen.phrase, text.length)
      return real.cleanPhrase(text)
    },
  }
})

const fill = (lead: string, unit: string, length = MAX_MESSAGE) =>
  (lead + unit.repeat(Math.ceil(length / unit.length))).slice(0, length)

// Shapes that made a pass scan the text again from each of its characters (issue #41, finding 12).
const HOSTILE: readonly [string, string][] = [
  ['a run of spaces in a request', `${fill('remind me to ', ' ', MAX_MESSAGE - 1)}x`],
  ['importance words over and over', fill('remind me to revise ', 'with a very ')],
  ["it's, it's, it's", fill('add a task to revise ', "it's ")],
  ['commas and semicolons', fill('add ', ',;')],
  ['words and no separator', fill('add a task to ', 'lorem ipsum ')],
  ['a run of punctuation at the end', fill('add a task to revise x', ',:;.!?-')],
]

describe('the planner on hostile long messages (issue #41, finding 12)', () => {
  it.each(HOSTILE)(
    '%s: its patterns read clauses, never the whole message; the answer is a reply, not a crash',
    async (_name, text) => {
      seen.importance = 0
      seen.phrase = 0
      expect(text.length).toBe(MAX_MESSAGE)
      const turn = await ask(text)
      expect(turn.text ?? '').not.toMatch(/could not make sense/)
      expect(seen.importance).toBeLessThanOrEqual(MAX_REQUEST)
      expect(seen.phrase).toBeLessThanOrEqual(MAX_REQUEST + 1)
    },
  )

  it('a request padded with 8,000 spaces is still the request', async () => {
    const turn = await ask(`remind me to${' '.repeat(MAX_MESSAGE - 40)}buy milk tomorrow`)
    expect(calls(turn)).toEqual([['create_task', { title: 'Buy milk', due: '2026-12-01' }]])
  })

  it('a long note body is kept whole; a longer message, or one of a hundred requests, gets a plain answer', async () => {
    const body = fill('', 'the stroma holds the Calvin cycle. ', MAX_MESSAGE - 40).trim()
    const note = await ask(`save a note called Long notes: ${body}`)
    expect(calls(note)).toEqual([['save_artifact', { title: 'Long notes', content: body }]])
    const long = await ask('x'.repeat(MAX_MESSAGE + 1))
    expect(long.toolCalls).toBeUndefined()
    expect(long.text).toMatch(/8,001 characters long; I read up to 8,000/)
    const many = await ask(fill('', 'buy milk; ', 1000))
    expect(many.toolCalls).toBeUndefined()
    expect(many.text).toMatch(/asks for 100 things; I take up to 20/)
  })

  it('tidies white space in one pass: runs of spaces are one space, runs of blank lines one blank line', () => {
    expect(tidyMessage('  add \t a   task\r\n\r\n\r\n  to  revise  ')).toBe(
      'add a task\n\nto revise',
    )
    expect(tidyMessage('a\u00a0\u2003b\rc')).toBe('a b\nc')
    expect(cleanPhrase(` "“revise” ,;.!? `)).toBe('revise')
    expect(cleanPhrase('- revise osmosis -')).toBe('revise osmosis')
    expect(findImportance('revise osmosis, very important')?.importance).toBe(5)
    expect(MAX_CLAUSE).toBeLessThanOrEqual(MAX_REQUEST)
  })
})
