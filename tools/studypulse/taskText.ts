import type { DescribedField } from '../../vocabulary/CallDescription.ts'
import { dayText } from '../../vocabulary/humanTime.ts'
import type { Task } from '../../workspace/schemas.ts'

/** An ISO date as a person reads it, `Fri 4 Dec 2026`: the app's one date format (`dayText`). */
export const formatDay = dayText

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
