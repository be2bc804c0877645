import { describe, expect, it } from 'vitest'
import { findDate, withoutDate } from '../../../models/offline/plannerChrono.ts'
import { resolveDuePhrase } from '../../../models/offline/plannerDates.ts'
import { parseTaskQuery } from '../../../models/offline/plannerTaskIntents.ts'

// Local time, so the days hold in every time zone.
const tuesday = new Date(2026, 11, 1, 10)
const sunday = new Date(2026, 11, 6, 10)
const monday = new Date(2026, 10, 30, 9)
const DAYS = { 'Tue 1 Dec': tuesday, 'Sun 6 Dec': sunday, 'Mon 30 Nov': monday }

describe('the week rule (weeks run Monday to Sunday), one for the planner and the edit form', () => {
  it.each([
    ['Tue 1 Dec', 'next monday', '2026-12-07'],
    ['Tue 1 Dec', 'next wednesday', '2026-12-09'],
    ['Sun 6 Dec', 'next monday', '2026-12-07'],
    ['Sun 6 Dec', 'next tuesday', '2026-12-08'],
    ['Mon 30 Nov', 'next wednesday', '2026-12-09'],
    ['Tue 1 Dec', 'next tues', '2026-12-08'],
    ['Tue 1 Dec', 'wednesday', '2026-12-02'],
    ['Sun 6 Dec', 'monday', '2026-12-07'],
    ['Tue 1 Dec', 'tuesday', '2026-12-08'],
    ['Tue 1 Dec', 'monday week', '2026-12-14'],
    ['Tue 1 Dec', 'a week on friday', '2026-12-11'],
    ['Tue 1 Dec', 'a week tomorrow', '2026-12-09'],
    ['Tue 1 Dec', 'end of the week', '2026-12-06'],
    ['Sun 6 Dec', 'by the end of the week', '2026-12-13'],
    ['Tue 1 Dec', 'tue 15th', '2026-12-15'],
    ['Tue 1 Dec', 'friday the 18th', '2026-12-18'],
  ] as const)('said on %s: %s → %s', (said, words, due) => {
    const today = DAYS[said]
    const found = findDate(words, today)
    expect(found?.due).toBe(due)
    expect(found && withoutDate(words, found)).toBe('')
    expect(resolveDuePhrase(words, today)).toBe(due)
  })

  it('takes its words out of a title', () => {
    const said = 'revise genetics monday week'
    const found = findDate(said, tuesday)
    expect(found && withoutDate(said, found)).toBe('revise genetics')
  })

  it('"this week" asked on a Sunday is the week ahead, to its Sunday', () => {
    expect(parseTaskQuery("what's due this week", sunday)).toEqual({
      kind: 'list_tasks',
      filter: { due_to: '2026-12-13', done: false },
    })
    expect(parseTaskQuery("what's due this week", tuesday)).toEqual({
      kind: 'list_tasks',
      filter: { due_to: '2026-12-06', done: false },
    })
  })
})
