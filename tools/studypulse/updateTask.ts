import { z } from 'zod'
import type { DescribedField } from '../../vocabulary/CallDescription.ts'
import { toolFailure, toolOk } from '../../vocabulary/ToolResult.ts'
import { type PlannedChange, planChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import type { Task } from '../../workspace/schemas.ts'
import { defineTool } from '../defineTool.ts'
import { boundTarget, missingTarget, targetChanged } from './boundTarget.ts'
import { commitPlanned } from './commitPlanned.ts'
import { quote } from './quote.ts'
import { cut, formatDay, formatImportance, type TaskLabel, taskFieldText } from './taskText.ts'

const UpdateTaskArgs = z.strictObject({
  id: z.string().min(1).max(200),
  title: z.string().max(500).optional(),
  due: z.iso.date().nullable().optional(),
  importance: z.number().int().min(1).max(5).nullable().optional(),
  done: z.boolean().optional(),
  notes: z.string().max(10_000).nullable().optional(),
})
type UpdateTaskArgs = z.output<typeof UpdateTaskArgs>

const changeable = ['title', 'due', 'importance', 'done', 'notes'] as const
const labels: Readonly<Record<(typeof changeable)[number], TaskLabel>> = {
  title: 'Title',
  due: 'Due',
  importance: 'Importance',
  done: 'Done',
  notes: 'Notes',
}

/** `update_task` (write): changes a task's title, due date, importance, notes, or marks it done. */
export const updateTask = defineTool({
  name: 'update_task',
  description:
    'Change a task, by its id (see list_tasks): a new `title`, `due` (YYYY-MM-DD, or null to clear), `importance` 1-5 (or null), `notes` (or null), or `done` true/false ("mark it done"). Only the fields given change.',
  parameters: UpdateTaskArgs,
  permission: 'write',
  workspaceOnly: true,
  writes: ['task'],
  check: (args) => {
    if (!changeable.some((field) => args[field] !== undefined)) return 'nothing to change'
    return args.title?.trim() === '' ? 'title must not be blank' : undefined
  },
  // The card's headline names the task by its title; the preview has only the id, so no name.
  preview: (args) => `Change a task: ${changesInWords(args)}`,
  async describe(args, view) {
    const current = await view.readTask(args.id)
    if (current === undefined) {
      return missingTarget('task', args.id, 'Change a task', 'nothing would change')
    }
    // The card's after is what the patches make: the same plan execute commits.
    const next = planUpdate(current.value, args, current.value.updatedAt).after.task[
      args.id
    ] as Task
    const notice = earlierDate(current.value, args)
    return {
      version: 1,
      headline: cut(headline(current.value, args), 500),
      fields: changedFields(current.value, next, args),
      target: { kind: 'task', id: args.id, version: current.version },
      ...(notice !== undefined && { notice }),
    }
  },
  async execute(args, { workspace, now, generateId, expectedVersion }) {
    const bound = boundTarget(await workspace.readTask(args.id), expectedVersion)
    if (!bound.ok && bound.reason === 'missing') {
      return toolFailure('task_not_found', `no task has id "${args.id}"; nothing was changed`)
    }
    if (!bound.ok) return targetChanged(`Task ${args.id}`, 'task', args.id)
    const before = bound.target.value
    const plan = planUpdate(before, args, now.toISOString())
    const next = plan.after.task[args.id] as Task
    const changed = changeable.filter((field) => next[field] !== before[field])
    if (changed.length === 0) return toolOk({ task: before, changed })
    const call = { tool: 'update_task', what: quote(before.title) }
    return commitPlanned(plan, call, { workspace, now, generateId }, { task: next, changed })
  },
})

// A move to an earlier day is easy to miss on a card ("next Wednesday" read as tomorrow): say it.
function earlierDate(task: Task, args: UpdateTaskArgs) {
  if (typeof args.due !== 'string' || task.due === undefined || args.due >= task.due)
    return undefined
  const text = `The new due date, ${formatDay(args.due)}, is earlier than the current one, ${formatDay(task.due)}.`
  return { code: 'earlier_date' as const, text }
}

/** The call's changes to the task as patches (a `null` clears a field), stamped `updatedAt`. */
function planUpdate(task: Task, args: UpdateTaskArgs, updatedAt: string): PlannedChange {
  return planChange(recordSet({ task: { [task.id]: task } }), (draft) => {
    const next = draft.task[task.id] as Task
    next.updatedAt = updatedAt
    if (args.title !== undefined) next.title = args.title.trim()
    if (args.done !== undefined) next.done = args.done
    for (const field of ['due', 'importance', 'notes'] as const) {
      const value = args[field]
      if (value === null) delete next[field]
      else if (value !== undefined) (next as Record<string, unknown>)[field] = value
    }
  })
}

/** The title (unchanged unless renamed, so the person sees which task), then each field the call names. */
function changedFields(before: Task, after: Task, args: UpdateTaskArgs): DescribedField[] {
  const now = taskFieldText(before)
  const then = taskFieldText(after)
  const rows: DescribedField[] = [
    { label: 'Title', before: cut(before.title), after: cut(after.title) },
  ]
  for (const field of changeable) {
    if (field === 'title' || args[field] === undefined) continue
    const label = labels[field]
    rows.push({ label, before: cut(now[label] || '(none)'), after: cut(then[label] || '(none)') })
  }
  return rows
}

/** "Mark “Essay” as done", or "Change “Essay”: due Fri 4 Dec 2026 → Mon 7 Dec 2026". */
function headline(task: Task, args: UpdateTaskArgs): string {
  const named = quote(task.title)
  const only = changeable.filter((field) => args[field] !== undefined)
  if (only.length === 1 && args.done !== undefined) {
    return args.done ? `Mark ${named} as done` : `Mark ${named} as not done`
  }
  const now = taskFieldText(task)
  const parts = only.map((field) => {
    if (field === 'done') return args.done ? 'mark done' : 'mark not done'
    if (field === 'notes') return 'new notes'
    const label = labels[field]
    return `${label.toLowerCase()} ${now[label] || '(none)'} → ${after(field, args) || '(none)'}`
  })
  return `Change ${named}: ${parts.join('; ')}`
}

/** The call's changes without the task: what the preview (made before the task is read) says. */
function changesInWords(args: UpdateTaskArgs): string {
  const parts = changeable
    .filter((field) => args[field] !== undefined)
    .map((field) => {
      if (field === 'done') return args.done ? 'mark done' : 'mark not done'
      if (field === 'notes') return args.notes === null ? 'clear notes' : 'new notes'
      return `${labels[field].toLowerCase()} → ${after(field, args) || '(none)'}`
    })
  return parts.join('; ')
}

function after(field: 'title' | 'due' | 'importance', args: UpdateTaskArgs): string {
  if (field === 'title') return args.title === undefined ? '' : quote(args.title.trim())
  if (field === 'due') return typeof args.due === 'string' ? formatDay(args.due) : ''
  return typeof args.importance === 'number' ? formatImportance(args.importance) : ''
}
