/**
 * Word order, prepositions and short forms put the way the readers know them, before anything
 * else reads a request: texting ("mv essay 2 fri", "wen", "hv"), English as a second language ("in
 * friday", "must to pay", "when I must …", "X is when?"), a thing said first and its verb after
 * ("the essay please move it for saturday" → "move the essay to saturday") and lead-ins that are
 * not the request ("omg forgot, add …", "if possible, …"). Grammar, not a list of phrasings.
 */

import { NEWS_IN_FRAME } from './plannerFrames.ts'
import { isTaskVerb } from './plannerTaskVerbs.ts'

const DAY = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\b'
const WHEN = `(?:(?:next\\s+|the\\s+)?${DAY}|tomorrow|today|tonight|the\\s+\\d)`

const WORDS: readonly [RegExp, string][] = [
  [/\bwen\b/gi, 'when'],
  [/\bwat\b/gi, 'what'],
  [/\bhv\b/gi, 'have'],
  [/\bwk\b/gi, 'week'],
  [/\bnxt\b/gi, 'next'],
  [/\btmr\b/gi, 'tomorrow'],
  [/\bfrm\b/gi, 'from'],
  [/\bcn\b/gi, 'can'],
  [/\bcud\b/gi, 'could'],
  [/\bwud\b/gi, 'would'],
  [/\bem\b/gi, 'them'],
  [/\bmv\b/gi, 'move'],
  [/\brmv\b/gi, 'remove'],
  [/^del\b/i, 'delete'],
  [/\bw\/\s*/gi, 'with '],
  [/\br(?=\s+(?:done|finished|sorted|due|super|so|really|very|not)\b)/gi, 'are'],
  [/\bbk\b/gi, 'back'],
  [/\bch\s*(?=\d)/gi, 'chapter '],
  [/\bprio\b/gi, 'priority'],
  [/\bevry?thing\b/gi, 'everything'],
  [/\brenme\b/gi, 'rename'],
  [/\brprt\b/gi, 'report'],
  [/\brly\b/gi, 'really'],
  [/\bcalc\b/gi, 'calculator'],
  [/\s*\b(?:rn|tbh)\b/gi, ''],
  [
    /\b(add|note|move|change|push)\s+2\s+(?!(?:tasks|things|items|reminders|notes)\b)(?=[a-z])/gi,
    '$1 to ',
  ],
  [/^(rename\s+.+?)\s+2\s+(?=[a-z])/i, '$1 to '],
  [/\bl8r\s+(?=today|tonight)/gi, ''],
  [/^(?:rmb|remember)\s+(?:2|to)\s+(?=[a-z])/i, 'remind me to '],
  [/\brmbr?\b/gi, 'remember'],
  // "mv essay 2 fri": a "2" before a day is "to"; "revise 4 chem": a "4" between words is "for".
  [new RegExp(`\\s2\\s+(?=${WHEN})`, 'gi'), ' to '],
  [
    /(?<!\b(?:importance|priority|chapter|ch|lecture|page|level|add|make|create|room|unit|of|to|at|is|be|set))(?<=[a-z])\s+4\s+(?!(?:tasks?|things|items|reminders|notes|days|weeks|hours|pages|pm|am)\b)(?=[a-z]{2,})/gi,
    ' for ',
  ],
  [/\b(by|on|before|until|till|for|due)\s+(?=\d{1,2}(?:st|nd|rd|th)\b)/gi, '$1 the '],
  // Hedges before a day ("idk maybe thurs") and wrong prepositions ("in friday", "at sunday").
  [new RegExp(`(?:\\s+(?:idk|maybe|probably|prob))+(?=\\s+(?:on\\s+|by\\s+)?${WHEN})`, 'gi'), ''],
  [new RegExp(`\\b(?:in|at)\\s+(?=(?:next\\s+|the\\s+)?${DAY})`, 'gi'), 'on '],
  [new RegExp(`\\bnext\\s+week\\s+(?=${DAY})`, 'gi'), 'next '],
  [/\bmust\s+to\b/gi, 'must'],
  [/^(?:please\s+)?to\s+(?=remind\b|add\b)/i, ''],
  [/\bnemore\b/gi, 'anymore'],
  [/\bmind\s+terribly\b/gi, 'mind'],
  [
    /\b(add|make|create|put|set)\s+(?:for\s+me|me)\s+(?:a\s+|one\s+)?(task|note|reminder)\b/gi,
    '$1 a $2',
  ],
  [/\b(note|task)\s+with\s+(?:the\s+)?(?:name|title)\b/gi, '$1 called'],
  [
    /^(?:give|set|make)\s+(?:me\s+)?(?:a\s+)?reminder\s+(?:for|about)\s+(?!me\b)/i,
    'remind me about ',
  ],
  [new RegExp(`\\bremind\\s+me\\s+for\\s+(?!${WHEN})`, 'gi'), 'remind me about '],
  [/^(add|put)\s+(?:in|on|to|into)\s+my\s+(?:list|to-?dos?|tasks)\s+/i, '$1 '],
  [/^(?:write|put|add)\s+(?:in|into|to)\s+(?:the|my)\s+note\s+(.+?)\s*$/i, 'add to my $1 note'],
  [/\bchange\s+the\s+(?:name|title)\s+of\s+/gi, 'rename '],
  [/\band\s+to\s+(?=(?:mark|delete|move|remove|tick|rename|push|change)\b)/gi, 'and '],
  [/^([^,]{3,40}),\s*((?:when|is)\b[^,]*?)\b(?:it|that)\b/i, '$2$1'],
  [/\b(\w+)'s\s+(importance|priority)\b/gi, '$2 of $1'],
  [/^make\s+(.+?)\s+(?:as\s+)?(?:done|complete|finished)$/i, 'mark $1 as done'],
  [
    /^(?:i\s+want|i\s+would\s+like|i'?d\s+like)\s+(?:to\s+)?(?=change|rename|move|delete|remove|mark)/i,
    '',
  ],
  // Lead-ins that are not the request.
  [
    /^(?:if\s+possible|when(?:ever)?\s+you\s+(?:get|have)\s+a\s+(?:chance|moment|minute|sec)|first(?:ly|\s+of\s+all)?|thank\s+you(?:\s+so\s+much)?)[\s,!.]+/i,
    '',
  ],
  // Questions in a learner's order: "when I must finish X" → "when must I finish X".
  [/^(when|what|where)\s+(i|you)\s+(must|should|can|will)\b/i, '$1 $3 $2'],
  [/^(when|what)\s+i\s+(have|need)\s+to\b/i, '$1 do i $2 to'],
  [/^what\s+(?:day|date)\s+is\s+/i, 'when is '],
  [/^(?:what|which)\s+(?:is|are)\s+(?:the\s+|my\s+)?tasks?\s+(?:for|due|on|in)\s+/i, "what's due "],
  [/^(.+?)\s+is\s+when\s*\??$/i, 'when is $1'],
  [/^when\s+is\s+the\s+(?:deadline|due\s+date)\s+(?:of|for)\s+(.+?)\??$/i, 'when is $1 due'],
  [/^what\s+did\s+i\s+(?:write|put|save)\s+in\s+(?:the|my)\s+/i, 'what is in my '],
  // "remind me what I wrote in my exam plan", "tell me what is in my note on X": the note's text.
  [
    /^(?:(?:please\s+|could\s+you\s+|can\s+you\s+)*(?:remind|tell|say)\s+me\s+)?what\s+(?:did\s+)?i\s+(?:wrote|write|written|jotted|jot|put|noted|saved)(?:\s+down)?\s+(?:in|under)\s+(?:the\s+|my\s+)?(.+?)(?:\s+note)?\s*[?.!]*$/i,
    'what is in my $1 note',
  ],
  [
    /^(?:(?:please\s+|could\s+you\s+|can\s+you\s+)*(?:remind|tell|say)\s+me\s+)?what(?:'s|\s+is)\s+in\s+(?:my|the)\s+note\s+(?:on|about|of|called)\s+(.+?)\s*[?.!]*$/i,
    'what is in my $1 note',
  ],
  [/^is\s+(.+?)\s+(?:done|finished|complete)\s*\??$/i, 'did i finish $1'],
  [/^(.+?)\s+is\s+(?:done|finished|complete)\s+or\s+not\s*\??$/i, 'did i finish $1'],
]

// Not a thing said first: a frame, a pronoun, a question or a request of its own.
const NOT_TOPIC =
  /^(?:can|could|would|will|please|and|so|ok|i|you|u|just|it|that|this|what|when|which|who|how|where|yes|yeah|oh|hmm|oops|actually|also)\b|\b(?:now|then|actually|no|tomorrow|today|tonight|thanks?|great|cool|perfect|nice|good|awesome|okay|add|move|push|delete|remove|mark|tick|wait|sorry|mean|did|remind|done|need|dont|don't|isnt|isn't|not|so|is|are)\b/i
const notTopic = (thing: string) => NOT_TOPIC.test(thing) || NEWS_IN_FRAME.test(thing)
const TOPIC =
  /^(.{3,50}?)[,]?\s+(?:please\s+|(?:you|u)\s+(?:can|could|should)\s+)?(move|push|delete|remove|erase|bin|scrap|rename|mark|tick|untick|change|open)(?:\s+(?:it|that|this)(?:\s+(?:task|one|note))?\b|(?=\s*(?:please)?[\s.!]*$))\s*(?:please\s+)?(.*)$/i
const TOPIC_DONE =
  /^(?:the\s+)?(.{3,50}?)[,]?\s+i(?:'ve|\s+have)?\s+(?:already\s+|just\s+)?(?:finished|done|completed)\s+(?:it|that)\b.*$/i
const NOT_DONE = /^(?:the\s+)?(.{3,50}?)\s+(?:is|are)\s+not\s+(?:done|finished|complete)\b[^?]*$/i
const DEADLINE_CHANGE =
  /^(?:the\s+)?(.{3,40}?)\s+(?:deadline|due\s+date)\s+(?:please\s+)?(?:change|move)d?\s+to\s+/i
// "omg forgot, add …": a short aside before the request, with no date or verb of its own.
const ASIDE = /^([^,]{2,40}),\s*(?=(?:add|remind\s+me|new\s+task|put)\b)/i
const FRONTED =
  /^((?:on|by|until|till|before)\s+\S+|tomorrow|today|tonight)\s*,?\s+(i\s+(?:must|have\s+to|need\s+to|should|gotta)\s+.+?)(\s*,\s*(?:please\s+)?(?:add|remind|put)\b.*)?$/i
const NEED_VERB = /\b(i\s+(?:need|have))\s+(\w+)/i
const NUMBERED = /\s*:?\s*\b1[.)]\s+(?=\S)([\s\S]*?\s2[.)]\s+\S[\s\S]*)$/

/** The request with its word order, prepositions and short forms put plainly. */
export function rephrase(said: string): string {
  let text = said
  for (const [pattern, plain] of WORDS) text = text.replace(pattern, plain)
  const topic = TOPIC.exec(text)
  if (topic && !notTopic(topic[1] ?? '')) {
    const verb = (topic[2] ?? '').toLowerCase()
    const rest = (topic[3] ?? '').replace(/^for\s+/i, 'to ')
    const plain = verb === 'erase' ? 'delete' : verb === 'open' ? 'untick' : verb
    text = `${plain} ${topic[1]} ${rest}`.trim()
  }
  text = text
    .replace(TOPIC_DONE, (all, thing: string) => (notTopic(thing) ? all : `mark ${thing} as done`))
    .replace(NOT_DONE, (all, thing: string) => (notTopic(thing) ? all : `untick ${thing}`))
    .replace(DEADLINE_CHANGE, 'move $1 to ')
    .replace(FRONTED, (_all, when: string, body: string, ask = '') => `${body} ${when}${ask}`)
  const aside = ASIDE.exec(text)
  if (
    aside &&
    !/\d|\b(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|today|tonight|next|add|remind|delete|move|mark)/i.test(
      aside[1] ?? '',
    )
  )
    text = text.slice(aside[0].length)
  const need = NEED_VERB.exec(text)
  if (need && isTaskVerb(need[2] ?? '')) text = text.replace(NEED_VERB, '$1 to $2')
  return numbered(text)
}

// "add: 1. buy folders 2. print notes": an inline numbered list is a list of tasks.
function numbered(text: string): string {
  const list = NUMBERED.exec(text)
  if (list === null || list.index === 0) return text
  const items = (list[1] ?? '').split(/\s+\d[.)]\s+/)
  return `${text.slice(0, list.index)} ${items.length} tasks: ${items.join(', ')}`
}
