import { useId } from 'react'
import { dayText } from '../../vocabulary/humanTime.ts'
import type { Task } from '../../workspace/schemas.ts'

/** Props of `TaskList`. */
export interface TaskListProps {
  tasks: readonly Task[]
  /** Shown when there are no tasks. */
  emptyText?: string
  /**
   * Marks a task done or not done when its box is ticked. Without it each box shows whether the
   * task is done and is disabled, and says that it cannot be changed here.
   */
  onSetDone?: (task: Task, done: boolean) => void
  /** Ids of tasks whose tick is still being written: their row is busy and takes no second tick. */
  writing?: ReadonlySet<string>
}

const readOnlyHint = 'Shows whether the task is done; it cannot be changed here.'

/** The student's tasks: a done box, title, due date and importance, done ones struck through. */
export function TaskList({
  tasks,
  emptyText = 'No tasks yet.',
  onSetDone,
  writing,
}: TaskListProps) {
  const id = useId()
  if (tasks.length === 0) return <p className="sp-muted">{emptyText}</p>
  const hint = `${id}-hint`
  return (
    <>
      {onSetDone ? null : (
        <p id={hint} className="sp-visually-hidden">
          {readOnlyHint}
        </p>
      )}
      <ul className="sp-tasks" aria-label="Tasks">
        {tasks.map((task) => {
          const box = `${id}-${task.id}`
          return (
            <li
              key={task.id}
              className={`sp-task${task.done ? ' sp-task--done' : ''}`}
              data-task-id={task.id}
              {...(writing?.has(task.id) && { 'aria-busy': true })}
            >
              <input
                type="checkbox"
                id={box}
                className="sp-task__check"
                checked={task.done}
                {...(onSetDone
                  ? { onChange: (e) => onSetDone(task, e.currentTarget.checked) }
                  : {
                      disabled: true,
                      readOnly: true,
                      'aria-describedby': hint,
                      title: readOnlyHint,
                    })}
              />
              <span className="sp-task__body">
                <label htmlFor={box} className="sp-task__title">
                  {task.title}
                </label>
                <span className="sp-task__meta">
                  {task.due ? <span>Due {formatDue(task.due)}</span> : null}
                  {task.importance ? <Importance value={task.importance} /> : null}
                </span>
              </span>
            </li>
          )
        })}
      </ul>
    </>
  )
}

// The dots are a picture; the number is what a screen reader reads.
function Importance({ value }: { value: number }) {
  return (
    <span className="sp-task__importance">
      <span aria-hidden="true">
        {'●'.repeat(value)}
        <span className="sp-task__importance-rest">{'●'.repeat(5 - value)}</span>
      </span>
      <span className="sp-visually-hidden">Importance {value} of 5</span>
    </span>
  )
}

// The app's one date format, as on the cards.
function formatDue(due: string): string {
  return dayText(due)
}
