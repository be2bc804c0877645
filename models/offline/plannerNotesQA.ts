/** Questions about the notes and summaries of them: search, read what was found, answer from the passages. */

import type { ModelTurn, ToolCall } from '../../vocabulary/ChatMessage.ts'
import { stripFiller } from './plannerClauses.ts'
import { type Hit, type Lookups, lookupsSince } from './plannerLookups.ts'
import { passagesOf, rankPassages } from './plannerPassages.ts'
import {
  answered,
  type PlannerSkill,
  parserKnows,
  resultsInWords,
  type SkillContext,
} from './plannerSkill.ts'
import { fixTypos } from './plannerTypos.ts'

/** A question to answer from the notes, or a document to summarise or read out. */
export type NotesRequest =
  | { kind: 'question'; question: string; queries: string[]; hint?: string }
  | { kind: 'summary' | 'read'; target: string; queries: string[]; save?: true }

const SUMMARY =
  /^(?:summari[sz]e|sum\s+up|recap|(?:give\s+me\s+|what\s+are\s+)?(?:a\s+|an\s+|the\s+)?(?:short\s+|quick\s+|brief\s+)?(?:summary|recap|overview|main\s+points|main\s+lines|gist|key\s+points|tl;?dr)\s+(?:of|for|from|in)|tl;?dr(?:\s+of)?)\s+(.+)$/i
// "summarise lecture 2 into a note", "write a summary of lecture 1 to my notes", "make a note with
// the main points of the reading notes": the summary is saved as a note, not only said.
const POINTS =
  '(?:a\\s+|an\\s+|the\\s+)?(?:short\\s+|quick\\s+|brief\\s+)?(?:summary|summaries|recap|overview|main\\s+points|key\\s+points|main\\s+lines|gist)'
