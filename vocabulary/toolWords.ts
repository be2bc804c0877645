import type { PermissionOrigin } from './PermissionOrigin.ts'

/** What a tool does, in the words a person reads instead of its name. */
export interface ToolWords {
  /** A card's title: "Delete a task". */
  action: string
  /** Inside a sentence: "deleting a task" ("Undo deleting a task"). */
  doing: string
  /** For a rule that covers every such call: "deleting tasks" ("Allow deleting tasks for this run"). */
  every: string
}

const words = (action: string, doing: string, every = doing): ToolWords => ({
  action,
  doing,
  every,
})

// One place for the words; a new tool without an entry still reads as words (see `toolWords`).
const known: Readonly<Record<string, ToolWords>> = {
  create_task: words('Add a task', 'adding a task', 'adding tasks'),
  update_task: words('Change a task', 'changing a task', 'changing tasks'),
  delete_task: words('Delete a task', 'deleting a task', 'deleting tasks'),
  list_tasks: words('List your tasks', 'listing your tasks'),
  write_memory: words('Remember something', 'remembering something', 'remembering things'),
  forget_memory: words('Forget something', 'forgetting something', 'forgetting things'),
  list_memory: words('Look at what is remembered', 'looking at what is remembered'),
  save_artifact: words('Save a note', 'saving a note', 'saving notes'),
  update_note: words('Change a note', 'changing a note', 'changing notes'),
  delete_note: words('Delete a note', 'deleting a note', 'deleting notes'),
  list_artifacts: words('List your notes', 'listing your notes'),
  read_artifact: words('Read a note', 'reading a note', 'reading notes'),
  read_source: words('Read a source', 'reading a source', 'reading sources'),
  search_workspace: words('Search your workspace', 'searching your workspace'),
  undo_change: words('Undo a change', 'undoing a change', 'undoing changes'),
  run_code: words('Run code in the sandbox', 'running code in the sandbox'),
}

/**
 * A tool's action in words: StudyPulse's own from the table above; an MCP tool by its server's
 * own name for it and the server ("write_file on MCP server files", all the host knows); any other
 * by its name with spaces.
 */
export function toolWords(toolName: string, origin?: PermissionOrigin): ToolWords {
  if (origin?.server !== undefined) {
    const on = `${origin.tool ?? toolName} on MCP server ${origin.server}`
    return words(`Use ${on}`, `using ${on}`)
  }
  const own = Object.hasOwn(known, toolName) ? known[toolName] : undefined
  if (own !== undefined) return own
  const spaced = toolName.replace(/_+/g, ' ').trim() || 'a tool'
  return words(`Use ${spaced}`, `using ${spaced}`)
}

/** `true` for a name in the table of StudyPulse's own tools. */
export function isKnownToolName(name: string): boolean {
  return Object.hasOwn(known, name)
}

/**
 * A rule as a person reads it: "allow create_task for this run" (as the log keeps it) becomes
 * "allow adding tasks in this conversation" (a run is what a person calls a conversation);
 * anything else is left as it is.
 */
export function ruleInWords(rule: string): string {
  return rule
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) =>
      isKnownToolName(name) ? toolWords(name).every : name,
    )
    .replace(/\bfor this run\b/g, 'in this conversation')
}
