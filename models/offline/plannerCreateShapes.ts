/** More ways a student asks for a task: "todo: …", quoted titles, "remind me in 3 days to …", a bare errand with a date. */

import { findDate, withoutDate } from './plannerChrono.ts'
import { fullWeekdays, parseTaskFields, type TaskFields } from './plannerTaskFields.ts'
import { startsWithTaskVerb } from './plannerTaskVerbs.ts'
import { capitalise, cleanPhrase } from './plannerText.ts'

type Create = { kind: 'create_task' } & TaskFields

const PREFIXED = [
  /^(?:todo|to-do|task|reminder)\s*[:\-–—]\s*(.+)$/i,
  /^(?:could|can|would)\s+you\s+add\s+that\s+(.+)$/i,
  /^(?:add|put)\s+that\s+(.+)$/i,
  /^(?:make|set|create|add)\s+(?:a\s+|me\s+a\s+)?reminder\s*[:\-–]?\s*(?:for\s+me\s+)?(?:to\s+|for\s+)?(.+)$/i,
  /^(?:gotta|got\s+to|need\s+to|have\s+to|must)\s+(.+)$/i,
  /^(?:please\s+)?create\s+(?:a\s+)?task\s+for\s+me\s*[:\-–]?\s*(.+)$/i,
  /^(?:adding|add|create|make)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:task|to-?do|reminder)\s+(?:to|for|about)\s+(.+)$/i,
  /^don'?t\s+let\s+me\s+forget\s+(?:to\s+)?(.+)$/i,
  /^i\s+(?:want|plan|intend|am\s+going|'m\s+going|have|need|must)\s+to\s+(.+)$/i,
  /^(?:schedule|plan)\s+(.+)$/i,
]
// `add "read chapter 12" due 10 January`, `put 'return library books' on my list for Saturday`.
const QUOTED =
  /^(?:add|create|put|make)\s+(?:a\s+)?(?:new\s+)?(?:task\s+|to-?do\s+)?(?:called\s+|named\s+)?["“'‘](.+?)["”'’](.*)$/i
const DATE_FIRST =
  /^(?:(?:new\s+)?(?:task|todo|to-do|reminder)\s+(?:due\s+)?(?:for|on|by|due)?\s*)?((?:tomorrow|today|tonight|this\s+\w+|next\s+\w+|(?:on\s+|by\s+)?the\s+\d{1,2}(?:st|nd|rd|th)|(?:mon|tues|wednes|thurs|fri|satur|sun)day))\s*:\s*(.+)$/i
// "put prepare my slides on my list for monday": the thing put on the list, then its day.
const ON_LIST =
  /^(?:put|pop|stick|write|jot|get)\s+(?:down\s+)?(.+?)\s+(?:on|onto|in|into|to)\s+(?:my|the)\s+(?:list|to-?do(?:\s+list)?|tasks|task\s+list|planner)\b[\s,]*(.*)$/i
// "remind me in 3 days to check my grades", "remind me on friday to …".
const WHEN_FIRST = /^remind\s+me\s+((?:in|on|by|next|this|tomorrow|tonight|the)\b.*?)\s+to\s+(.+)$/i
const QUESTION_START =
  /^(?:what|what's|whats|how|why|where|when|who|which|is|are|do|does|did|can|could|will|would|should|tell|show|list|give|summari[sz]e)\b/i
const NOT_ERRANDS =
  /^(?:move|push|change|set|mark|delete|remove|rename|make|reschedule|postpone|bring)\b/i

/** A create request in one of these shapes, or undefined. */
export function parseCreateShape(clause: string, today: Date): Create | undefined {
  const quoted = QUOTED.exec(clause)
  if (quoted) {
    const rest = parseTaskFields(`x ${quoted[2] ?? ''}`, today)
    const title = capitalise(cleanPhrase(quoted[1] ?? ''))
    if (title === '') return undefined
    return { kind: 'create_task', ...rest, title }
  }
  const listed = ON_LIST.exec(clause)
  if (listed) return create(`${listed[1]} ${listed[2] ?? ''}`.trim(), today)
  const whenFirst = WHEN_FIRST.exec(clause)
  if (whenFirst) return create(`${whenFirst[2]} ${whenFirst[1]}`, today)
  // "tomorrow: pick up lab results", "task for saturday: clean my desk": the date comes first.
  const dated = DATE_FIRST.exec(clause)
  if (dated) return create(`${dated[2]} ${dated[1]}`, today)
  for (const pattern of PREFIXED) {
    const body = pattern.exec(clause)?.[1]
    if (body !== undefined) return create(body, today)
  }
  return undefined
}

/** A bare errand with a date ("buy a lab coat the day after tomorrow"): a task; a question never is. */
export function parseErrand(clause: string, today: Date): Create | undefined {
  if (/\?\s*$/.test(clause) || QUESTION_START.test(clause) || NOT_ERRANDS.test(clause))
    return undefined
  const found = findDate(fullWeekdays(clause), today)
  if (clause.split(/\s+/).length < 3 || found === undefined) return undefined
  // A verb and its object, once the date is out: "tomorrow i have to return the projector".
  if (!startsWithTaskVerb(withoutDate(fullWeekdays(clause), found))) return undefined
  return create(clause, today)
}

function create(body: string, today: Date): Create | undefined {
  const fields = parseTaskFields(body, today)
  return fields ? { kind: 'create_task', ...fields } : undefined
}
