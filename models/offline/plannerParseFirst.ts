/**
 * Parse first: what is not content leaves a message before any intent is chosen. Fillers and
 * discourse markers, politeness frames, hedges and texting go; a self-correction keeps what was
 * meant; a trailing value-word says importance, never the title. A small hand-written lexicon, not
 * a language library: see "Libraries, and why" in docs/guide/planner.md for the cost.
 */

import { MAX_REQUEST } from './plannerBounds.ts'
import { findDate, withoutDate } from './plannerChrono.ts'
import { STRONG_CORRECTION, unframeToVerb, WEAK_CORRECTION } from './plannerFrames.ts'
import { resolveIndirect } from './plannerIndirect.ts'
import { unwrapPolite } from './plannerPolite.ts'
import { rephrase } from './plannerRephrase.ts'

// Texting and two dropped apostrophes, word for word ("b4" → "before", "ive" → "i've"); the
// others ("doesnt") the rules read as they are.
const TEXTING: readonly [RegExp, string][] = [
  [/\bb4\b/gi, 'before'],
  [/\babt\b/gi, 'about'],
  [/\bwhens\b/gi, "when's"],
  [/\b(?:tmrw|tmrow|tmoro|2moro|2morrow|2mrw|tomoz)\b/gi, 'tomorrow'],
  [/\b4\s+(?=(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|today|tonight|next|this|the)\w*\b)/gi, 'for '],
  [/\b2day\b/gi, 'today'],
  [/\b2nite\b/gi, 'tonight'],
  [/\b(?:whats|wots|wats)\b/gi, "what's"],
  [/\br\s+(?=u\b)/gi, 'are '],
  [/\b(u\s+)b(?=\s+an?\b)/gi, '$1be'],
  // "eod", "cob": today; "eow": the end of the week.
  [/\b(?:by\s+)?(?:eod|cob|close\s+of\s+(?:play|business)|end\s+of\s+(?:the\s+)?day)\b/gi, 'today'],
  [/\beow\b/gi, 'the end of the week'],
  // "first thing tomorrow", "last thing on friday": the day is the date.
  [
    /\b(?:first|last)\s+thing\s+(?=(?:tomorrow|today|tonight|on\b|this\b|next\b|(?:mon|tue|wed|thu|fri|sat|sun)))/gi,
    '',
  ],
  // Indian English: "prepone" is to bring forward; "by tomorrow itself" is by tomorrow.
  [/\bprepone(?:d)?\b/gi, 'move'],
  [/\b(today|tomorrow|tonight|\w+day)\s+itself\b/gi, '$1'],
  [/\bon\s+or\s+before\b/gi, 'by'],
  [/\bu\b/gi, 'you'],
  [/\bur\b/gi, 'your'],
  [/\b(?:pls|plz|plse|pleeease|pleease)\b/gi, 'please'],
  [/\bive\b/gi, "i've"],
  [/\bim\b/gi, "i'm"],
  // "remind me 2 call mum": a "2" between a verb and a verb is "to".
  [
    /\b(me|need|needs|have|has|got|want|wants|going|ought|trying|forget|remember)\s+2\s+(?=[a-z])/gi,
    '$1 to ',
  ],
  [/([!?])\1+/g, '$1'],
  // Emoji are tone, like "!!!": never a title's words.
  [/\s*\p{Extended_Pictographic}\uFE0F?/gu, ''],
  // Emoticons are tone, never a date's or a title's words: ":(", ":-)", ";P".
  [/\s*[:;]-?[()DPp/|]+(?=\s|$)/g, ''],
]

