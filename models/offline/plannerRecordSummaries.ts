import { dayText } from '../../vocabulary/humanTime.ts'
/** Plain-words summaries of the results of update_task, forget_memory and the memory and note reads. */
import { asRecord, numberField, textField } from './plannerFields.ts'
import { readMemoryList } from './plannerMemory.ts'
import { readTask } from './plannerTasks.ts'
import { quoted } from './plannerText.ts'

const MAX_LISTED = 20
const MAX_NOTE_LINES = 12

/** "Marked “Essay” as done.", "Moved “Essay” to 2026-12-07.", one sentence per change. */
export function updatedTask(data: unknown, args: Record<string, unknown>): string {
  const record = asRecord(data)
  const task = readTask(record?.task)
  const changed = Array.isArray(record?.changed) ? record.changed : []
  const name = quoted(task?.title ?? textField(args, 'id') ?? 'the task')
  if (changed.length === 0) return `${name} was already like that, so nothing changed.`
  const said = changed.map((field) => {
    switch (field) {
      case 'done':
        return task?.done ? `Marked ${name} as done.` : `Marked ${name} as not done.`
      case 'due':
        return task?.due === undefined
          ? `Cleared the due date of ${name}.`
          : `Moved ${name} to ${dayText(task.due)}.`
      case 'importance': {
        const importance = numberField(asRecord(record?.task), 'importance')
        return importance === undefined
          ? `Cleared the importance of ${name}.`
          : `Set the importance of ${name} to ${importance}.`
      }
      case 'title':
        return `Renamed the task to ${name}.`
      default:
        return `Changed the notes of ${name}.`
    }
  })
  return said.join(' ')
}

/** "I forgot “I study in the morning”." */
export function forgotMemory(data: unknown): string {
  const text = textField(asRecord(asRecord(data)?.forgotten), 'text')
  return text === undefined ? 'I forgot that.' : `I forgot ${quoted(text)}.`
}

/** What StudyPulse remembers, one line each. */
export function listedMemory(data: unknown): string {
  const entries = readMemoryList(data)
  if (entries === undefined) return 'I looked at what I remember, but could not read it.'
  if (entries.length === 0) return "I don't remember anything about you yet."
  const lines = entries.slice(0, MAX_LISTED).map((entry) => `- ${entry.text}`)
  if (entries.length > MAX_LISTED) lines.push(`…and ${entries.length - MAX_LISTED} more.`)
  return ['Here is what I remember about you:', ...lines].join('\n')
}

/** The saved notes, one line each with their size. */
export function listedNotes(data: unknown): string {
  const raw = asRecord(data)?.artifacts
  if (!Array.isArray(raw)) return 'I listed your notes, but could not read the list.'
  const notes = raw.map((item) => asRecord(item)).filter((note) => note !== undefined)
  if (notes.length === 0) return 'You have no saved notes yet.'
  const lines = notes.slice(0, MAX_LISTED).map((note) => {
    const title = textField(note, 'title') ?? textField(note, 'name') ?? 'Untitled'
    const count = numberField(note, 'lines')
    return count === undefined
      ? `- ${title}`
      : `- ${title} (${count} ${count === 1 ? 'line' : 'lines'})`
  })
  if (notes.length > MAX_LISTED) lines.push(`…and ${notes.length - MAX_LISTED} more.`)
  const header = `You have ${notes.length} saved ${notes.length === 1 ? 'note' : 'notes'}:`
  return [header, ...lines].join('\n')
}

/** A saved note: its title and first lines. */
export function noteText(data: unknown, args: Record<string, unknown>): string {
  const record = asRecord(data)
  const title = quoted(textField(record, 'title') ?? textField(args, 'name') ?? 'note')
  const content = record?.content
  if (typeof content !== 'string') return `I opened your note ${title}, but could not read it.`
  if (content.trim() === '') return `Your note ${title} is empty.`
  const lines = content.replace(/\s+$/, '').split(/\r?\n/)
  const shown = [`Here is your note ${title}:`, ...lines.slice(0, MAX_NOTE_LINES)]
  if (lines.length > MAX_NOTE_LINES)
    shown.push(`(Showing the first ${MAX_NOTE_LINES} of ${lines.length} lines.)`)
  return shown.join('\n')
}
