import { z } from 'zod'
import { defineTool } from '../defineTool.ts'
import { toolFailure, toolOk } from '../ToolResult.ts'

/** `delete_task` (destructive): removes a task for good. */
export const deleteTask = defineTool({
  name: 'delete_task',
  description:
    'Delete a task permanently, by its id (see list_tasks). Pass its current `title` too, so the user sees what goes.',
  parameters: z.strictObject({
    id: z.string().min(1).max(200),
    title: z.string().min(1).max(500).optional(),
  }),
  permission: 'destructive',
  workspaceOnly: true,
  preview: (args) =>
    args.title === undefined
      ? `Delete task ${args.id} permanently`
      : `Delete task “${args.title}” permanently`,
  async execute(args, { workspace }) {
    const task = (await workspace.readTasks()).find((t) => t.id === args.id)
    if (task === undefined) return toolFailure('task_not_found', `no task has id "${args.id}"`)
    // The user approved a card naming this title; a different task must not go in its place.
    if (args.title !== undefined && task.title !== args.title) {
      return toolFailure(
        'task_mismatch',
        `task ${args.id} is “${task.title}”, not “${args.title}”; nothing was deleted`,
      )
    }
    const deleted = await workspace.deleteTask(args.id)
    return deleted === undefined
      ? toolFailure('task_not_found', `no task has id "${args.id}"`)
      : toolOk({ deleted })
  },
})
