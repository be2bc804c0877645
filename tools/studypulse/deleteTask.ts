import { z } from 'zod'
import { toolFailure } from '../../vocabulary/ToolResult.ts'
import { planChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import { defineTool } from '../defineTool.ts'
import { boundTarget, missingTarget, targetChanged } from './boundTarget.ts'
import { commitPlanned } from './commitPlanned.ts'
import { quote } from './quote.ts'
import { cut, formatDay, taskRows } from './taskText.ts'

/** `delete_task` (destructive): removes a task (an undo brings it back). */
export const deleteTask = defineTool({
  name: 'delete_task',
  description:
    'Delete a task, by its id (see list_tasks). Pass its current `title` too, so the user sees what goes.',
  parameters: z.strictObject({
    id: z.string().min(1).max(200),
    title: z.string().min(1).max(500).optional(),
  }),
  permission: 'destructive',
  editable: [],
  workspaceOnly: true,
  writes: ['task'],
  preview: (args) =>
    args.title === undefined ? 'Delete a task' : `Delete task ${quote(args.title)}`,
  async describe(args, view) {
    const current = await view.readTask(args.id)
    if (current === undefined) {
      return missingTarget('task', args.id, 'Delete a task', 'nothing would be deleted')
    }
    const task = current.value
    // The card names the stored task, whatever title the model (or an edit) gave.
    const differs = args.title !== undefined && args.title !== task.title
    return {
      version: 1,
      headline: cut(`Delete task ${quote(task.title)}`, 500),
      fields: [
        ...taskRows(task, 'before'),
        { label: 'Created', before: formatDay(task.createdAt.slice(0, 10)) },
      ],
      target: { kind: 'task', id: task.id, version: current.version },
      ...(differs && {
        notice: {
          code: 'claim_differs',
          text: cut(
            `The request called it ${quote(args.title ?? '')}; the task it would delete is ${quote(task.title)}.`,
            500,
          ),
        },
      }),
    }
  },
  async execute(args, { workspace, now, generateId, expectedVersion }) {
    const bound = boundTarget(await workspace.readTask(args.id), expectedVersion)
    if (!bound.ok && bound.reason === 'missing') {
      return toolFailure('task_not_found', `no task has id "${args.id}"`)
    }
    if (!bound.ok) return targetChanged(`Task ${args.id}`, 'task', args.id)
    const task = bound.target.value
    // Unbound, the card showed only the model's title: a different task must not go in its place.
    // Bound, the card showed the stored task itself.
    if (expectedVersion === undefined && args.title !== undefined && task.title !== args.title) {
      return toolFailure(
        'task_mismatch',
        `task ${args.id} is ${quote(task.title)}, not ${quote(args.title)}; nothing was deleted`,
      )
    }
    const plan = planChange(recordSet({ task: { [task.id]: task } }), (draft) => {
      delete draft.task[task.id]
    })
    const call = { tool: 'delete_task', what: quote(task.title) }
    return commitPlanned(plan, call, { workspace, now, generateId }, { deleted: task })
  },
})
