import type { DescribedField } from '../../vocabulary/CallDescription.ts'
import type { Task } from '../../workspace/schemas.ts'

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** An ISO date as a person reads it, `Fri 4 Dec 2026` (the weekday spelled out so a wrong one shows); anything else as it is. */
export function formatDay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (match === null) return iso
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1) return iso
  return `${weekdays[date.getUTCDay()]} ${day} ${months[month - 1]} ${year}`
}

/** Importance as a person reads it: `4 of 5`. */
export function formatImportance(importance: number): string {
  return `${importance} of 5`
}

/** "due Fri 4 Dec 2026, importance 4 of 5": the parts of a task a headline must not hide. */
export function taskDetails(task: { due?: string | null; importance?: number | null }): string {
  const parts: string[] = []
  if (typeof task.due === 'string') parts.push(`due ${formatDay(task.due)}`)
  if (typeof task.importance === 'number')
    parts.push(`importance ${formatImportance(task.importance)}`)
  return parts.join(', ')
}

/** The fields of a task a card shows, in a fixed order, as text ("" for a field it does not have). */
export function taskFieldText(task: Partial<Task>): Record<TaskLabel, string> {
  return {
    Title: task.title ?? '',
    Due: task.due === undefined ? '' : formatDay(task.due),
    Importance: task.importance === undefined ? '' : formatImportance(task.importance),
    Done: task.done === undefined ? '' : task.done ? 'yes' : 'no',
    Notes: task.notes ?? '',
  }
}

/** The labels of a task's fields on a card. */
export type TaskLabel = 'Title' | 'Due' | 'Importance' | 'Done' | 'Notes'

/** A whole task as table rows: `after` for one about to be made, `before` for one about to go. */
export function taskRows(task: Partial<Task>, side: 'before' | 'after'): DescribedField[] {
  return Object.entries(taskFieldText(task))
    .filter(([, value]) => value !== '')
    .map(([label, value]) => ({ label, [side]: cut(value) }))
}

/** A text cut to what a table cell holds. */
export function cut(text: string, max = 2_000): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}
