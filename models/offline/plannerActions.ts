import { toolWords } from '../../vocabulary/toolWords.ts'
import { textField } from './plannerFields.ts'
import type { PlannerMemory } from './plannerMemory.ts'
import type { PlannerTask } from './plannerTasks.ts'
import { quoted } from './plannerText.ts'

/** What the conversation showed so far, to name a task or a memory by more than its id. */
export interface Seen {
  tasks: readonly PlannerTask[]
  memory: readonly PlannerMemory[]
}

/** What a proposed tool call would have done, in words: "delete the task “Review chapter 3”". */
export function describeAction(name: string, args: Record<string, unknown>, seen: Seen): string {
  const { tasks } = seen
  switch (name) {
    case 'create_task':
      return named('create the task', textField(args, 'title'))
    case 'delete_task': {
      const id = textField(args, 'id')
      const title = tasks.find((task) => task.id === id)?.title
      return named('delete the task', title, 'delete that task')
    }
    case 'update_task': {
      const id = textField(args, 'id')
      // An id is for the model; unknown here, the task is "that task".
      const title = tasks.find((task) => task.id === id)?.title
      if (args.done === true && Object.keys(args).length === 2)
        return named('mark', title, 'mark that task').concat(' as done')
      return named('change the task', title, 'change that task')
    }
    case 'forget_memory': {
      const id = textField(args, 'id')
      const text = seen.memory.find((entry) => entry.id === id)?.text
      return text === undefined ? 'forget that' : `forget ${quoted(text)}`
    }
    case 'list_memory':
      return 'list what I remember'
    case 'list_artifacts':
      return 'list your notes'
    case 'read_artifact':
      return named('open your note', textField(args, 'name'), 'open that note')
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
    case 'delete_note':
      return named('delete your note', textField(args, 'name'), 'delete that note')
    case 'update_note':
      return named('change your note', textField(args, 'name'), 'change that note')
    case 'run_code':
      return 'run that code'
    case 'undo_change':
      return 'undo that change'
    default: {
      const action = toolWords(name).action
      return `${action.charAt(0).toLowerCase()}${action.slice(1)}`
    }
  }
}

function named(action: string, subject: string | undefined, bare = action): string {
  return subject === undefined ? bare : `${action} ${quoted(subject)}`
}
