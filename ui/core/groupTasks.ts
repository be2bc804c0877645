import type { Task } from '../../workspace/schemas.ts'

/** Where a task stands by its due day: what a task list groups by, in this order. */
export type TaskGroupKey = 'overdue' | 'today' | 'week' | 'later' | 'none' | 'done'

/** One group of a task list: its key, its heading in words and its tasks in order. */
export interface TaskGroup {
  key: TaskGroupKey
  label: string
  tasks: Task[]
}

const labels: Record<TaskGroupKey, string> = {
  overdue: 'Overdue',
  today: 'Today',
  week: 'This week',
  later: 'Later',
  none: 'No date',
  done: 'Done',
}
const order: readonly TaskGroupKey[] = ['overdue', 'today', 'week', 'later', 'none', 'done']

/**
 * Tasks as a student works through them: overdue, today, the next six days, later, no due day,
 * and done last; in each, the soonest due first, then the most important, then by title. Only
 * groups with tasks are returned. `today` is the local day the list is read on; a task in `stay`
 * is grouped as it was before its tick, so it does not move under the pointer while it is written.
 */
export function groupTasks(
  tasks: readonly Task[],
  today: Date,
  /** Tasks whose tick is still being written: they stay in the group they were ticked in. */
  stay: ReadonlySet<string> = new Set(),
): TaskGroup[] {
  const now = localDay(today)
  const weekEnd = localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 6))
  const keyOf = (task: Task): TaskGroupKey => {
    if (task.done !== stay.has(task.id)) return 'done'
    const due = task.due?.slice(0, 10)
    if (due === undefined || due === '') return 'none'
    if (due < now) return 'overdue'
    if (due === now) return 'today'
    return due <= weekEnd ? 'week' : 'later'
  }
  const groups = new Map<TaskGroupKey, Task[]>()
  for (const task of tasks) {
    const key = keyOf(task)
    groups.set(key, [...(groups.get(key) ?? []), task])
  }
  return order.flatMap((key) => {
    const inGroup = groups.get(key)
    return inGroup === undefined
      ? []
      : [{ key, label: labels[key], tasks: inGroup.sort(byDueThenImportance) }]
  })
}

function byDueThenImportance(a: Task, b: Task): number {
  const dueA = a.due ?? '\uffff'
  const dueB = b.due ?? '\uffff'
  if (dueA !== dueB) return dueA < dueB ? -1 : 1
  const importance = (b.importance ?? 0) - (a.importance ?? 0)
  return importance !== 0 ? importance : a.title.localeCompare(b.title)
}

// "2026-12-06", the day as the person's clock reads it (not UTC's).
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
