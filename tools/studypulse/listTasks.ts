import { z } from 'zod'
import { defineTool } from '../defineTool.ts'
import { toolOk } from '../ToolResult.ts'

/** `list_tasks` (read): the student's tasks. */
export const listTasks = defineTool({
  name: 'list_tasks',
  description: 'List the study tasks, open and done.',
  parameters: z.strictObject({}),
  permission: 'read',
  idempotent: true,
  preview: () => 'List your tasks',
  async execute(_args, { workspace }) {
    return toolOk({ tasks: await workspace.readTasks() })
  },
})
