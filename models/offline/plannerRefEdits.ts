/** Follow-ups that point back: "make that high priority", "actually make it friday", "delete the second one". */

import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { findDate, shiftDay } from './plannerChrono.ts'
import { latestNoteList } from './plannerEitherKind.ts'
import { findImportance } from './plannerImportance.ts'
import { taskReferents } from './plannerReferents.ts'
import {
  answered,
  call,
  type PlannerSkill,
  resultsInWords,
  type SkillContext,
} from './plannerSkill.ts'
import { DAY_NAMES } from './plannerTaskFields.ts'
import type { PlannerTask } from './plannerTasks.ts'
import { capitalise, cleanPhrase } from './plannerText.ts'
import { fixTypos } from './plannerTypos.ts'

/** Which task a reference means: the last one touched, or one of the last group by position. */
type Ref = { kind: 'last' } | { kind: 'nth'; index: number }

/** What a follow-up does to the task it points at. */
export type RefChange =
  | { kind: 'delete' }
  | { kind: 'update'; changes: Record<string, unknown>; shiftDays?: number }

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth']
const REF =
  /\b(?:the\s+(first|second|third|fourth|fifth|last|latest|new|previous|other)\s+(?:one|task|reminder)|(?:that|this)\s+(?:one|task|reminder)|the\s+(?:last|new)\s+task|it|that|this)\b/i
