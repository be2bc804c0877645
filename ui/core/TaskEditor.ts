import type { Task } from '../../workspace/schemas.ts'

/**
 * A person's own edits of their tasks, made directly (no card: the click is the decision):
 * `StudyPulseClient` and `localTasks(workspace)` offer them. Each is written only while the task
 * is as the person saw it, and otherwise refused with a coded error (`target_changed`).
 */
export interface TaskEditor {
  /** Marks `task` (as shown) done or not done. */
  setTaskDone(task: Task, done: boolean): Promise<void>
}
