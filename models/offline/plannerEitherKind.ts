/**
 * A thing named without saying its kind ("delete krebs cycle", "rename exam plan to Finals") is
 * looked up among both tasks and notes: the kind whose title matches wins; when both match as
 * well, the planner asks which.
 */

import type { ChatMessage, ToolCall } from '../../vocabulary/ChatMessage.ts'
import type { PlannerIntent } from './PlannerIntent.ts'
import { asRecord, textField } from './plannerFields.ts'
import { readToolResult } from './plannerResults.ts'
import { findBestTask } from './plannerTaskMatch.ts'
import type { PlannerTask } from './plannerTasks.ts'
import { capitalise, cleanPhrase } from './plannerText.ts'

const TASK_WORD = /\b(?:tasks?|to-?dos?|reminders?)\b/i
// "the note X", "note about X", "X note": a singular "note" says the kind; a plural "notes" may be
// part of a title ("Review lecture 1 notes").
const NOTE_WORD = /\bnote\b/i

/** The intent, marked to be looked up among notes too when the clause did not say its kind. */
export function eitherKind(intent: PlannerIntent, clause: string): PlannerIntent {
  if (TASK_WORD.test(clause) || NOTE_WORD.test(clause)) return intent
  if (intent.kind === 'delete_task' && !intent.finished) return { ...intent, orNote: intent.target }
  if (intent.kind === 'update_task' && onlyTitle(intent.changes))
    return { ...intent, orNote: intent.target }
  if (intent.kind === 'delete_note')
    return { kind: 'delete_task', target: named(clause, intent.name), orNote: intent.name }
  if (
    intent.kind === 'update_note' &&
    intent.title !== undefined &&
    intent.content === undefined &&
    intent.append === undefined
  )
    return {
      kind: 'update_task',
      target: named(clause, intent.name),
      changes: { title: intent.title },
      orNote: intent.name,
    }
  return intent
}

function onlyTitle(changes: object): boolean {
  const keys = Object.keys(changes)
  return keys.length === 1 && keys[0] === 'title'
}

// "delete review lecture 1 notes": as a task's title, the plural "notes" is part of the name.
function named(clause: string, name: string): string {
  const withNotes = new RegExp(`${literal(name)}\\s+notes\\b`, 'i').exec(clause)
  return withNotes ? withNotes[0] : name
}

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A saved note as the list shows it. */
interface ListedNote {
  name: string
  title: string
}

/** The notes of the latest `list_artifacts` result, or undefined. */
export function latestNoteList(messages: readonly ChatMessage[]): ListedNote[] | undefined {
  const message = messages.findLast((m) => m.role === 'tool' && m.name === 'list_artifacts')
  if (message?.role !== 'tool') return undefined
  const result = readToolResult(message.content)
  const list = result.kind === 'ok' ? asRecord(result.data)?.artifacts : undefined
  if (!Array.isArray(list)) return undefined
  return list.flatMap((item) => {
    const record = asRecord(item)
    const name = textField(record, 'name')
    const title = textField(record, 'title') ?? name
    return name === undefined || title === undefined ? [] : [{ name, title }]
  })
}

/** What a name found among both kinds comes to: a task, a note, or a question. */
export type EitherFound =
  | { kind: 'task'; task: PlannerTask }
  | { kind: 'note'; note: ListedNote }
  | { kind: 'ask'; question: string }
  | undefined

const same = (a: string, b: string) => cleanPhrase(a).toLowerCase() === cleanPhrase(b).toLowerCase()

/** The task or note a name means: the exact title wins; a close task title, then a note's. */
export function findEither(
  tasks: readonly PlannerTask[],
  notes: readonly ListedNote[],
  target: string,
  noteName: string,
): EitherFound {
  const exactTask = tasks.find((task) => same(task.title, target))
  const exactNote = notes.find((note) => same(note.title, noteName) || same(note.name, noteName))
  if (exactTask && exactNote)
    return {
      kind: 'ask',
      question: `Do you mean the task “${exactTask.title}” or the note “${exactNote.title}”?\n1. the task\n2. the note`,
    }
  if (exactTask) return { kind: 'task', task: exactTask }
  if (exactNote) return { kind: 'note', note: exactNote }
  const task = findBestTask(tasks, target)
  if (task) return { kind: 'task', task }
  const wanted = cleanPhrase(noteName).toLowerCase()
  const note = notes.find((n) => n.title.toLowerCase().includes(wanted))
  return note ? { kind: 'note', note } : undefined
}

/** The note call an update or delete stands for. */
export function noteCall(
  intent: Extract<PlannerIntent, { kind: 'delete_task' | 'update_task' }>,
  note: ListedNote,
  id: string,
): ToolCall {
  if (intent.kind === 'delete_task')
    return { id, name: 'delete_note', arguments: JSON.stringify({ name: note.name }) }
  const title = capitalise(cleanPhrase(String(intent.changes.title ?? '')))
  return { id, name: 'update_note', arguments: JSON.stringify({ name: note.name, title }) }
}
