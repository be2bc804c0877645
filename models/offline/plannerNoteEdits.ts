/** Requests that change a saved note: delete it, rename it, add to it or replace its text. Never a task. */

import { capitalise, cleanPhrase } from './plannerText.ts'

/** A change to a saved note the user named in words (its title; the tool finds it by name or title). */
export type NoteEdit =
  | { kind: 'delete_note'; name: string }
  | { kind: 'update_note'; name: string; title?: string; content?: string; append?: string }

const DEL = '(?:delete|remove|erase|trash|bin|discard|drop|get\\s+rid\\s+of|throw\\s+away)'
const THE = '(?:(?:the|my|this|that|your)\\s+)?'
const NOTE = '(?:saved\\s+)?notes?'
const CALLED = '(?:(?:called|named|titled|about|on)\\s+)?'

const DELETE_NOTE = [
  new RegExp(`^${DEL}\\s+${THE}${NOTE}\\s+${CALLED}(.+)$`, 'i'),
  new RegExp(`^${DEL}\\s+${THE}(.+?)\\s+${NOTE}$`, 'i'),
]
const RENAME_NOTE = [
  new RegExp(
    `^(?:rename|retitle|re-title)\\s+${THE}(?:note\\s+${CALLED})?(.+?)(?:\\s+note)?(?:\\s+(?:to|as|into)\\s*:?\\s+|\\s*:\\s*)(.+)$`,
    'i',
  ),
  new RegExp(
    `^(?:change|set|update|make)\\s+the\\s+(?:title|name|heading)\\s+(?:of|on)\\s+${THE}(?:note\\s+${CALLED})?(.+?)(?:\\s+note)?\\s+(?:to|as|into)\\s*:?\\s+(.+)$`,
    'i',
  ),
  new RegExp(`^(?:call|name)\\s+${THE}(.+?)\\s+note\\s+(.+)$`, 'i'),
  // "change my exam plan note title to Finals revision", "set the Mitochondria note's name to …".
  new RegExp(
    `^(?:change|set|update|make|switch)\\s+${THE}(?:note\\s+${CALLED})?(.+?)\\s+note(?:'s)?\\s+(?:title|name|heading)\\s+(?:to|as|into)\\s*:?\\s+(.+)$`,
    'i',
  ),
]
const TO_NOTE = `(?:to|onto|on\\s+to|on|into|in|at\\s+the\\s+(?:end|bottom)\\s+of|under)\\s+${THE}(?:note\\s+${CALLED})?(.+?)(?:\\s+note)?`
const APPEND = [
  // "add to my exam plan note: …", "put this at the end of the Mitochondria note: …"
  new RegExp(
    `^(?:add|append|put|write|jot|stick|tack)\\s+(?:this\\s+|that\\s+|it\\s+|(?:a\\s+|one\\s+more\\s+|another\\s+)?(?:line|sentence|point|bullet)\\s+)?(?:down\\s+)?${TO_NOTE}(?:\\s*[:,-]|\\s+(?:saying|that\\s+says|which\\s+says|reading|that))\\s*(.+)$`,
    'i',
  ),
  // "append 'cristae …' to the mitochondria note"
  new RegExp(
    `^(?:add|append|put|write|jot)\\s+(.+?)\\s+(?:to|onto|on\\s+to|into|in|at\\s+the\\s+(?:end|bottom)\\s+of)\\s+${THE}(.+?)\\s+note$`,
    'i',
  ),
  new RegExp(
    `^(?:add|append|put|write)\\s+(.+?)\\s+(?:to|onto|on\\s+to|into|at\\s+the\\s+(?:end|bottom)\\s+of)\\s+${THE}note\\s+${CALLED}(.+)$`,
    'i',
  ),
]
// "make the exam plan note say …".
const SAY = new RegExp(
  `^(?:make|have|let)\\s+${THE}(.+?)\\s+note\\s+(?:say|read)\\s*:?\\s*(.+)$`,
  'i',
)
// "update my exam plan note: …", "change my exam plan note to say: …" (an "add …" adds to it).
const OVERWRITE = new RegExp(
  `^(?:update|overwrite|rewrite|change|edit)\\s+${THE}(?:note\\s+${CALLED})?(.+?)(?:\\s+note)\\s*(?:to\\s+say|to\\s+read|with|to)?\\s*:\\s*(.+)$`,
  'i',
)
const REPLACE = new RegExp(
  `^(?:replace|overwrite|rewrite|change|set)\\s+(?:the\\s+)?(?:content|contents|text|body|words)\\s+(?:of|in)\\s+${THE}(?:note\\s+${CALLED})?(.+?)(?:\\s+note)?\\s+(?:with|to|by)\\s*:?\\s*(.+)$`,
  'i',
)

/** Reads a clause as a change to a saved note, or undefined. */
export function parseNoteEdit(clause: string): NoteEdit | undefined {
  if (!/\bnotes?\b/i.test(clause) || /\b(?:task|to-?do)s?\b/i.test(clause)) return undefined
  const replace = REPLACE.exec(clause)
  if (replace) return edit(replace[1], { content: (replace[2] ?? '').trim() })
  const say = SAY.exec(clause)
  if (say) return edit(say[1], { content: (say[2] ?? '').trim() })
  const overwrite = OVERWRITE.exec(clause)
  if (overwrite) {
    const text = (overwrite[2] ?? '').trim()
    const more = /^(?:add|append)\s+(.+)$/i.exec(text)?.[1]
    return edit(overwrite[1], more === undefined ? { content: text } : { append: more })
  }
  for (const pattern of RENAME_NOTE) {
    const m = pattern.exec(clause)
    const title = capitalise(cleanPhrase(m?.[2] ?? ''))
    if (m && title !== '') return edit(m[1], { title })
  }
  const [first, second, third] = APPEND
  const added = first?.exec(clause)
  if (added) return edit(added[1], { append: (added[2] ?? '').trim() })
  const appended = second?.exec(clause) ?? third?.exec(clause)
  if (appended) return edit(appended[2], { append: cleanPhrase(appended[1] ?? '') })
  for (const pattern of DELETE_NOTE) {
    const name = noteTitle(pattern.exec(clause)?.[1] ?? '')
    if (name !== '') return { kind: 'delete_note', name }
  }
  return undefined
}

function edit(
  name: string | undefined,
  change: { title?: string; content?: string; append?: string },
): NoteEdit | undefined {
  const title = noteTitle(name ?? '')
  const filled = Object.values(change).every((value) => value !== undefined && value !== '')
  return title === '' || !filled ? undefined : { kind: 'update_note', name: title, ...change }
}

/** The note's title in the user's words: no article, no "note" around it. */
export function noteTitle(words: string): string {
  return cleanPhrase(words)
    .replace(/^(?:the|my|this|that|your)\s+/i, '')
    .replace(/^(?:saved\s+)?notes?\s+(?:called|named|titled|about|on)\s+/i, '')
    .replace(/^(?:called|named|titled|about|on)\s+/i, '')
    .replace(/\s+(?:saved\s+)?notes?$/i, '')
    .trim()
}
