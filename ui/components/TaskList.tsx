import type { Task } from '../../workspace/schemas.ts'

/** Props of `TaskList`. */
export interface TaskListProps {
  tasks: readonly Task[]
  /** Shown when there are no tasks. */
  emptyText?: string
}

/** The student's tasks: title, due date and importance, done ones struck through. */
export function TaskList({ tasks, emptyText = 'No tasks yet.' }: TaskListProps) {
  if (tasks.length === 0) return <p className="sp-muted">{emptyText}</p>
  return (
    <ul className="sp-tasks" aria-label="Tasks">
      {tasks.map((task) => (
        <li
          key={task.id}
          className={`sp-task${task.done ? ' sp-task--done' : ''}`}
          data-task-id={task.id}
        >
          <span className="sp-task__check" aria-hidden="true">
            {task.done ? '✓' : ''}
          </span>
          <span className="sp-task__body">
            <span className="sp-task__title">{task.title}</span>
            <span className="sp-task__meta">
              {task.due ? <span>Due {formatDue(task.due)}</span> : null}
              {task.importance ? (
                <span className="sp-task__importance" title={`Importance ${task.importance} of 5`}>
                  {'●'.repeat(task.importance)}
                  <span className="sp-task__importance-rest">
                    {'●'.repeat(5 - task.importance)}
                  </span>
                </span>
              ) : null}
            </span>
          </span>
        </li>
      ))}
    </ul>
  )
}

function formatDue(due: string): string {
  const date = new Date(`${due}T12:00:00`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(due) || Number.isNaN(date.getTime())) return due
  return date.toLocaleDateString([], { weekday: 'short', day: 'numeric', month: 'short' })
}
