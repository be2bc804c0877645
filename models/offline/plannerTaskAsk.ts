/**
 * A question about one task's field, read by the kind of its words rather than a phrasing: a
 * question's shape, a word for the field (importance, due, done, on the list), and what is left
 * names the task ("the essay", "it", "the second one").
 */

import { findDate } from './plannerChrono.ts'
import { stripFiller } from './plannerClauses.ts'
import { fixTypos } from './plannerTypos.ts'

/** What a question asks about a task. */
export type AskedField = 'importance' | 'when' | 'status' | 'days' | 'exists'

/** A question about one task: the field asked, and the words that name the task. */
export interface TaskAsk {
  kind: AskedField
  target: string
}

const QUESTION =
  /^(?:is|are|was|has|have|had|do|does|did|what(?:'s|s|\s+is|\s+are)?|whats|when(?:'s|s)?|which|how|any|could\s+you\s+tell\s+me|tell\s+me)\b|\?\s*$/i
// Each field by the words that ask for it; the first that a question holds wins.
const FIELDS: readonly [AskedField, RegExp][] = [
  ['days', /\bhow\s+(?:many\s+days|long)\b/i],
  [
    'status',
    /\b(?:done|finished|complete[d]?|outstanding|ticked(?:\s+off)?|handed\s+in|submitted)\b/i,
  ],
  ['importance', /\b(?:importan(?:ce|t)|priority|prio|urgent)\b/i],
  ['when', /\b(?:due|deadline|when)\b/i],
  [
    'exists',
    /\b(?:is\s+(?:there|where)\s+(?:a|any)\s+task|(?:do|have)\s+i\s+(?:still\s+)?(?:have|got)|on\s+(?:there|my\s+list|the\s+list))\b/i,
  ],
]
// Words that ask, or say which field, or nothing: what is left names the task.
const ASKING = new Set(
  "is are was has have had do does did what what's whats when when's whens which how any could you tell me i my the a an of at for on in to is it's there where still yet already or left before after thing one task tasks list anytime wise importance important priority prio urgent due deadline done finished complete completed outstanding ticked off handed submitted day days many long got still please week that this its it next soonest earliest first".split(
    ' ',
  ),
)
// "could you untick it?" asks for a change, not about a field; "could you tell me" asks.
const ASKS_A_CHANGE =
  /\b(?:could|can|would|will)\s+(?:you|u)\s+(?:please\s+)?(?!tell\b|let\s+me\s+know\b|check\b|see\b)\w+/i
// Words inside a name ("buy a calculator", "lecture 1 notes on cells").
const JOINING = new Set(['a', 'an', 'the', 'of', 'for', 'on', 'to', 'in', 'my'])
// A count is the list's ("how many tasks are left"), a note is the notebook's.
const NOT_ONE_TASK =
  /\bhow\s+many\b(?!\s+days)|\bnotes?\b|\b(?:tasks|things|everything|anything)\b/i
const POINTED = /\b(?:its|it|that(?:\s+one)?|this(?:\s+one)?)\b/i
const ORDINAL = /\bthe\s+(first|second|third|fourth|fifth|last)\s+(?:one|task)(?:'?s)?\b/i

/** Reads a question about one task's field, or undefined (a question about a day is a list's). */
export function readTaskAsk(text: string, today: Date): TaskAsk | undefined {
  const clause = stripFiller(fixTypos(text)).replace(/\s+question\s+mark$/i, '')
  if (!QUESTION.test(text.trim()) && !QUESTION.test(clause)) return undefined
  if (ASKS_A_CHANGE.test(clause) || NOT_ONE_TASK.test(clause)) return undefined
  const field = FIELDS.find(([, words]) => words.test(clause))?.[0]
  if (field === undefined) return undefined
  // The first part of "is X finished, or is it still outstanding" names the task.
  const first = clause.split(/,?\s+or\s+|,\s+and\s+/i)[0] ?? clause
  const ordinal = ORDINAL.exec(first)?.[1]
  if (ordinal !== undefined) return { kind: field, target: `the ${ordinal} one` }
  if (findDate(clause, today) !== undefined) return undefined
  const named = namedRun(first)
  if (named === undefined) return undefined
  if (named !== '') return { kind: field, target: named }
  return POINTED.test(first) ? { kind: field, target: 'it' } : undefined
}

// The words left once the asking words go, when they are one run ("is my photosynthesis essay
// finished"); scattered words ("sorry … ask again … essay actually") are a sentence, not a name.
function namedRun(clause: string): string | undefined {
  const words = clause
    .replace(/[?.!,]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
  const kept = words.map((word) => !ASKING.has(word.toLowerCase()))
  const first = kept.indexOf(true)
  if (first === -1) return ''
  const last = kept.lastIndexOf(true)
  const inside = words.slice(first, last + 1)
  const gaps = inside.filter((word, i) => !kept[first + i] && !JOINING.has(word.toLowerCase()))
  return gaps.length === 0 ? inside.join(' ') : undefined
}

/** The position an ordinal target names in the last group shown (-1 the last), or undefined. */
export function ordinalOf(target: string): number | undefined {
  const word = /^the\s+(first|second|third|fourth|fifth|last)\s+one$/i.exec(target)?.[1]
  if (word === undefined) return undefined
  return word.toLowerCase() === 'last'
    ? -1
    : ['first', 'second', 'third', 'fourth', 'fifth'].indexOf(word.toLowerCase())
}
