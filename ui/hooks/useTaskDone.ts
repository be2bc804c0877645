import { useCallback, useMemo, useState } from 'react'
import type { Task } from '../../workspace/schemas.ts'
import type { TaskEditor } from '../core/TaskEditor.ts'

/** The tasks as the done boxes show them, what a tick does, and why the last one failed. */
export interface TaskDoneView {
  /** The tasks, each box already showing a tick whose write is under way. */
  tasks: readonly Task[]
  /** Marks a task done or not; undefined without an editor (the boxes only show the state). */
  setDone: ((task: Task, done: boolean) => void) | undefined
  /** Ids of tasks whose tick is written but not yet read back; a second tick waits for it. */
  writing: ReadonlySet<string>
  error?: string
}

/**
 * The done boxes over `editor`: a tick shows at once and is written as the person's own edit,
 * bound to the task as it was read (`tasks`); a second tick of the same task waits for the
 * first. `reload` reads the tasks again after each write, and a refused write says why.
 */
export function useTaskDone(
  editor: TaskEditor | undefined,
  tasks: readonly Task[],
  reload: () => void,
): TaskDoneView {
  // Ticks shown ahead of the read they were made on. A new read of the tasks replaces them in the
  // same render (an effect would clear them one render late, showing a refused tick on the task
  // as read again).
  const [ticks, setTicks] = useState<{ on: readonly Task[]; map: ReadonlyMap<string, boolean> }>({
    on: tasks,
    map: new Map(),
  })
  const ticking = ticks.on === tasks ? ticks.map : noTicks
  const [error, setError] = useState<string>()
  const setDone = useCallback(
    (shown: Task, done: boolean) => {
      if (editor === undefined || ticking.has(shown.id)) return
      // The version is the task's as read, not as the tick shows it.
      const task = tasks.find((t) => t.id === shown.id) ?? shown
      setError(undefined)
      setTicks({ on: tasks, map: new Map(ticking).set(task.id, done) })
      editor.setTaskDone(task, done).then(reload, (failure: unknown) => {
        setError(
          (failure as { code?: string }).code === 'target_changed'
            ? `“${task.title}” changed meanwhile, so it was left as it is; the list now shows it as it is.`
            : `Could not mark “${task.title}”: ${failure instanceof Error ? failure.message : String(failure)}`,
        )
        reload()
      })
    },
    [editor, tasks, ticking, reload],
  )
  const shown = useMemo(
    () =>
      ticking.size === 0
        ? tasks
        : tasks.map((t) => (ticking.has(t.id) ? { ...t, done: ticking.get(t.id) === true } : t)),
    [tasks, ticking],
  )
  const writing = useMemo(() => new Set(ticking.keys()), [ticking])
  return {
    tasks: shown,
    writing,
    setDone: editor === undefined ? undefined : setDone,
    ...(error !== undefined && { error }),
  }
}

const noTicks: ReadonlyMap<string, boolean> = new Map()
