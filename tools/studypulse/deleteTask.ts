import { z } from 'zod'
import { defineTool } from '../defineTool.ts'
import { toolFailure, toolOk } from '../ToolResult.ts'

/** `delete_task` (destructive): removes a task for good. */
export const deleteTask = defineTool({
  name: 'delete_task',
  description: 'Delete a task permanently, by its id (see list_tasks).',
  parameters: z.strictObject({ id: z.string().min(1).max(200) }),
  permission: 'destructive',
  preview: (args) => `Delete task ${args.id} permanently`,
  async execute(args, { workspace }) {
    const deleted = await workspace.deleteTask(args.id)
    return deleted === undefined
      ? toolFailure('task_not_found', `no task has id "${args.id}"`)
      : toolOk({ deleted })
  },
})
