import { z } from 'zod'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import type { Task } from '../../workspace/schemas.ts'
import { defineTool } from '../defineTool.ts'
import { formatDay } from './taskText.ts'

const ListTasksArgs = z.strictObject({
  due_from: z.iso.date().optional(),
  due_to: z.iso.date().optional(),
  done: z.boolean().optional(),
})
type ListTasksArgs = z.output<typeof ListTasksArgs>

/** `list_tasks` (read): the student's tasks, all or filtered by due date and done. */
export const listTasks = defineTool({
  name: 'list_tasks',
  description:
    'List the study tasks. Optional filters: `due_from` and `due_to` (YYYY-MM-DD, inclusive; tasks without a due date are left out when either is given) and `done` (false: open tasks only).',
  parameters: ListTasksArgs,
  permission: 'read',
  idempotent: true,
  check: (args) =>
    args.due_from !== undefined && args.due_to !== undefined && args.due_from > args.due_to
      ? 'due_from is after due_to'
      : undefined,
  preview: (args) => `List your ${describeFilter(args)}`,
  async execute(args, { workspace }) {
    const tasks = (await workspace.readTasks()).filter((task) => matches(task, args))
    return toolOk({ tasks, ...(Object.keys(args).length > 0 && { filter: args }) })
  },
})

function matches(task: Task, args: ListTasksArgs): boolean {
  if (args.done !== undefined && task.done !== args.done) return false
  if (args.due_from === undefined && args.due_to === undefined) return true
  // ISO dates compare as text.
  if (task.due === undefined) return false
  if (args.due_from !== undefined && task.due < args.due_from) return false
  return args.due_to === undefined || task.due <= args.due_to
}

/** "open tasks due by Sun 6 Dec 2026". */
function describeFilter(args: ListTasksArgs): string {
  const which = args.done === undefined ? 'tasks' : args.done ? 'done tasks' : 'open tasks'
  const { due_from: from, due_to: to } = args
  if (from !== undefined && to !== undefined) {
    return `${which} due ${formatDay(from)} to ${formatDay(to)}`
  }
  if (to !== undefined) return `${which} due by ${formatDay(to)}`
  if (from !== undefined) return `${which} due from ${formatDay(from)}`
  return which
}