const INTO_NOTE = '(?:in|into|to|as|onto)\\s+(?:a\\s+|an\\s+|my\\s+|the\\s+)?(?:new\\s+)?notes?'
const SUMMARY_TO_NOTE = [
  /^(?:summari[sz]e|sum\s+up|recap)\s+(.+?)\s+and\s+(?:save|put|keep|store|write|add)\s+(?:it|that|this|the\s+summary)\s+(?:as|in|into|to)\s+(?:a\s+|an\s+|my\s+)?(?:new\s+)?notes?$/i,
  new RegExp(`^(?:summari[sz]e|sum\\s+up|recap)\\s+(.+?)\\s+${INTO_NOTE}$`, 'i'),
  new RegExp(
    `^(?:write|make|save|create|put|add|turn|get|do|give|draft)\\s+(?:me\\s+)?${POINTS}\\s+(?:of|for|from)\\s+(.+?)\\s+${INTO_NOTE}$`,
    'i',
  ),
  new RegExp(
    `^(?:write|make|save|create|add|start)\\s+(?:me\\s+)?(?:a\\s+|an\\s+)?(?:new\\s+)?note\\s+(?:with|of|summari[sz]ing|on)\\s+(?:${POINTS}\\s+(?:of|for|from)\\s+)?(.+)$`,
    'i',
  ),
  new RegExp(`^(?:save|note\\s+down|keep)\\s+${POINTS}\\s+(?:of|for|from)\\s+(.+)$`, 'i'),
  // "make me notes from lecture 2, just the key points".
  /^(?:write|make|take|get|do)\s+(?:me\s+)?(?:some\s+)?notes\s+(?:from|on|of|for|about)\s+(.+?)(?:,?\s+(?:just\s+|only\s+)?(?:the\s+)?(?:key|main|important)\s+(?:points|lines|ideas|bits))?$/i,
  // "make me a note from lecture 1, only the main points": a source named, so it is a summary.
  /^(?:write|make|take|get|do)\s+(?:me\s+)?a\s+note\s+(?:from|of|on)\s+((?:the\s+)?(?:lecture|reading|chapter)\b.+?|\S+\.md)(?:,?\s+(?:just\s+|only\s+)?(?:the\s+)?(?:key|main|important)\s+(?:points|lines|ideas|bits))?$/i,
]
const READ_OUT =
  /^(?:(?:read(?:\s+me)?|show(?:\s+me)?|open|what(?:'s|\s+is)\s+in)\s+(?:my|the)\s+(.+?)(?:\s+note)?|what\s+does\s+(?:my|the)\s+(.+?)\s+(?:note\s+)?say)$/i
const QUESTION =
  /^(?:(?:in|at|on|during|from|by)\s+(?:which|what)|what|what's|whats|where|why|how|which|when|who|does|do|did|is|are|can|explain|define|describe|tell\s+me\s+about)\b|\?$/i
const NOT_NOTES =
  /^(?:what|which|how\s+many)\s+(?:saved\s+)?notes\s+(?:do|have|did|are)\b|\b(?:tasks?|to-?dos?|due|priority|important|remind|deadline|about\s+me|remember|you\s+know|can\s+you\s+do|help|weather|time\s+is\s+it)\b|^(?:how\s+are\s+you|who\s+are\s+you)|^do\s+(?:my|the|this|that|some)\s+\w+(?:\s+\w+)?\s+for\s+me$/i
const WORLD = /^(?:what|who)(?:'s|\s+is|\s+are|\s+was|\s+were)\s+the\s+\w+\s+of\b/i
const STOP = new Set(
  "a an the of to in on at for and or is are was were be do does did can could should would will what what's whats who why how when where which whose me my i you your it its this that about tell explain please there say said says take takes place happen happens mean means make makes made get use used from with as by lecture lectures note notes reading source sources many much one two times time per each".split(
    ' ',
  ),
)

/** Reads a request for the notes, or undefined. */
export function parseNotesRequest(text: string): NotesRequest | undefined {
  const clause = stripFiller(fixTypos(text)).replace(/[?.!]+$/, '')
  for (const pattern of SUMMARY_TO_NOTE) {
    const named = pattern.exec(clause)?.[1]
    if (named !== undefined && target(named) !== '')
      return { kind: 'summary', target: target(named), queries: [target(named)], save: true }
  }
  const summary = SUMMARY.exec(clause)?.[1]
  if (summary !== undefined)
    return { kind: 'summary', target: target(summary), queries: [target(summary)] }
  const readMatch = READ_OUT.exec(clause)
  const readOut = readMatch?.[1] ?? readMatch?.[2]
  if (
    readOut !== undefined &&
    !/\b(?:notes?|tasks?|list)$/i.test(readOut) &&
    !NOT_NOTES.test(readOut)
  )
    return { kind: 'read', target: target(readOut), queries: [target(readOut)] }
  if (!QUESTION.test(`${clause}${text.trim().endsWith('?') ? '?' : ''}`) || NOT_NOTES.test(clause))
    return undefined
  // "what is the capital of France" asks the world, not the notebook: the planner says it cannot answer.
  if (WORLD.test(clause)) return undefined
  const queries = searchTerms(clause)
  if (queries.length === 0) return undefined
  const hint = /\blecture\s*(\d+)\b/i.exec(clause)?.[1]
  return {
    kind: 'question',
    question: clause,
    queries,
    ...(hint !== undefined && { hint: `lecture-${hint}` }),
  }
}

/** The skill: search, read what was found, then answer (or say nothing was found). */
export const notesSkill: PlannerSkill = (context) => {
  if (!context.available.has('search_workspace')) return undefined
  const request = parseNotesRequest(context.text)
  if (request === undefined) return undefined
  // A search the clause parser reads ("explain X", "what did I save about X") stays a search.
  if (parserKnows(context, request.kind === 'question' ? [] : ['search_workspace']))
    return undefined
  if (!answered(context)) return searchTurn(context, request.queries.slice(0, 2))
  const lookups = lookupsSince(context.sinceUser)
  if (request.kind === 'summary' && request.save && lookups.documents.length > 0)
    return saveSummary(context, request, lookups)
  if (lookups.documents.length > 0) return { text: answer(request, lookups) }
  const wanted = chosen(request, lookups.hits)
  if (wanted.length > 0) return readTurn(context, wanted)
  const more = request.queries.slice(lookups.searches, lookups.searches + 2)
  if (lookups.searches < 4 && more.length > 0) return searchTurn(context, more)
  return { text: nothingFound(request) }
}

// The summary as a note: proposed once, then the answer says what was saved.
function saveSummary(context: SkillContext, request: NotesRequest, lookups: Lookups): ModelTurn {
  const saved = context.sinceUser.some(
    (m) => m.role === 'assistant' && m.toolCalls?.some((c) => c.name === 'save_artifact'),
  )
  if (saved || !context.available.has('save_artifact')) return { text: resultsInWords(context) }
  const name = request.kind === 'question' ? 'notes' : request.target
  const title = `${name.charAt(0).toUpperCase()}${name.slice(1)} summary`
  const content = lookups.documents.map(summary).join('\n\n')
  return {
    toolCalls: [
      {
        id: context.nextId(),
        name: 'save_artifact',
        arguments: JSON.stringify({ title, content }),
      },
    ],
  }
}

function searchTurn(context: SkillContext, queries: string[]): ModelTurn {
  const toolCalls: ToolCall[] = queries.map((query) => ({
    id: context.nextId(),
    name: 'search_workspace',
    arguments: JSON.stringify({ query }),
  }))
  return { toolCalls }
}

function readTurn(context: SkillContext, hits: Hit[]): ModelTurn {
  const toolCalls: ToolCall[] = hits.flatMap((hit) => {
    const name = hit.kind === 'source' ? 'read_source' : 'read_artifact'
    if (!context.available.has(name)) return []
    const args = hit.kind === 'source' ? { path: hit.ref } : { name: hit.ref }
    return [{ id: context.nextId(), name, arguments: JSON.stringify(args) }]
  })
  return toolCalls.length > 0 ? { toolCalls } : { text: 'I found it, but I cannot read it here.' }
}

// The documents worth reading: the one named, else the sources (and notes) the search found.
function chosen(request: NotesRequest, hits: Hit[]): Hit[] {
  if (request.kind !== 'question') {
    const named = hits.filter((hit) =>
      sameWords(hit.kind === 'note' ? hit.title : hit.ref, request.target),
    )
    return (named.length > 0 ? named : hits).slice(0, 1)
  }
  const hinted = request.hint
    ? hits.filter((hit) => hit.ref.toLowerCase().includes(request.hint ?? ''))
    : []
  return (hinted.length > 0 ? hinted : hits).slice(0, 3)
}

function answer(request: NotesRequest, lookups: Lookups): string {
  if (request.kind !== 'question') {
    const [first] = lookups.documents
    if (request.kind === 'summary' && first?.kind !== 'note')
      return lookups.documents.map(summary).join('\n\n')
    return lookups.documents
      .map((doc) => `Your note “${doc.name}”:\n${doc.content.trim()}`)
      .join('\n\n')
  }
  let id = 0
  const passages = lookups.documents.flatMap((doc) => {
    const cut = passagesOf(doc.name, doc.content, id)
    id += cut.length
    return cut
  })
  const best = rankPassages(passages, request.question, 2)
  if (best.length === 0) return nothingFound(request)
  return best
    .map((p) => `From ${p.source}${p.heading ? ` (${p.heading})` : ''}: “${p.text}”`)
    .join('\n')
}

// The main lines: each section's heading with its first line; a page without sections, its first lines.
function summary(doc: { name: string; content: string }): string {
  const passages = passagesOf(doc.name, doc.content)
  const title = /^#\s+(.+)$/m.exec(doc.content)?.[1]
  const sections = [...new Set(passages.map((p) => p.heading))].filter(
    (h) => h !== '' && h !== title,
  )
  const lines =
    sections.length >= 2
      ? sections.slice(0, 6).map((heading) => {
          const first = passages.find((p) => p.heading === heading)
          return `- ${heading}: ${first?.text ?? ''}`
        })
      : passages.slice(0, 5).map((p) => `- ${p.text}`)
  return `The main lines of ${doc.name}${title ? ` (${title})` : ''}:\n${lines.join('\n')}`
}

function nothingFound(request: NotesRequest): string {
  const what = request.kind === 'question' ? (request.queries[0] ?? 'that') : request.target
  return `I looked through your notes and sources for “${what}” and found nothing about it. Try other words, or ask me to add a task to look it up.`
}

// Runs of words that carry meaning, longest first, then the single words, longest first.
function searchTerms(clause: string): string[] {
  const words = clause
    .toLowerCase()
    .split(/[^\p{L}\p{N}+-]+/u)
    .filter((w) => w !== '')
  const runs: string[][] = [[]]
  for (const word of words) {
    if (STOP.has(word)) runs.push([])
    else runs.at(-1)?.push(word)
  }
  const phrases = runs.filter((run) => run.length > 1).map((run) => run.join(' '))
  phrases.sort((a, b) => b.split(' ').length - a.split(' ').length || b.length - a.length)
  // A lone number or a two-letter word finds everything and says nothing.
  const singles = [...new Set(runs.flat())]
    .filter((word) => word.length > 2 && !/^\d+$/.test(word))
    .sort((a, b) => b.length - a.length)
  return [...new Set([...phrases, ...singles])]
}

function target(words: string): string {
  return words
    .replace(/^(?:the|my|our)\s+/i, '')
    .replace(/\s+(?:note|file|document)$/i, '')
    .trim()
}

function sameWords(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\.[a-z]+$/, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
  return norm(a) === norm(b) || norm(a).includes(norm(b))
}
