import { dayText } from '../../vocabulary/humanTime.ts'
import type { PersonProposal } from '../../vocabulary/personProposal.ts'
import type { Artifact, Task } from '../../workspace/schemas.ts'

/** What a task's Edit form holds: blank due or importance clears it. */
export interface TaskEdits {
  title: string
  /** `YYYY-MM-DD`, or undefined for no due day. */
  due: string | undefined
  importance: number | undefined
  notes: string
}

/** A task's Delete, asked on a card. */
export function deleteTaskProposal(task: Task): PersonProposal {
  return { tool: 'delete_task', args: { id: task.id }, words: `Delete the task “${task.title}”` }
}

/** A task's Move to `due` (`YYYY-MM-DD`, or undefined for no day); undefined when it is due then already. */
export function moveTaskProposal(task: Task, due: string | undefined): PersonProposal | undefined {
  if (due === task.due) return undefined
  return {
    tool: 'update_task',
    args: { id: task.id, due: due ?? null },
    words:
      due === undefined
        ? `Take the due day off “${task.title}”`
        : `Move “${task.title}” to ${dayText(due)}`,
  }
}

/**
 * A task's Edit: only the fields the person changed go in the call (so the card shows only
 * them); undefined when nothing changed.
 */
export function editTaskProposal(task: Task, edits: TaskEdits): PersonProposal | undefined {
  const args: Record<string, unknown> = {}
  const title = edits.title.trim()
  if (title !== '' && title !== task.title) args.title = title
  if (edits.due !== task.due) args.due = edits.due ?? null
  if (edits.importance !== task.importance) args.importance = edits.importance ?? null
  const notes = edits.notes.trim()
  if (notes !== (task.notes ?? '').trim()) args.notes = notes === '' ? null : notes
  if (Object.keys(args).length === 0) return undefined
  return {
    tool: 'update_task',
    args: { id: task.id, ...args },
    words: `Change the task “${task.title}”`,
  }
}

/** A note's Edit of its title and text; undefined when nothing changed. */
export function editNoteProposal(
  note: Artifact,
  edits: { title: string; content: string },
): PersonProposal | undefined {
  const args: Record<string, unknown> = {}
  const title = edits.title.trim()
  if (title !== '' && title !== note.title) args.title = title
  if (edits.content !== note.content) args.content = edits.content
  if (Object.keys(args).length === 0) return undefined
  return {
    tool: 'update_note',
    args: { name: note.name, ...args },
    words: `Change the note “${note.title}”`,
  }
}

/** A note's Delete, asked on a card. */
export function deleteNoteProposal(note: Artifact): PersonProposal {
  return {
    tool: 'delete_note',
    args: { name: note.name },
    words: `Delete the note “${note.title}”`,
  }
}
