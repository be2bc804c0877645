/**
 * The one date format and the one time format a person reads, everywhere (cards, answers, the
 * terminal, the Activity tab, the audit printout): a day is `Fri 4 Dec 2026`, a time `14:02`
 * (24-hour, local), a moment both (`Fri 4 Dec 2026, 14:02`).
 */

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** An ISO date (`2026-12-04`) as `Fri 4 Dec 2026` (the weekday spelled out so a wrong one shows); anything else as it is. */
export function dayText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (match === null) return iso
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1) return iso
  return `${weekdays[date.getUTCDay()]} ${day} ${months[month - 1]} ${year}`
}

/** A moment's local time, `14:02`; empty for what is not a time. */
export function clockText(at: string): string {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A moment's local day, `Fri 4 Dec 2026`; the text as it is for what is not a time. */
export function localDayText(at: string): string {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return at
  return `${weekdays[date.getDay()]} ${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}`
}

/** A moment as `Fri 4 Dec 2026, 14:02` (local); the text as it is for what is not a time. */
export function momentText(at: string): string {
  const time = clockText(at)
  return time === '' ? at : `${localDayText(at)}, ${time}`
}
