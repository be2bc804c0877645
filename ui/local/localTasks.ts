import { recordVersion } from '../../workspace/recordVersion.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import { RunCommandError } from '../core/RunCommandError.ts'
import type { TaskEditor } from '../core/TaskEditor.ts'

/** A workspace in the same JS context as a `TaskEditor`, for `WorkspacePanel`'s done boxes. */
export function localTasks(workspace: Pick<StudyWorkspace, 'updateTaskAt' | 'clock'>): TaskEditor {
  return {
    async setTaskDone(task, done) {
      const next = { ...task, done, updatedAt: workspace.clock().toISOString() }
      const written = await workspace.updateTaskAt(next, recordVersion('task', task))
      if (!written.ok)
        throw new RunCommandError('target_changed', 'the task changed since it was shown')
    },
  }
}
