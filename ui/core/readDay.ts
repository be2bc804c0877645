import { findDate, withoutDate } from '../../models/offline/plannerChrono.ts'

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The day a person typed into a date field, as `YYYY-MM-DD`: a date as written (`2026-12-04`) or
 * the words the planner understands ("friday", "next monday", "in two weeks"), read by the
 * planner's own rule against `today`; undefined when the text is not one day and nothing else.
 */
export function readDay(text: string, today: Date): string | undefined {
  const typed = text.trim()
  if (typed === '') return undefined
  const iso = isoDay.exec(typed)
  if (iso !== null) return isRealDay(typed) ? typed : undefined
  // Bounded: a field holds a day, and chrono's cost grows with the text.
  if (typed.length > 60) return undefined
  const found = findDate(typed, today)
  // "friday" or "by next monday" is a day; "friday after the lab" is more than one.
  if (found === undefined || withoutDate(typed, found) !== '') return undefined
  return found.due
}

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2026-02-30). */
function isRealDay(iso: string): boolean {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1
}