const LEAD =
  /^(?:actually|oh|oops|hmm+|wait|no|nope|sorry|ok|okay|k|lovely|great|cool|perfect|right|brilliant|and|also|then|please|pls|plz|thanks|thank\s+you|could\s+you|can\s+you|would\s+you|just|instead|i\s+meant?|on\s+second\s+thought|i(?:'d|\s+would)\s+(?:prefer|like|rather)(?:\s+you)?(?:\s+to)?)\b[\s,.!:-]*/i
// A reason or a hedge after the change ("make it 5 its 40% of the module", "mark it complete — I
// submitted it", "move it to the 9th, if that is possible"): the change is what comes before it.
const REASON =
  /\s*(?:\s[—–-]\s|[—–;]|,?\s+(?=(?:its|it's|it\s+is|i|i've|i'm|because|as|since|cos|coz|cuz|if|that's|thats)\b))[\s\S]*$/i
// A level said bare after a change verb: "bump it up to a 4", "set it to 3", "make it 5/5".
const BARE_LEVEL = '(?:up\\s+|down\\s+)?(?:to\\s+)?(?:an?\\s+)?([1-5])(?:\\s*(?:/|out\\s+of)\\s*5)?'
const CORRECTING =
  /^(?:actually|no|nope|wait|sorry|oops|hmm+|instead|make\s+that|i\s+meant?|on\s+second\s+thought)\b/i
const COUNT = '(a|an|one|two|three|four|five|six|seven|\\d{1,2})'
const NUMBERS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
}

const PATTERNS: readonly [RegExp, (m: RegExpExecArray, today: Date) => RefChange | undefined][] = [
  [
    /^(?:delete|remove|drop|cancel|scrap|bin|erase|get\s+rid\s+of)\s+§$/i,
    () => ({ kind: 'delete' }),
  ],
  [
    /^(?:mark|set|tick\s+off|check\s+off|complete|finish)\s+§(?:\s+(?:as\s+)?(?:done|complete|completed|finished))?$/i,
    done(true),
  ],
  [/^(?:tick|check|cross)\s+§\s+off$/i, done(true)],
  [/^§(?:'s|\s+is|\s+was)?\s+(?:done|finished|complete)$/i, done(true)],
  [
    /^(?:reopen|re-open|unmark|untick|undo)\s+§$|^(?:mark|set)\s+§\s+(?:as\s+)?(?:not\s+done|undone|open|incomplete|to\s*do|unfinished)$/i,
    done(false),
  ],
  [/^(?:rename|retitle|call)\s+§\s+(?:to\s+|as\s+)?(.+)$/i, (m) => title(m[1])],
  [
    /^(?:add|put|attach|write)\s+(?:a\s+)?note\s+(?:to|on)\s+§\s*[:-]?\s*([\s\S]+)$/i,
    (m) => notes(m[1]),
  ],
  [
    new RegExp(
      `^(?:push|move|shift|bump|delay|postpone|put)\\s+§\\s+(?:back\\s+|on\\s+|later\\s+)?(?:by\\s+)?${COUNT}\\s+(day|week)s?(?:\\s+later)?$`,
      'i',
    ),
    (m) => shift(m, 1),
  ],
  [
    new RegExp(
      `^(?:bring|move|pull)\\s+§\\s+(?:forward|earlier|up)\\s+(?:by\\s+)?${COUNT}\\s+(day|week)s?$`,
      'i',
    ),
    (m) => shift(m, -1),
  ],
  [
    new RegExp(`^(?:make|set|bump|raise|lower|drop|put|change|up)\\s+§\\s+${BARE_LEVEL}$`, 'i'),
    (m) => ({ kind: 'update', changes: { importance: Number(m[1]) } }),
  ],
  [
    new RegExp(
      `^(?:raise|lower|set|change|make|put|bump|up|increase|decrease)\\s+(?:the\\s+)?(?:importance|priority)\\s+(?:of|for|on)\\s+§\\s+(?:to\\s+)?(?:${BARE_LEVEL}|(.+))$`,
      'i',
    ),
    (m) => (m[1] ? { kind: 'update', changes: { importance: Number(m[1]) } } : level(m[2])),
  ],
  [
    /^(?:make|set|change|move|put|reschedule|schedule|push|bring|shift|mark|bump|raise|lower)\s+§\s*(.*)$/i,
    (m, today) => slots(m[1], today),
  ],
  [/^§(?:'s|\s+is|\s+one\s+is|\s+should\s+be)\s+(.*)$/i, (m, today) => slots(m[1], today)],
]

/** Reads a follow-up; undefined when the words do not point back at a task. */
export function parseRefEdit(
  text: string,
  today: Date,
): { ref: Ref; change: RefChange } | undefined {
  const original = cleanPhrase(fixTypos(text))
  let clause = original
  for (let next = clause.replace(LEAD, ''); next !== clause; next = clause.replace(LEAD, ''))
    clause = next
  // "that one's done actually": a closing word adds nothing to the change.
  clause = clause.replace(
    /[\s,]+(?:actually|then|now|too|as\s+well|thanks|thank\s+you|cheers)[\s.!]*$/i,
    '',
  )
  const found = REF.exec(clause)
  if (!found) return correction(original, clause, today)
  const word = found[1]?.toLowerCase()
  const ordinal = word === undefined ? -1 : ORDINALS.indexOf(word)
  const ref: Ref =
    ordinal >= 0
      ? { kind: 'nth', index: ordinal }
      : word === 'last'
        ? { kind: 'nth', index: -1 }
        : { kind: 'last' }
  const marked = `${clause.slice(0, found.index)}§${clause.slice(found.index + found[0].length)}`
  // "undo that, i still need it" is an undo (plannerUndo.ts), not "undo" as in untick.
  const cut = /^undo\b/i.test(marked) ? marked : marked.replace(REASON, '')
  const change = readChange(cut, today) ?? readChange(marked, today)
  return change === undefined ? undefined : { ref, change }
}

function readChange(marked: string, today: Date): RefChange | undefined {
  for (const [pattern, read] of PATTERNS) {
    const match = pattern.exec(marked)
    const change = match ? read(match, today) : undefined
    if (change) return change
  }
  return undefined
}

/** The skill: the change proposed on the task meant, a question when none is, then the result in words. */
export const refEditSkill: PlannerSkill = (context) => {
  const parts = context.text.split(
    /,\s*(?=(?:and\s+|then\s+)?(?:mark|make|set|move|push|delete|rename|reopen|change|put)\b)/i,
  )
  const edits = parts.map((part) => parseRefEdit(part, context.today))
  const wanted = edits.filter((edit) => edit !== undefined)
  if (wanted.length === 0 || wanted.length < parts.length - 1) return undefined
  if (answered(context)) return { text: resultsInWords(context) }
  const referents = taskReferents(context.messages)
  const notes = notesShownLast(context.messages)
  const calls: ModelTurn[] = []
  for (const edit of wanted) {
    // "what notes do i have" → "delete the last one": the list shown last was of notes.
    const noteTurn = notes && noteProposal(context, notes, edit)
    if (noteTurn !== undefined) {
      calls.push(noteTurn)
      continue
    }
    const task = pick(referents, edit.ref)
    if (task === undefined) return { text: whichTask(context) }
    calls.push(proposal(context, task, edit.change))
  }
  // Later parts win ("undo that, mark it not done"): the last change for the task is the one meant.
  return calls.at(-1)
}

// "no wait, tuesday", "actually friday": a correction that is only a new date means the last task.
function correction(
  original: string,
  clause: string,
  today: Date,
): { ref: Ref; change: RefChange } | undefined {
  if (!CORRECTING.test(original)) return undefined
  const date = findDate(clause, today)
  const rest = date
    ? `${clause.slice(0, date.start)}${clause.slice(date.end)}`.replace(/[\s,.!]+/g, '')
    : clause
  if (date === undefined || rest !== '') return undefined
  return { ref: { kind: 'last' }, change: { kind: 'update', changes: { due: date.due } } }
}

// The notes of the latest list, when no task result came after it.
function notesShownLast(messages: SkillContext['messages']) {
  const lastNotes = messages.findLastIndex((m) => m.role === 'tool' && m.name === 'list_artifacts')
  const lastTasks = messages.findLastIndex((m) => m.role === 'tool' && m.name !== 'list_artifacts')
  return lastNotes > lastTasks ? latestNoteList(messages) : undefined
}

function noteProposal(
  context: SkillContext,
  notes: readonly { name: string; title: string }[],
  edit: { ref: Ref; change: RefChange },
): ModelTurn | undefined {
  const note =
    edit.ref.kind === 'last'
      ? notes.length === 1
        ? notes[0]
        : undefined
      : edit.ref.index === -1
        ? notes.at(-1)
        : notes[edit.ref.index]
  if (note === undefined) return undefined
  if (edit.change.kind === 'delete') return call(context, 'delete_note', { name: note.name })
  const { title } = edit.change.changes
  const keys = Object.keys(edit.change.changes)
  if (typeof title === 'string' && keys.length === 1)
    return call(context, 'update_note', { name: note.name, title })
  return undefined
}

function pick(referents: ReturnType<typeof taskReferents>, ref: Ref): PlannerTask | undefined {
  if (ref.kind === 'last')
    return referents.last ?? (referents.group.length === 1 ? referents.group[0] : undefined)
  if (ref.index === -1) return referents.group.at(-1) ?? referents.last
  return referents.group[ref.index]
}

function proposal(context: SkillContext, task: PlannerTask, change: RefChange): ModelTurn {
  if (change.kind === 'delete')
    return call(context, 'delete_task', { id: task.id, title: task.title })
  const changes = { ...change.changes }
  if (change.shiftDays !== undefined) {
    const from = task.due ?? shiftDay(isoToday(context.today), 0)
    changes.due = shiftDay(from, change.shiftDays)
  }
  return call(context, 'update_task', { id: task.id, ...changes })
}

function whichTask(context: SkillContext): string {
  return context.available.has('list_tasks')
    ? 'Which task do you mean? Say its name, or ask “show my tasks” first.'
    : 'Which task do you mean?'
}

function done(value: boolean) {
  return (): RefChange => ({ kind: 'update', changes: { done: value } })
}

function title(words: string | undefined): RefChange | undefined {
  const text = capitalise(cleanPhrase(words ?? ''))
  return text === '' ? undefined : { kind: 'update', changes: { title: text } }
}

function notes(words: string | undefined): RefChange | undefined {
  const text = (words ?? '').trim()
  return text === '' ? undefined : { kind: 'update', changes: { notes: text } }
}

function shift(m: RegExpExecArray, sign: number): RefChange {
  const word = (m[1] ?? '1').toLowerCase()
  const count = NUMBERS[word] ?? Number(word)
  const days = count * ((m[2] ?? 'day').toLowerCase() === 'week' ? 7 : 1)
  return { kind: 'update', changes: {}, shiftDays: sign * days }
}

function level(words: string | undefined): RefChange | undefined {
  const found = findImportance(`importance ${words ?? ''}`)
  return found ? { kind: 'update', changes: { importance: found.importance } } : undefined
}

function slots(words: string | undefined, today: Date): RefChange | undefined {
  // "make it sat": a day's short name said alone is that day.
  const short = /^(?:to\s+|on\s+|for\s+)?([a-z]+)$/i.exec((words ?? '').trim())?.[1]?.toLowerCase()
  const rest = (short !== undefined && DAY_NAMES[short]) || (words ?? '')
  const changes: Record<string, unknown> = {}
  const level = findImportance(rest)
  if (level) changes.importance = level.importance
  const date = findDate(rest, today)
  if (date) changes.due = date.due
  if (/^(?:as\s+)?(?:done|complete|completed|finished)$/i.test(rest.trim())) changes.done = true
  return Object.keys(changes).length === 0 ? undefined : { kind: 'update', changes }
}

function isoToday(today: Date): string {
  const month = String(today.getMonth() + 1).padStart(2, '0')
  const day = String(today.getDate()).padStart(2, '0')
  return `${today.getFullYear()}-${month}-${day}`
}