// Said before the request, never part of it: fillers, discourse markers, polite and indirect frames.
const LEADING =
  /^(?:um+|uh+|erm+|er|hmm+|ugh+|oh+|ah+|so|ok(?:ay)?|k|right|well|yeah|yep|yes|alright|anyway|basically|honestly|(?:hey|hi|hello)(?:\s+there)?|hiya|cool|sir|madam|ma'?am|mate|bro|boss|definitely|really|seriously|do\s+one\s+thing|heya|yo|oi|btw|fyi(?=\s*[,:]?\s*(?:can|could|would|will|please|add|remind|put|make|create)\b)|lol|haha|good\s+news|great\s+news|bad\s+news|quick\s+one|just|also|oh\s+and|and|maybe|perhaps|possibly|terribly|awfully|please|kindly|actually(?=\s*,?\s*(?:can|could|would|add|remind|put|make|create|rewrite|replace|delete|remove|rename|change|move|mark|tick)\b)|do\s+the\s+needful\s+and|do\s+me\s+a\s+favou?r(?:\s+and)?|would\s+it\s+be\s+possible\s+(?:for\s+you\s+)?to|is\s+it\s+possible\s+(?:for\s+you\s+)?to|i\s+was\s+wondering\s+if\s+(?:you\s+)?(?:could|can|would)|i\s+(?:was\s+)?(?:just\s+)?wondering(?=,)|i'?m\s+wondering\s+if\s+(?:you\s+)?(?:could|can|would)|would\s+you\s+mind|(?:remind|tell)\s+me,\s*(?=(?:when|what|which|how|where|who)\b)|(?:could|can|would|will)\s+you(?:\s+(?:please|maybe|possibly|kindly|just|quickly|perhaps|be\s+able\s+to))*|if\s+you\s+(?:could|can|don'?t\s+mind)|i\s+need\s+you\s+to|i\s+want\s+you\s+to|i'?d\s+like\s+you\s+to|i\s+would\s+like\s+you\s+to|(?:please\s+)?be\s+(?:so\s+)?(?:kind|good)\s+(?:enough\s+)?(?:as\s+)?to|i\s+(?:think|guess|suppose)(?=\s+(?:i|you|we|add|remind|put|create|make|can|could|please|need|have|gotta)\b))\b[\s,:!.-]*/i
// Said after the request: thanks, hedges, laughter, "pls add it".
const TRAILING =
  /[\s,.;!-]+(?:please|(?:many\s+)?thanks(?:\s+so\s+much|\s+a\s+lot)?|thank\s+you(?:\s+so\s+much)?|instead|thx|ty|cheers|lol|haha|i\s+think(?:\s+yeah)?|i\s+guess|i\s+suppose|probably|or\s+something|if\s+(?:that'?s\s+ok|possible|you\s+can)|yeah|ugh|ok(?:ay)?|then|mate|dude|bro|buddy|x+|:\))[\s.!?]*$/i
// Mid-sentence fillers: "i need to like revise", "um", "lol".
const INSIDE: readonly [RegExp, string][] = [
  [/(?:^|\s|,)(?:um+|uh+|erm+|lol|lmao|haha|btw)(?=[\s,.!?]|$)[,]?/gi, ' '],
  // Dictation's "like" is a filler, except after the words it means something with.
  [
    /(?<!\b(?:i|you|we|they|would|'d|feel|feels|look|looks|sound|sounds|just|things|stuff|something|what|is\s+it))\s+like\s+(?=[a-z0-9])/gi,
    ' ',
  ],
  [/,?\s+and\s+(?:it'?s|it\s+is)\s+(?=due\b)/gi, ' '],
  [/\s+and\s+make\s+it\s+(?=(?:really\s+|very\s+|super\s+)?(?:important|urgent)\b)/gi, ', it is '],
  [/,\s*like,\s*/gi, ' '],
  // "add a task please - X": the please before the dash.
  [/\s+please\s*(?=[-–—:])/gi, ' '],
]
// A trailing value-word is importance: "its a big one", "it's worth a lot of marks".
const WORTH =
  /(?:,\s*|\s+(?:and|but)\s+|\s+)(?:it'?s|it\s+is|this\s+is|that'?s)\s+(?:a\s+(?:big|huge|major)\s+(?:one|deal|thing)|(?:worth|counts?\s+for)\s+(?:a\s+lot|loads|lots|heaps|a\s+ton)(?:\s+of\s+(?:marks|points|my\s+grade))?|(?:really|super|very)\s+(?:big|major)|(?:huge|massive|major))\b|\s+worth\s+(?:a\s+lot|loads|lots|heaps)\b/i
// "…, its quite urgent": the same, said with a degree word before it.
const URGENT =
  /(?:,\s*|\s+(?:and|but)\s+)(?:it'?s|it\s+is|this\s+is|that'?s)\s+(?:(?:quite|really|very|super|pretty|so|rather|kinda|fairly|extremely)\s+)?(?:urgent|important|crucial|vital|essential|high\s+priority|a\s+priority)\b/i
// "…, pls add it": a thing said first and asked for after ("my lab report is due thursday … add it").
const ADD_IT =
  /[\s,;.!-]+(?:(?:and\s+|so\s+(?:yeah\s+)?)?(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:add|put|save)(?:\s+(?:it|that|this))?(?:\s+(?:in|on|to)\s+(?:my\s+)?(?:tasks|list|to-?dos?|task\s+list))?(?:\s+please)?|(?:please\s+)?(?:remind(?:\s+me)?|help\s+me\s+(?:to\s+)?remember))[\s.!?]*$/i
// "X is due thursday": with "add it", the thing due is the title.
const IS_DUE = /^(?:the\s+)?(.+?)\s+(?:is|are|'s)\s+due\b/i
// "X no wait Y", "X, sorry I mean Y", "X actually make that Y": Y is what was meant.
const CORRECTION = new RegExp(`^(.+?)[\\s,;.!-]+${STRONG_CORRECTION}[\\s,:]+(.+)$`, 'i')
// "thursday, sorry friday": a weak mark corrects only a day.
const DAY_CORRECTION = new RegExp(`^(.+?)[\\s,;.!-]+${WEAK_CORRECTION}[\\s,:]+(.+)$`, 'i')

// What a frame leaves behind: "would you mind adding …" → "add …", "remind me submit …" → "remind me to submit …".
const GERUNDS: ReadonlyMap<string, string> = new Map([
  ['adding', 'add'],
  ['creating', 'create'],
  ['making', 'make'],
  ['putting', 'put'],
  ['setting', 'set'],
  ['reminding', 'remind'],
  ['moving', 'move'],
  ['deleting', 'delete'],
  ['removing', 'remove'],
  ['marking', 'mark'],
  ['taking', 'take'],
  ['telling', 'tell'],
  ['saving', 'save'],
  ['renaming', 'rename'],
  ['changing', 'change'],
  ['bumping', 'bump'],
  ['popping', 'pop'],
  ['ticking', 'tick'],
  ['updating', 'update'],
  ['writing', 'write'],
])
const GERUND = /^(\w+ing)\b/i
const REMIND_BARE =
  /^remind\s+me\s+(?!to\b|about\b|that\b|on\b|in\b|at\b|by\b|this\b|next\b|tomorrow\b|today\b|tonight\b|every\b|when\b|of\b|what\b|how\b)/i

function unframed(text: string): string {
  const gerund = GERUND.exec(text)?.[1]?.toLowerCase()
  const verb = gerund === undefined ? undefined : GERUNDS.get(gerund)
  const base = verb === undefined ? text : `${verb}${text.slice(gerund?.length ?? 0)}`
  return base.replace(REMIND_BARE, 'remind me to ')
}

// Dictation: punctuation said as words, words that sound like "to" and "for", a word said twice.
const SPOKEN: readonly [RegExp, string][] = [
  [/\s*\b(?:comma)\b/gi, ','],
  [/\s*\b(?:full\s+stop|period)\b/gi, '.'],
  [/\s*\bquestion\s+mark\b/gi, '?'],
  [/\s*\bexclamation\s+(?:mark|point)\b/gi, '!'],
  [/\s*\bcolon\b/gi, ':'],
  [/\b(me|note|need|needs|have|has|want|going|trying|got)\s+(?:two|too)\s+(?=[a-z])/gi, '$1 to '],
  [/\btoo\s+(?=(?:high|low|top|medium)\s+(?:importance|priority)\b)/gi, 'to '],
  [/\bfour\s+(?=(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|today|tonight|next|this)\w*\b)/gi, 'for '],
  [/\b(importance|priority)\s+for\b/gi, '$1 four'],
  [/\b(the|a|to|my|and)\s+\1\b/gi, '$1'],
]

const TAKEN_BACK =
  /\b(?:no|wait|actually)[\s,.!]+(?:actually\s+|wait\s+)?(?:keep\s+it|leave\s+it(?:\s+as\s+it\s+is)?|never\s*mind|don'?t\s+bother)\b[\s\w]*[.!]?$/i

/** The message with what is not content taken out; a note's body and code pass as they are. */
export function parseFirst(said: string, today: Date): string {
  // A request's length at most: a longer message is read clause by clause, as it was written.
  if (said.length > MAX_REQUEST) return said
  if (/^\s*(?:run\b|```)/i.test(said)) return said
  let message = said
  for (const [pattern, plain] of SPOKEN) message = message.replace(pattern, plain)
  // "delete X. no actually keep it": a request taken back is no request.
  if (TAKEN_BACK.test(message)) return 'never mind'
  // A note's body (after its colon) is kept word for word; only the request before it is read.
  const colon = message.split('\n')[0]?.indexOf(':') ?? -1
  if (colon >= 0 && /\b(?:note|memory|remember|run|jot)\b/i.test(message.slice(0, colon))) {
    // "a note called Lab safety with:": the title ends before "with".
    const ask = unwrapPolite(message.slice(0, colon)).replace(/(\bcalled\s.+?)\s+with$/i, '$1')
    return `${unframeToVerb(leading(rephrase(ask)))}:${message.slice(colon + 1)}`
  }
  if (message.includes('\n')) return message
  return tidy(message, today)
}

function tidy(said: string, today: Date): string {
  // Said all in capitals is said loudly, not in names: read in small letters.
  let text = /\p{Ll}/u.test(said) ? said : said.toLowerCase()
  for (const [pattern, replacement] of TEXTING) text = text.replace(pattern, replacement)
  for (const [pattern, replacement] of INSIDE) text = text.replace(pattern, replacement)
  text = unwrapPolite(stripEnds(text.replace(/\s+/g, ' ').trim()))
  text = rephrase(stripEnds(rephrase(text.replace(/\s+/g, ' ').trim())))
  text = stripEnds(unframeToVerb(stripEnds(text.replace(/\s+/g, ' ').trim())))
  text = unwrapPolite(corrected(text, today))
  text = resolveIndirect(valued(asked(text)))
  return unframed(stripEnds(text)).replace(/!+$/, '')
}

// Before a note's colon only the lead-in goes: the words just before it are the note's title.
function leading(said: string): string {
  let text = said.trimStart()
  for (let next = text.replace(LEADING, ''); next !== text; next = text.replace(LEADING, ''))
    text = next
  return text
}

function stripEnds(said: string): string {
  let text = said
  for (let i = 0; i < 8; i += 1) {
    const next = text.replace(LEADING, '').replace(TRAILING, '').trim()
    if (next === text || next === '') break
    text = next
  }
  return text
}

// "my bio lab report is due thursday …, pls add it" → "add a task my bio lab report due thursday …".
function asked(text: string): string {
  const add = ADD_IT.exec(text)
  if (add === null || add.index === 0) return text
  const rest = text.slice(0, add.index)
  if (/^(?:add|remind|create|make|put|new)\b/i.test(rest)) return rest
  const due = IS_DUE.exec(rest)
  const body = (due ? `${due[1]} due${rest.slice(due[0].length)}` : rest).replace(
    /^i\s+(?:have|got)\s+(?:to\s+)?/i,
    '',
  )
  return `add a task to ${body}`
}

// "…, its worth a lot of marks" → "…, it is important" (the importance reader's own words).
function valued(text: string): string {
  const worth = WORTH.exec(text) ?? URGENT.exec(text)
  if (worth === null) return text
  return `${text.slice(0, worth.index)}${text.slice(worth.index + worth[0].length)}, it is important`
}

/** "remind me to X on thursday no wait friday" → "remind me to X on friday". */
function corrected(text: string, today: Date): string {
  const strong = CORRECTION.exec(text)
  const match = strong ?? DAY_CORRECTION.exec(text)
  const before = match?.[1]?.trim() ?? ''
  const meant = stripEnds(match?.[2]?.trim() ?? '')
  // "ok, actually make that friday" alone is a follow-up, read against the last change.
  if (match === null || meant === '' || before.split(' ').length < 3) return text
  const meantDate = findDate(meant, today)
  if (meantDate !== undefined && withoutDate(meant, meantDate).replace(/[\s,.!?]/g, '') === '')
    return dayReplaced(before, meant, today)
  if (strong === null) return text
  // "delete X, no wait, mark it done": a new verb for the same thing.
  if (VERB_FIRST.test(before) && VERB_FIRST.test(meant) && /\b(?:it|that|this)\b/i.test(meant))
    return meant.replace(/\b(?:it|that|this)\b/i, before.replace(VERB_FIRST, '').trim())
  // "for glycolysis no wait for the Calvin cycle": from the same preposition on.
  const prep = /^(?:for|to|on|at|in|with|by|from|about)\s/i.exec(meant)?.[0]
  const from = prep === undefined ? -1 : before.toLowerCase().lastIndexOf(` ${prep.toLowerCase()}`)
  if (from > 0) return `${before.slice(0, from)} ${meant}`
  // "delete the note called X no sorry the exam plan one": "one" is the kind said before.
  const kind = /\b(note|task)\b/i.exec(before)?.[1]
  const verb = VERB_FIRST.exec(before)?.[0]
  if (verb && kind && /^(?:the|my)\s.+\sone$/i.test(meant))
    return `${verb} ${meant.replace(/one$/i, kind)}`
  // A word or two corrected: they take the place of as many words at the end.
  const words = meant.split(' ')
  const kept = before.split(' ')
  if (words.length >= kept.length) return meant
  return [...kept.slice(0, kept.length - words.length), ...words].join(' ')
}

const VERB_FIRST =
  /^(?:delete|remove|get\s+rid\s+of|mark|tick|untick|move|push|rename|change|complete|finish)\b/i
const DAY_LEAD = /^\s*(?:to|on|by|for|till|until|due)\b/i

// The day said is replaced where it stood, keeping its "to", "on" or "by".
function dayReplaced(before: string, meant: string, today: Date): string {
  const had = findDate(before, today)
  if (had === undefined) return `${before} ${meant}`
  const lead = DAY_LEAD.exec(before.slice(had.start, had.end))?.[0].trim() ?? ''
  const said = DAY_LEAD.test(meant) ? meant : `${lead} ${meant}`
  return `${before.slice(0, had.start)} ${said} ${before.slice(had.end)}`
    .replace(/\s+/g, ' ')
    .trim()
}
