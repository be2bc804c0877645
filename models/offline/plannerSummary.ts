import { countOf } from '../../vocabulary/countOf.ts'
import { fileTitle } from '../../vocabulary/fileTitle.ts'
import { dayText } from '../../vocabulary/humanTime.ts'
import { toolWords } from '../../vocabulary/toolWords.ts'
import { describeAction, type Seen } from './plannerActions.ts'
import { summarizeCodeRun } from './plannerCodeSummary.ts'
import { asRecord, numberField, textField } from './plannerFields.ts'
import {
  forgotMemory,
  listedMemory,
  listedNotes,
  noteText,
  updatedTask,
} from './plannerRecordSummaries.ts'
import type { ToolResult } from './plannerResults.ts'
import { inShownOrder, type PlannerTask, readTask, readTaskList } from './plannerTasks.ts'
import { quoted } from './plannerText.ts'

type Args = Record<string, unknown>
type OkSummary = (data: unknown, args: Args, seen: Seen) => string

const MAX_LISTED_TASKS = 20
const MAX_MATCHES = 5
const MAX_SNIPPET = 160
const MAX_SOURCE_LINES = 12

const OK_SUMMARIES: ReadonlyMap<string, OkSummary> = new Map([
  ['create_task', createdTask],
  ['list_tasks', listedTasks],
  ['search_workspace', searchMatches],
  ['read_source', sourceText],
  ['write_memory', rememberedText],
  ['save_artifact', savedArtifact],
  ['delete_task', deletedTask],
  ['update_task', updatedTask],
  ['forget_memory', forgotMemory],
  ['list_memory', listedMemory],
  ['list_artifacts', listedNotes],
  ['read_artifact', noteText],
  ['delete_note', deletedNote],
  ['update_note', updatedNote],
])

/** One plain-words line (or short block) about a tool result, for the planner's answer. */
export function summarizeToolResult(
  name: string,
  args: Args,
  result: ToolResult,
  seen: Seen,
): string {
  if (result.kind === 'unreadable')
    return `I tried ${toolWords(name).doing}, but I could not read what came of it.`
  if (name === 'run_code') return summarizeCodeRun(args, result)
  if (result.kind === 'error') {
    const action = describeAction(name, args, seen)
    if (result.code === 'user_denied') return `OK, I did not ${action}.`
    if (result.code === 'target_changed') {
      return `I did not ${action}: it changed after you saw the card, so nothing was written. Ask again to see it as it is now.`
    }
    return result.message === ''
      ? `I could not ${action}.`
      : `I could not ${action}: ${sentence(result.message)}`
  }
  const summarize = OK_SUMMARIES.get(name)
  return summarize ? summarize(result.data, args, seen) : `I finished ${toolWords(name).doing}.`
}

function createdTask(data: unknown, args: Args): string {
  const record = asRecord(data)
  const title = textField(record, 'title') ?? textField(args, 'title')
  if (title === undefined) return 'I added the task.'
  const details = taskDetails({
    due: textField(record, 'due') ?? textField(args, 'due'),
    importance: numberField(record, 'importance') ?? numberField(args, 'importance'),
    done: false,
  })
  return `Added ${quoted(title)} to your tasks${details === '' ? '' : ` (${details})`}.`
}

function listedTasks(data: unknown, args: Args): string {
  const read = readTaskList(data)
  if (read === undefined) return 'I listed your tasks, but could not read the list.'
  const tasks = inShownOrder(read)
  const filter = filterWords(args)
  if (filter !== undefined) {
    if (tasks.length === 0) return `You have no ${filter}.`
    const lines = tasks.slice(0, MAX_LISTED_TASKS).map((task) => {
      const details = taskDetails(task)
      return `- ${task.title}${details === '' ? '' : ` (${details})`}`
    })
    if (tasks.length > MAX_LISTED_TASKS) lines.push(`…and ${tasks.length - MAX_LISTED_TASKS} more.`)
    return [`Your ${filter} (${tasks.length}):`, ...lines].join('\n')
  }
  if (tasks.length === 0) return 'You have no tasks yet.'
  const open = tasks.filter((task) => !task.done).length
  const done = tasks.length - open
  const header =
    open === 0
      ? `You have no open tasks (${countOf(done, 'done task')}):`
      : `You have ${countOf(open, 'open task')}${done === 0 ? '' : ` and ${done} done`}:`
  const lines = tasks.slice(0, MAX_LISTED_TASKS).map((task) => {
    const details = taskDetails(task)
    return `- ${task.title}${details === '' ? '' : ` (${details})`}`
  })
  if (tasks.length > MAX_LISTED_TASKS) lines.push(`…and ${tasks.length - MAX_LISTED_TASKS} more.`)
  return [header, ...lines].join('\n')
}

