import { capitalise, cleanPhrase } from './plannerText.ts'

/** A request about saved notes (artifacts): list them, read one, or search what was saved. */
export type NoteIntent =
  | { kind: 'list_artifacts' }
  | { kind: 'read_artifact'; name: string }
  | { kind: 'save_artifact'; title: string; content: string }
  | { kind: 'search_workspace'; query: string }

const NOTES = '(?:notes|artifacts|summaries|plans|saved\\s+notes|documents|docs)'
const LIST_NOTES = [
  new RegExp(
    `^(?:what|which)\\s+${NOTES}\\s+(?:do\\s+i\\s+have|have\\s+i\\s+(?:saved|got|made|written)|are\\s+there|did\\s+i\\s+save)(?:\\s+(?:so\\s+far|now|at\\s+the\\s+moment|already|saved|in\\s+here))?$`,
    'i',
  ),
  new RegExp(
    `^(?:show|list|see|view|display|give)\\s+(?:me\\s+)?(?:all\\s+)?(?:of\\s+)?(?:my|the)?\\s*(?:saved\\s+)?${NOTES}$`,
    'i',
  ),
  /^what\s+(?:have\s+i|did\s+i)\s+saved?$/i,
  new RegExp(
    `^how\\s+many\\s+${NOTES}\\s+(?:do\\s+i\\s+have|have\\s+i\\s+(?:got|saved|made|written)|are\\s+there|did\\s+i\\s+save)(?:\\s+(?:so\\s+far|now|saved))?$`,
    'i',
  ),
  new RegExp(`^(?:my\\s+)?${NOTES}$`, 'i'),
]
const READ_NOTE = [
  /^(?:read|open|show(?:\s+me)?|display|view|print)\s+(?:me\s+)?(?:my|the)\s+(?:note|artifact|summary|plan|document)\s+(?:called|named|titled|on|about)?\s*(.+)$/i,
  /^(?:read|open|show(?:\s+me)?|display|view|print)\s+(?:me\s+)?(?:my|the)\s+(.+?)\s+(?:note|artifact|document)$/i,
]
const OVERWRITE =
  /^(?:update|overwrite|replace|rewrite|change|edit)\s+(?:my\s+|the\s+)?(?:note|artifact)?\s*(?:called|named|titled)?\s*(.+?)\s*(?:note|artifact)?\s*(?:with|to\s+say|to)?\s*:\s*(.+)$/i
const SEARCH_SAVED = [
  /^what\s+(?:did|have)\s+i\s+(?:save|saved|write|written|wrote|note|noted|store|stored|keep|kept)\s+(?:down\s+)?(?:about|on|for)\s+(.+)$/i,
  /^(?:remind\s+me\s+)?what\s+i\s+(?:saved|wrote|noted)\s+(?:about|on)\s+(.+)$/i,
  /^(?:find|show(?:\s+me)?|get)\s+(?:my\s+|the\s+)?(?:notes?|anything|stuff)\s+(?:on|about|for)\s+(.+)$/i,
  /^(?:explain|tell\s+me\s+about|what\s+do\s+(?:i|my\s+notes)\s+(?:know|say)\s+about|summari[sz]e)\s+(.+)$/i,
]

/** Reads a clause as a request about notes, or undefined. */
export function parseNoteIntent(clause: string): NoteIntent | undefined {
  if (LIST_NOTES.some((pattern) => pattern.test(clause))) return { kind: 'list_artifacts' }
  for (const pattern of READ_NOTE) {
    const name = cleanPhrase(pattern.exec(clause)?.[1] ?? '')
    if (name !== '' && !/^notes?$/i.test(name)) return { kind: 'read_artifact', name }
  }
  // "update the calculator task: due monday" changes a task; only a clause about a note is one.
  const aboutNote = /\b(?:note|artifact)\b/i.test(clause) && !/\b(?:task|to-?do)s?\b/i.test(clause)
  const overwrite = aboutNote ? OVERWRITE.exec(clause) : null
  const title = capitalise(cleanPhrase(overwrite?.[1] ?? ''))
  const content = overwrite?.[2]?.trim() ?? ''
  if (title !== '' && content !== '') return { kind: 'save_artifact', title, content }
  for (const pattern of SEARCH_SAVED) {
    const query = cleanPhrase(pattern.exec(clause)?.[1] ?? '').replace(/^(?:the|my)\s+/i, '')
    if (query !== '') return { kind: 'search_workspace', query }
  }
  return undefined
}
