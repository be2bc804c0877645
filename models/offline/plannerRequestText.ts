/**
 * Which words of a message are the request. A follow-up often carries its reason or an apology
 * around the ask ("delete it, borrowed one off my flatmate", "tick that one off i did it on my
 * break", "Apologies, I was mistaken. Please undo that."): when the whole is not read, the longest
 * part that is read, cut at a clause's edge, is the request. And a message of several sentences
 * or ", and"-joined asks, each read on its own, is several requests (plannerSequence.ts).
 */

import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { MAX_REQUEST } from './plannerBounds.ts'
import { STRONG_CORRECTION } from './plannerFrames.ts'
import { parseIntents } from './plannerIntents.ts'
import { planWithSkills } from './plannerSkills.ts'

/** What reading a text needs besides the text: the conversation before its turn's results. */
export interface ReadContext {
  messages: readonly ChatMessage[]
  available: ReadonlySet<string>
  today: Date
}

const probeId = () => 'probe'
// Each part or cut is read on its own, so these bound a turn's work.
const MAX_FOLLOW_UP = 200
const MAX_SEVERAL = 300

/** Whether a skill reads the text, as on its turn's first step. */
export function skillReads(text: string, context: ReadContext): boolean {
  if (text.length > MAX_REQUEST) return false
  return planWithSkills({ ...context, text, sinceUser: [], nextId: probeId }) !== undefined
}

/** Whether the text is a request: a skill reads it, or every clause of it parses. */
export function reads(text: string, context: ReadContext): boolean {
  if (text.trim() === '') return false
  if (skillReads(text, context)) return true
  const intents = parseIntents(text, context.today)
  return intents.length > 0 && intents.every((i) => i.kind !== 'unknown' && i.kind !== 'ask')
}

// Where a clause ends: punctuation, a dash, or a new subject ("… i did it", "… mum got me some").
const EDGE =
  /\s*[,;:]\s+|\s+[—–-]+\s+|\s*—\s*|(?<=[.!?])\s+|\s+(?=(?:i|i'm|i've|i'd|im|ive|my|mum|mom|dad|its|it's|he|she|they|we|because|cos|coz|since|as\s+i)\s)/gi
const SENTENCE = /[.!?]$/

/** The request in a follow-up with a reason or apology around it; the text itself when it reads. */
export function requestText(text: string, context: ReadContext): string {
  // A follow-up is short; each cut is read again, so a long message is taken as it is.
  if (text.length > MAX_FOLLOW_UP || !context.messages.some((m) => m.role === 'assistant'))
    return text
  if (skillReads(text, context)) return text
  const edges = [...text.matchAll(EDGE)].slice(0, 8)
  const before = edges.map((e) => text.slice(0, e.index).trim()).reverse()
  // After an apology only a whole sentence is the request ("Apologies, I was mistaken. Undo that.").
  const after = edges
    .filter((e) => /[.!?]$/.test(text.slice(0, e.index)) || /^\s+$/.test(e[0]))
    .map((e) => text.slice((e.index ?? 0) + e[0].length).trim())
    .filter((part) => /^(?:please\s+)?[a-z]+/i.test(part) && SENTENCE_START.test(part))
  const long = (part: string) => part.length >= 4
  // A follow-up is mostly a skill's ("delete it"); a loose parse of the whole ("delete it,
  // borrowed one …" as a title) comes after.
  const asked = before.filter(long).find((part) => skillReads(part, context))
  // "Actually, I no longer need it. Please delete that note.": a sentence that asks, after one
  // that tells, is the request, not the news before it.
  const told = asked !== undefined && !SENTENCE_START.test(asked)
  const request = told
    ? after.filter(long).find((part) => SENTENCE_START.test(part) && reads(part, context))
    : undefined
  if (request !== undefined) return request
  if (asked !== undefined) return asked
  if (reads(text, context)) return text
  return after.filter(long).find((part) => reads(part, context)) ?? text
}

const SENTENCE_START =
  /^(?:please|undo|delete|remove|mark|move|push|tick|make|set|change|rename|add)\b/i

const CORRECTS = new RegExp(`\\b(?:${STRONG_CORRECTION}|no\\s+wait|wait|sorry|actually)\\b`, 'i')

// Sentences, and asks joined by ", and" before a question or a request of their own.
const JOIN =
  /(?<=[.?!])\s+(?=\S)|,\s+(?:and\s+)?(?:also\s+|then\s+)?(?=(?:and\s+)?(?:what|what's|whats|when|when's|whens|how|which|is|are|did|do\s+i|tell|remind\s+me,|can\s+you|could\s+you|add|delete|mark|move|push|forget|remember)\b)|\s+and\s+(?=(?:what|what's|whats|when|when's|whens|how\s+many|which|tell\s+me|then)\b)/gi

/**
 * The requests of a message said as several, each as the planner reads it alone; undefined when
 * it is one request, or when the parser reads the whole with no question among the parts.
 */
export function severalRequests(
  raw: string,
  read: (said: string) => string,
  context: ReadContext,
): string[] | undefined {
  // A message that corrects itself ("delete X, no wait, mark it done") is one request.
  if (raw.length > MAX_SEVERAL || raw.includes('\n') || CORRECTS.test(raw)) return undefined
  const parts = raw
    .split(JOIN)
    .map((part) => part.replace(/^(?:and|also|then|so)\s+/i, '').trim())
    .filter((part) => part.replace(/[\s.,!?]/g, '') !== '')
  if (parts.length < 2 || parts.length > 4) return undefined
  const said = parts.map((part) => read(SENTENCE.test(part) ? part : part))
  if (!said.every((part) => reads(part, context))) return undefined
  const asks = said.some((part) => skillReads(part, context))
  // A question beside a request the parser reads whole is its own only when said apart: a
  // sentence of its own, or "and then".
  const apart = /[.?!]\s+\S/.test(raw) || /\band\s+then\b/i.test(raw)
  return (asks && apart) || !reads(read(raw), context) ? said : undefined
}