function searchMatches(data: unknown, args: Args): string {
  const record = asRecord(data)
  const query = textField(record, 'query') ?? textField(args, 'query') ?? ''
  const raw = record?.matches
  if (!Array.isArray(raw)) return `I searched for ${quoted(query)}, but could not read the results.`
  const matches = raw.map((match) => asRecord(match)).filter((match) => match !== undefined)
  // The tool may cap `matches` and report the full count as `total`.
  const total = Math.max(numberField(record, 'total') ?? 0, matches.length)
  if (total === 0) return `Nothing in your workspace mentions ${quoted(query)}.`
  const lines = matches.slice(0, MAX_MATCHES).map((match) => {
    const title = textField(match, 'title') ?? textField(match, 'ref') ?? 'Untitled'
    const snippet = shorten(textField(match, 'snippet') ?? '')
    return snippet === '' ? `- ${title}` : `- ${title}: …${snippet}…`
  })
  if (total > lines.length) lines.push(`…and ${total - lines.length} more.`)
  const header = `I found ${countOf(total, 'match', 'matches')} for ${quoted(query)}:`
  return [header, ...lines].join('\n')
}

function sourceText(data: unknown, args: Args): string {
  const record = asRecord(data)
  const file = textField(record, 'path') ?? textField(args, 'path')
  // Named as a student names it ("Lecture 2"), never by its file ("lecture-2.md").
  const path = file === undefined ? 'the source' : fileTitle(file)
  const content = record?.content
  if (typeof content !== 'string') return `I opened ${path}, but could not read its content.`
  if (content.trim() === '') return `${path} is empty.`
  const lines = content.replace(/\s+$/, '').split(/\r?\n/)
  const shown = [`Here is ${path}:`, ...lines.slice(0, MAX_SOURCE_LINES)]
  if (lines.length > MAX_SOURCE_LINES) {
    shown.push(`(Showing the first ${MAX_SOURCE_LINES} of ${lines.length} lines.)`)
  } else if (record?.truncated === true) {
    shown.push('(The file was cut short.)')
  }
  return shown.join('\n')
}

function rememberedText(data: unknown, args: Args): string {
  const record = asRecord(data)
  const text =
    textField(record, 'text') ??
    textField(asRecord(record?.entry), 'text') ??
    textField(args, 'text')
  return text === undefined
    ? "I'll remember that."
    : `I'll remember that: ${text.replace(/[.!]+$/, '')}.`
}

function savedArtifact(data: unknown, args: Args): string {
  const title = textField(asRecord(data), 'title') ?? textField(args, 'title')
  return title === undefined ? 'Saved it to your notes.' : `Saved ${quoted(title)} to your notes.`
}

function deletedNote(data: unknown, args: Args): string {
  const title = textField(asRecord(asRecord(data)?.deleted), 'title') ?? textField(args, 'name')
  return title === undefined ? 'Deleted that note.' : `Deleted your note ${quoted(title)}.`
}

function updatedNote(data: unknown, args: Args): string {
  const title = textField(asRecord(data), 'title') ?? textField(args, 'name') ?? 'that note'
  if (typeof args.title === 'string') return `Renamed your note to ${quoted(title)}.`
  if (typeof args.append === 'string') return `Added that to your note ${quoted(title)}.`
  return `Changed your note ${quoted(title)}.`
}

/** A list call's filter in words ("open tasks due by Sun 6 Dec 2026"); undefined without one. */
export function filterWords(args: Record<string, unknown>): string | undefined {
  // The app's one date format, as the cards show it.
  const from = mapDay(textField(args, 'due_from'))
  const to = mapDay(textField(args, 'due_to'))
  const done = args.done
  if (from === undefined && to === undefined && typeof done !== 'boolean') return undefined
  const which = done === true ? 'done tasks' : done === false ? 'open tasks' : 'tasks'
  if (from !== undefined && from === to) return `${which} due on ${from}`
  if (from !== undefined && to !== undefined) return `${which} due ${from} to ${to}`
  if (to !== undefined) return `${which} due by ${to}`
  if (from !== undefined) return `${which} due from ${from}`
  return which
}

function deletedTask(data: unknown, args: Args, { tasks }: Seen): string {
  const id = textField(args, 'id')
  const title =
    readTask(asRecord(data)?.deleted)?.title ?? tasks.find((task) => task.id === id)?.title ?? id
  return title === undefined ? 'Deleted the task.' : `Deleted the task ${quoted(title)}.`
}

function mapDay(iso: string | undefined): string | undefined {
  return iso === undefined ? undefined : dayText(iso)
}

function taskDetails(task: Omit<PlannerTask, 'id' | 'title'>): string {
  const parts: string[] = []
  if (task.done) parts.push('done')
  if (task.due !== undefined) parts.push(`due ${dayText(task.due)}`)
  if (task.importance !== undefined) parts.push(`importance ${task.importance}`)
  return parts.join(', ')
}

function shorten(text: string): string {
  const bare = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^…+|…+$/g, '')
    .trim()
  if (bare.length <= MAX_SNIPPET) return bare
  // Cut between words, never inside one ("photosy…").
  const cut = bare.slice(0, MAX_SNIPPET)
  const space = cut.lastIndexOf(' ')
  return (space > MAX_SNIPPET / 2 ? cut.slice(0, space) : cut).trimEnd()
}

function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`
}
