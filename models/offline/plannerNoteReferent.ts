/**
 * "it" after a message about a note is that note: "what's in my exam plan note" → "add a line to
 * it: …" adds to the Exam plan note; "do i have a mito note" → "rename it …". The note is the one
 * the person's previous message named, and the pronoun is put back as its name, so the note's own
 * readers decide what to do with it.
 */

import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'

// The note a message names: "the X note", "my note on X", "a note titled X", "note called X: …".
const NAMED =
  /\bnote\s+(?:titled|called|named|on|about|of)\s+([\p{L}\p{N} -]{2,40}?)\s*(?=[:?.!,]|$)|\b(?:the|my|a|your)\s+([\p{L}\p{N} -]{2,40}?)\s+note\b/iu
// A pronoun where a note's edit names its note.
const POINTS =
  /\b((?:add|append|put|write)\b[^:]*?\b(?:to|in|into|onto)\s+)(it|that(?:\s+note)?|this\s+note)\b|\b((?:rename|delete|remove|retitle)\s+)(it|that(?:\s+note)?|this\s+note)\b/i

// A change said of "it": the thing named alone before ("the essay" → "move it to friday").
const CHANGES_IT =
  /^((?:please\s+|ok(?:ay)?\s+|so\s+|then\s+)*(?:move|push|delete|remove|mark|tick|untick|rename|change|make|set|bump)\s+)(it|that)\b/i

/** The text with a pronoun put back as the thing the previous message named: a note, or a thing named alone. */
export function withNoteReferent(text: string, before: readonly ChatMessage[]): string {
  const asked = before.slice(0, -1).findLast((m) => m.role === 'assistant')
  const change = CHANGES_IT.exec(text)
  // "What would you like me to do with that?" followed a thing named with nothing asked.
  if (change && asked?.content.startsWith('What would you like me to do with that?')) {
    const thing = before
      .slice(0, -1)
      .findLast((m) => m.role === 'user')
      ?.content.trim()
    if (thing !== undefined && thing.length <= 60 && !/[?\n]/.test(thing))
      return `${change[1]}${thing.replace(/[.!]+$/, '')}${text.slice(change[0].length)}`
  }
  const point = POINTS.exec(text)
  if (point === null || /\btask\b/i.test(text)) return text
  const previous = before.slice(0, -1).findLast((m) => m.role === 'user')
  const named = previous?.role === 'user' ? NAMED.exec(previous.content.split('\n')[0] ?? '') : null
  const name = (named?.[1] ?? named?.[2])?.trim()
  if (name === undefined || /^(?:new|that|this|the)$/i.test(name)) return text
  const lead = point[1] ?? point[3] ?? ''
  const start = point.index
  const rest = text.slice(start + point[0].length)
  // "rename it Cell bio": the new name follows the note's without a "to".
  const to = /^(?:rename|retitle)\s+$/i.test(lead) && !/^\s*(?:to|as)\b/i.test(rest) ? ' to' : ''
  return `${text.slice(0, start)}${lead}the ${fullTitle(name, before)} note${to}${rest}`
}

// "mito" when the answer before found the note "Mitochondria": the note's own title.
function fullTitle(name: string, before: readonly ChatMessage[]): string {
  const wanted = name.toLowerCase()
  for (const message of before.toReversed()) {
    if (
      message.role !== 'tool' ||
      !/^(?:search_workspace|read_artifact|list_artifacts)$/.test(message.name)
    )
      continue
    // A search finds sources too: only a note's title names a note.
    const titles =
      message.name === 'search_workspace'
        ? /"kind":"note","ref":"[^"]*","title":"([^"]{1,80})"/g
        : /"title":"([^"]{1,80})"/g
    for (const [, title = ''] of message.content.matchAll(titles)) {
      if (title.toLowerCase() !== wanted && title.toLowerCase().startsWith(wanted)) return title
    }
  }
  return name
}
