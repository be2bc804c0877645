import { z } from 'zod'
import { planChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import type { Task } from '../../workspace/schemas.ts'
import { defineTool } from '../defineTool.ts'
import { commitPlanned } from './commitPlanned.ts'
import { quote } from './quote.ts'
import { cut, taskDetails, taskRows } from './taskText.ts'

const CreateTaskArgs = z.strictObject({
  title: z.string().max(500),
  importance: z.number().int().min(1).max(5).optional(),
  due: z.iso.date().optional(),
  notes: z.string().max(10_000).optional(),
})

/** `create_task` (write): adds a task to the student's list. */
export const createTask = defineTool({
  name: 'create_task',
  description:
    'Create a study task. `due` is an ISO date (YYYY-MM-DD); `importance` is 1 (low) to 5 (high).',
  parameters: CreateTaskArgs,
  permission: 'write',
  workspaceOnly: true,
  writes: ['task'],
  check: (args) => (args.title.trim() === '' ? 'title must not be blank' : undefined),
  preview: (args) => headline(args),
  async describe(args) {
    // A new task has nothing stored to read: the card shows every field it will hold.
    const rows = taskRows({ ...args, title: args.title.trim(), done: false }, 'after')
    return { version: 1, headline: cut(headline(args), 500), fields: rows }
  },
  async execute(args, { workspace, now, generateId }) {
    const at = now.toISOString()
    const task: Task = {
      id: generateId(),
      title: args.title.trim(),
      ...(args.importance !== undefined && { importance: args.importance }),
      ...(args.due !== undefined && { due: args.due }),
      ...(args.notes !== undefined && { notes: args.notes }),
      done: false,
      createdAt: at,
      updatedAt: at,
    }
    const plan = planChange(recordSet(), (draft) => {
      draft.task[task.id] = task
    })
    const call = { tool: 'create_task', what: `The task ${quote(task.title)}` }
    return commitPlanned(plan, call, { workspace, now, generateId }, { ...task })
  },
})

/** "Create task “Review chapter 3”, due Fri 4 Dec 2026, importance 4 of 5". */
function headline(args: z.output<typeof CreateTaskArgs>): string {
  const details = taskDetails(args)
  return `Create task ${quote(args.title.trim())}${details === '' ? '' : `, ${details}`}`
}
