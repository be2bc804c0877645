import { useId } from 'react'
import { dayText } from '../../vocabulary/humanTime.ts'
import type { Task } from '../../workspace/schemas.ts'
import { groupTasks } from '../core/groupTasks.ts'

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
  /**
   * Opens a task (its details, Edit, Move, Delete) when its title is clicked; without it the
   * title is plain text.
   */
  onOpen?: (task: Task) => void
  /** The day the list is read on, for its groups (default: the clock's today). */
  today?: () => Date
}

const readOnlyHint = 'Shows whether the task is done; it cannot be changed here.'

/**
 * The student's tasks, grouped overdue / today / this week / later / no date / done, the soonest
 * due and then the most important first: a done box, title, due date and importance. Only the box
 * ticks a task (the title is its name, not its label), so reading a title changes nothing.
 */
export function TaskList({
  tasks,
  emptyText = 'No tasks yet.',
  onSetDone,
  onOpen,
  writing,
  today = () => new Date(),
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
      {groupTasks(tasks, today(), writing).map((group) => (
        <div key={group.key} className="sp-tasks__group" data-group={group.key}>
          <h3 id={`${id}-${group.key}`} className="sp-tasks__heading">
            {group.label} <span className="sp-count">{group.tasks.length}</span>
          </h3>
          <ul className="sp-tasks" aria-labelledby={`${id}-${group.key}`}>
            {group.tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                id={`${id}-${task.id}`}
                hint={hint}
                onSetDone={onSetDone}
                onOpen={onOpen}
                busy={writing?.has(task.id) === true}
              />
            ))}
          </ul>
        </div>
      ))}
    </>
  )
}

interface TaskRowProps {
  task: Task
  id: string
  hint: string
  onSetDone: TaskListProps['onSetDone']
  onOpen: TaskListProps['onOpen']
  busy: boolean
}

function TaskRow({ task, id, hint, onSetDone, onOpen, busy }: TaskRowProps) {
  const title = `${id}-title`
  return (
    <li
      className={`sp-task${task.done ? ' sp-task--done' : ''}`}
      data-task-id={task.id}
      {...(busy && { 'aria-busy': true })}
    >
      <input
        type="checkbox"
        id={id}
        className="sp-task__check"
        checked={task.done}
        aria-labelledby={title}
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
        {/* The title opens the task; only the box ticks it (the box's name is the title's text). */}
        {onOpen ? (
          <button
            type="button"
            id={title}
            className="sp-task__title sp-task__open"
            data-opens={`task:${task.id}`}
            onClick={() => onOpen(task)}
          >
            {task.title}
          </button>
        ) : (
          <span id={title} className="sp-task__title">
            {task.title}
          </span>
        )}
        <span className="sp-task__meta">
          {task.due ? <span>Due {formatDue(task.due)}</span> : null}
          {task.importance ? <Importance value={task.importance} /> : null}
        </span>
      </span>
    </li>
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
