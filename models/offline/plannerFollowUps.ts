import type { ChatMessage, ModelTurn, ToolCall } from '../../vocabulary/ChatMessage.ts'
import { format, shiftDay } from './plannerChrono.ts'
import { findEither, latestNoteList, noteCall } from './plannerEitherKind.ts'
import type { PlannerIntent } from './plannerIntents.ts'
import { latestMemoryList } from './plannerMemory.ts'
import { offered } from './plannerProposals.ts'
import { findBestTask } from './plannerTaskMatch.ts'
import { latestTaskList } from './plannerTasks.ts'

/** The calls that need a looked-up id: what they act on, in the user's words, and where it is found. */
export type LookupIntent = Extract<
  PlannerIntent,
  { kind: 'delete_task' | 'update_task' | 'forget_memory' }
>

const LOOKUP_KINDS = new Set(['delete_task', 'update_task', 'forget_memory'])
const NOTE_CALLS = new Set(['delete_note', 'update_note'])

/** The clauses whose call waits for a list, with the tools they need offered. */
export function lookupIntents(
  intents: readonly PlannerIntent[],
  available: ReadonlySet<string>,
): LookupIntent[] {
  return intents.filter(
    (intent): intent is LookupIntent => LOOKUP_KINDS.has(intent.kind) && offered(intent, available),
  )
}

/**
 * The second step of a delete, an update or a forget: once the task or memory list is back, the
 * call for the best match of each (by id, with the title the card may check).
 */
export function proposeFollowUps(
  intents: readonly PlannerIntent[],
  available: ReadonlySet<string>,
  sinceUser: readonly ChatMessage[],
  nextId: () => string,
  today: Date,
): ModelTurn | undefined {
  const wanted = lookupIntents(intents, available)
  // A follow-up comes after the lists: a note's call proposed with them (first turn) is not one.
  const firstResult = sinceUser.findIndex((message) => message.role === 'tool')
  const alreadyProposed = sinceUser.some(
    (message, index) =>
      message.role === 'assistant' &&
      message.toolCalls?.some(
        (call) => LOOKUP_KINDS.has(call.name) || (index > firstResult && NOTE_CALLS.has(call.name)),
      ),
  )
  if (wanted.length === 0 || alreadyProposed) return undefined
  const tasks = latestTaskList(sinceUser)
  const memory = latestMemoryList(sinceUser)?.map((entry) => ({
    id: entry.id,
    title: entry.text,
    done: false,
  }))
  const calls: ToolCall[] = []
  const chosen = new Set<string>()
  const propose = (name: string, args: { id: string } & Record<string, unknown>) => {
    // Two clauses naming one task delete (or forget) it once; two updates of it are two changes.
    const key = `${name}:${args.id}`
    if (name !== 'update_task' && chosen.has(key)) return
    chosen.add(key)
    calls.push({ id: nextId(), name, arguments: JSON.stringify(args) })
  }
  for (const intent of wanted) {
    if (intent.kind === 'forget_memory') {
      // "forget everything": one card per entry, each saying what goes.
      const entries = intent.all ? (memory ?? []) : [memory && findBestTask(memory, intent.target)]
      for (const entry of entries) if (entry) propose('forget_memory', { id: entry.id })
      continue
    }
    if (intent.kind === 'delete_task' && intent.finished) {
      for (const task of tasks ?? [])
        if (task.done) propose('delete_task', { id: task.id, title: task.title })
      continue
    }
    if (intent.orNote !== undefined) {
      const found = findEither(
        tasks ?? [],
        latestNoteList(sinceUser) ?? [],
        intent.target,
        intent.orNote,
      )
      if (found?.kind === 'ask') return { text: found.question }
      if (found?.kind === 'note') {
        const call = noteCall(intent, found.note, nextId())
        if (available.has(call.name)) calls.push(call)
        continue
      }
    }
    for (const task of eachTarget(tasks ?? [], intent.target)) {
      // The title lets a card without a description say what goes; the tool refuses a mismatch.
      if (intent.kind === 'delete_task') propose('delete_task', { id: task.id, title: task.title })
      else propose('update_task', { id: task.id, ...resolveShift(intent.changes, task, today) })
    }
  }
  return calls.length > 0 ? { toolCalls: calls } : undefined
}

type Listed = NonNullable<ReturnType<typeof latestTaskList>>[number]

// "tick off read chapter 5 and buy a calculator": two tasks named in one target, each its own
// change, when no one task is titled with the "and" and each part names a different task.
function eachTarget(tasks: readonly Listed[], target: string): Listed[] {
  const whole = findBestTask(tasks, target)
  const parts = target.split(/\s*,\s*(?:and\s+)?|\s+and\s+/i).filter((part) => part !== '')
  const titled = tasks.some((task) => task.title.toLowerCase().includes(target.toLowerCase()))
  if (parts.length < 2 || titled) return whole ? [whole] : []
  const each = parts.map((part) => findBestTask(tasks, part))
  const ids = new Set(each.map((task) => task?.id))
  if (each.some((task) => task === undefined) || ids.size !== parts.length)
    return whole ? [whole] : []
  return each.filter((task) => task !== undefined)
}

// "push X back three days" moves from the task's own due date (from today when it has none).
function resolveShift(
  changes: Extract<LookupIntent, { kind: 'update_task' }>['changes'],
  task: { due?: string },
  today: Date,
): Record<string, unknown> {
  const { shiftDays, ...rest } = changes
  if (shiftDays === undefined) return rest
  const from = task.due ?? format(today)
  return { ...rest, due: shiftDay(from, shiftDays) }
}
