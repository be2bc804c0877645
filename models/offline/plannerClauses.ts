/** Splitting a user message into clauses, and stripping polite filler from each. */

import { startsWithTaskVerb } from './plannerTaskVerbs.ts'

const SEPARATORS =
  /;|\r?\n|(?<=[a-z])\s+\+\s+(?=[a-z])|(?<=[a-z])\s+(?=\d{1,2}\)\s+[a-z])|,?\s+and\s+(?:then|after\s+that)\s+|,?\s+then\s+|(?<=[a-z0-9)"”'][.!?])\s+(?=[a-z])|,\s+(?=(?:and\s+)?also\s+)/i
// "remind me to A tomorrow and to B on friday": the lead-in is said once for both.
const SHARED_LEAD =
  /^((?:please\s+)?(?:remind\s+me|i\s+(?:need|have|want)|don'?t\s+let\s+me\s+forget|add\s+a\s+task|i\s+must)\s+to)\s+(.+?)\s*,?\s+and\s+to\s+(.+)$/i
// "add two tasks: A and B", "add tasks: A, B and C", "plan my week: A on wed, B on fri".
const LIST_OF_TASKS =
  /^(?:(?:please|kindly|pls|can\s+you|could\s+you)\s+)?(?:(?:add|create|make|set\s+up)\s+(?:me\s+)?(?:(?:two|three|four|five|six|2|3|4|5|6|some|these|the\s+following)\s+)?(?:new\s+)?(?:tasks|to-?dos|reminders)|plan\s+(?:out\s+)?(?:my|the|this|next)\s+(?:week|weekend|days?)|(?:my|this|next)\s+week|(?:tasks|to[-\s]?dos|things)\s+for\s+(?:this|next|the)\s+(?:week|weekend)|(?:my\s+)?(?:to[-\s]?dos?|to[-\s]?do\s+list|task\s+list)|i\s+(?:want|need|have|got)\s+to\s+do\s+(?:\w+\s+)?things|(?:(?:this|next)\s+week\s+)?i\s+(?:need|have|want|got)\s+to|remind\s+me(?:\s+to)?|things\s+to\s+do(?:\s+this\s+week)?)\s*([:\-–—]|\bis\b)\s*(.+)$/i
// A bare heading ("todo", "plan my week") on a line of its own: the lines after it are tasks.
const LIST_HEADING =
  /^(?:add\s+(?:these|the\s+following)(?:\s+(?:tasks|things|items|to-?dos))?|(?:my\s+)?(?:to[-\s]?dos?|to[-\s]?do\s+list|tasks|task\s+list|list)|plan\s+(?:for\s+)?(?:my|the|this|next)\s+(?:week|weekend|days?)|(?:my|this|next)\s+week|things\s+to\s+do)\s*:?$/i
const BULLET = /^(?:[-*•·]|\d{1,2}[.)])\s*/
const LEADING =
  /^(?:please|pls|plz|kindly|can\s+you|could\s+you|would\s+you\s+mind|would\s+you|will\s+you|i'?d\s+like\s+you\s+to|i\s+want\s+you\s+to|ok(?:ay)?|hey|hi|hello|thanks|thank\s+you|so|also|and|then|now|after\s+that|afterwards|finally|lastly)\b[\s,:!.-]*/i
const TRAILING = /(?:[\s,]+(?:please|pls|plz|thanks|thank\s+you))?[\s.!?,]*$/i

/** Splits on `;`, newlines, ` and then ` and ` then `; a plain ` and ` stays inside its clause. */
export function splitClauses(text: string): string[] {
  const clauses = text
    .split(SEPARATORS)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '')
  const [first, ...rest] = clauses
  if (first !== undefined && rest.length > 0 && LIST_HEADING.test(stripFiller(first)))
    return rest.map((item) => `add a task ${item.replace(BULLET, '')}`)
  const split = clauses.map((clause) => clause.replace(BULLET, '')).flatMap(shareLead)
  // "add gym tmrw + laundry thurs": the verb said once before a "+" is each item's.
  const lead = /\s\+\s/.test(text)
    ? /^(add|remind\s+me\s+to)\s/i.exec(split[0] ?? '')?.[1]
    : undefined
  if (lead === undefined) return split
  return split.map((clause) => (OWN_VERB.test(clause) ? clause : `${lead} ${clause}`))
}

const OWN_VERB =
  /^(?:add|remind|mark|move|push|delete|remove|rename|change|tick|untick|save|what|when|show|list)\b/i

// "add 'a' for monday, 'b' for tuesday and 'c'": each thing quoted is a request of its own.
const QUOTED_ITEMS = /^((?:add|remind\s+me\s+to)\s+)(['"“‘].+)$/i
const BEFORE_QUOTE = /\s*,\s*(?:and\s+)?(?=['"“‘])|\s+and\s+(?=['"“‘])/i
// "add A, B and C, all for friday": the day said once is each one's.
const ALL_FOR = /^(add\s+)(.+?),?\s+(?:all|both|each)(?:\s+of\s+them)?\s+((?:for|on|by|due)\s+.+)$/i

function shareLead(clause: string): string[] {
  const shared = SHARED_LEAD.exec(clause)
  if (shared) return [`${shared[1]} ${shared[2]}`, `${shared[1]} ${shared[3]}`]
  const quoted = QUOTED_ITEMS.exec(clause)
  const things = quoted?.[2]?.split(BEFORE_QUOTE) ?? []
  if (things.length > 1) return things.map((thing) => `${quoted?.[1]}${thing}`)
  const all = ALL_FOR.exec(clause)
  if (all)
    return (all[2] ?? '')
      .split(/\s*,\s*(?:and\s+)?|\s+and\s+/i)
      .map((item) => `${all[1]}${item} ${all[3]}`)
  const list = LIST_OF_TASKS.exec(clause)
  const listed = list?.[2]
  if (listed === undefined) return [clause]
  const items = listed.split(/\s*,\s*(?:and\s+)?|\s+and\s+/i).filter((item) => item.trim() !== '')
  // "this week is so stressful" says how a week is, not what to do in it.
  if (list?.[1]?.toLowerCase() === 'is' && !items.every((item) => startsWithTaskVerb(item)))
    return [clause]
  return items.map((item) => `add a task ${item.trim()}`)
}

/** Drops leading filler ("please", "can you", "then") and trailing punctuation or "please". */
export function stripFiller(clause: string): string {
  let current = clause.trim()
  for (;;) {
    const next = current.replace(LEADING, '')
    if (next === current) break
    current = next
  }
  return current.replace(TRAILING, '').trim()
}

// A verb or question word that starts a request of its own after " and ".
const AND_REQUEST =
  /(?:\s+(?:and|&)\s+|,\s+(?:and\s+)?)(?=(?:also\s+)?(?:please\s+)?(?:what|what's|which|show|list|tell|remember|forget|add|create|mark|move|push|delete|remove|search|find|look|open|save|set|change|rename|reschedule|remind|tick|give|do\s+you|did\s+i|make\s+(?:it|that|this|the|my)\b|bump)\b)/i

/** A clause split at each " and " that starts a new request; the caller keeps the split only if every part reads. */
export function splitOnAnd(clause: string): string[] {
  return clause
    .split(AND_REQUEST)
    .map((part) => part.trim())
    .filter((part) => part !== '')
}
