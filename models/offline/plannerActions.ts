import { textField } from './plannerFields.ts'
import type { PlannerTask } from './plannerTasks.ts'
import { quoted } from './plannerText.ts'

/** What a proposed tool call would have done, in words: "delete the task “Review chapter 3”". */
export function describeAction(
  name: string,
  args: Record<string, unknown>,
  tasks: readonly PlannerTask[],
): string {
  switch (name) {
    case 'create_task':
      return named('create the task', textField(args, 'title'))
    case 'delete_task': {
      const id = textField(args, 'id')
      const title = tasks.find((task) => task.id === id)?.title
      return named('delete the task', title ?? id)
    }
    case 'list_tasks':
      return 'list your tasks'
    case 'search_workspace':
      return named('search your workspace for', textField(args, 'query'), 'search your workspace')
    case 'read_source': {
      const path = textField(args, 'path')
      return path === undefined ? 'open that source' : `open ${path}`
    }
    case 'write_memory': {
      const text = textField(args, 'text')
      return text === undefined ? 'save that to memory' : `save ${quoted(text)} to memory`
    }
    case 'save_artifact': {
      const title = textField(args, 'title')
      return title === undefined ? 'save that note' : `save ${quoted(title)} to your notes`
    }
    case 'run_code':
      return 'run that code'
    default:
      return `run ${name}`
  }
}

function named(action: string, subject: string | undefined, bare = action): string {
  return subject === undefined ? bare : `${action} ${quoted(subject)}`
}
