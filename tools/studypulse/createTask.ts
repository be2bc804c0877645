import { z } from 'zod'
import { defineTool } from '../defineTool.ts'
import { toolOk } from '../ToolResult.ts'

/** `create_task` (write): adds a task to the student's list. */
export const createTask = defineTool({
  name: 'create_task',
  description:
    'Create a study task. `due` is an ISO date (YYYY-MM-DD); `importance` is 1 (low) to 5 (high).',
  parameters: z.strictObject({
    title: z.string().max(500),
    importance: z.number().int().min(1).max(5).optional(),
    due: z.iso.date().optional(),
    notes: z.string().max(10_000).optional(),
  }),
  permission: 'write',
  workspaceOnly: true,
  check: (args) => (args.title.trim() === '' ? 'title must not be blank' : undefined),
  preview: (args) => `Create task “${args.title.trim()}”`,
  async execute(args, { workspace, now, generateId }) {
    const at = now.toISOString()
    const task = await workspace.upsertTask({
      id: generateId(),
      title: args.title.trim(),
      ...(args.importance !== undefined && { importance: args.importance }),
      ...(args.due !== undefined && { due: args.due }),
      ...(args.notes !== undefined && { notes: args.notes }),
      done: false,
      createdAt: at,
      updatedAt: at,
    })
    return toolOk(task)
  },
})
