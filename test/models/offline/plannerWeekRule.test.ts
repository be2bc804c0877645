import { describe, expect, it } from 'vitest'
import { findDate, withoutDate } from '../../../models/offline/plannerChrono.ts'
import { resolveDuePhrase } from '../../../models/offline/plannerDates.ts'
import { parseTaskQuery } from '../../../models/offline/plannerTaskIntents.ts'

// Local time, so the days hold in every time zone.
const tuesday = new Date(2026, 11, 1, 10)
const sunday = new Date(2026, 11, 6, 10)
const monday = new Date(2026, 10, 30, 9)

describe('the week rule (weeks run Monday to Sunday), one for the planner and the edit form', () => {
  it.each([
    [tuesday, 'next monday', '2026-12-07'],
    [tuesday, 'next wednesday', '2026-12-09'],
    [sunday, 'next monday', '2026-12-07'],
    [sunday, 'next tuesday', '2026-12-08'],
    [monday, 'next wednesday', '2026-12-09'],
    [tuesday, 'next tues', '2026-12-08'],
    [tuesday, 'wednesday', '2026-12-02'],
    [sunday, 'monday', '2026-12-07'],
    [tuesday, 'tuesday', '2026-12-08'],
    [tuesday, 'monday week', '2026-12-14'],
    [tuesday, 'a week on friday', '2026-12-11'],
    [tuesday, 'a week tomorrow', '2026-12-09'],
    [tuesday, 'end of the week', '2026-12-06'],
    [sunday, 'by the end of the week', '2026-12-13'],
    [tuesday, 'tue 15th', '2026-12-15'],
    [tuesday, 'friday the 18th', '2026-12-18'],
  ])('said on %s: %s → %s', (today, words, due) => {
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
