/**
 * Frames by their shape, not their wording: whatever is said before "you could / can you / if you
 * can" and an assistant's own verb is a polite or indirect frame ("I would be grateful if you
 * could add …", "so i was thinking maybe u could remind me …"), and goes. Also the marks of a
 * self-correction, strong ("no wait", "sorry I mean") and weak ("sorry", "actually": only before
 * a day).
 */

// The verbs a person asks the assistant itself to do: what a frame leads up to.
const ASSISTANT_VERB =
  '(?:add|remind|put|pop|create|make|set|move|push|bump|raise|lower|delete|remove|mark|tick|rename|change|save|note|jot|write|schedule|update|clear|bring|show|list|tell|give|summari[sz]e|forget|remember|undo|bin|scrap)'
// A modal and "you", either way round, or "if you"; a few adverbs and "be able to" may follow.
const YOU_MODAL =
  '(?:(?:are|r)\\s+(?:you|u)\\s+able\\s+to|(?:can|could|would|will|might|may)\\s+(?:you|u)|(?:you|u)\\s+(?:can|could|would|might|may)|if\\s+(?:you|u)|(?:that\\s+)?(?:you|u)\\s+to|that\\s+(?:you|u)|ask\\s+to)'
const SOFTENERS =
  '(?:\\s+(?:please|maybe|possibly|kindly|just|quickly|perhaps|awfully|be\\s+able\\s+to|go\\s+ahead\\s+and|be\\s+an?\\s+\\w+\\s+and|be\\s+(?:so\\s+)?(?:good|kind)\\s+(?:enough\\s+)?(?:as\\s+)?to))*'
const TO_VERB = new RegExp(
  `^([^.?!]{0,80}?)\\b${YOU_MODAL}${SOFTENERS}\\s+(?=${ASSISTANT_VERB}\\b)`,
  'i',
)
// "I'd like to add a task please - X": a wish to add is the add.
const WISH_TO_ADD =
  /^(?:i'?d|i\s+would|i)\s+(?:like|love|want|wanna)\s+(?:to\s+)?(?=(?:add|create|put|make\s+a\s+(?:task|reminder|note))\b)/i
// A frame never starts as a question of its own ("what did you add") or holds a request verb.
const NOT_A_FRAME = new RegExp(
  `^(?:what|which|when|where|why|how|who|did|do(?!\\s+(?:you|u)\\s+think)|does|have|has|was|were)\\b|\\b${ASSISTANT_VERB}\\b`,
  'i',
)

// News before the ask ("just bought the calculator, u can tick that off") is not a frame: the
// ask points back at it.
/** News (a past tense) in what comes before an ask: the ask points back at it. */
export const NEWS_IN_FRAME =
  /\b(?!(?:need|wanted|needed|hoped|wondered|stressed|worried)\b)[a-z]+ed\b|\b(?:bought|got|did|done|sent|paid|made|went|gave|took|told|said|sorted)\b/i

// Ways of saying "remind me to", and how a list is announced, said plainly.
const PLAIN: readonly [RegExp, string][] = [
  // "could you be a star and remind me …" once "could you" has gone.
  [/^be\s+an?\s+\w+\s+and\s+/i, ''],
  [
    /^(?:i\s+)?(?:(?:'m|am)\s+)?(?:(?:gonna|going\s+to|will|'ll)\s+)?(?:need|want|would\s+like|'d\s+like)\s+a\s+reminder\s+(?:for\s+me\s+)?to\s+/i,
    'remind me to ',
  ],
  [
    /^i\s+(?:must|should|can'?t|cannot|can\s+not|mustn'?t|shouldn'?t|don'?t\s+want\s+to)\s+(?:not\s+)?forget\s+(?:to\s+)?/i,
    'remind me to ',
  ],
  [/^i\s+(?:need|have|must)\s+to\s+remember\s+to\s+/i, 'remind me to '],
  [
    /^(?:pop|put|stick|set|bung|add)\s+(?:a\s+|in\s+a\s+)?reminder\s+(?:in\s+|on\s+|up\s+)?(?:for\s+me\s+)?to\s+/i,
    'remind me to ',
  ],
  [/^(add|create|new)\s*:\s*/i, 'add '],
  // "add a task for me, 'X'", "save a note for me called …": who it is for says nothing more.
  [
    /^((?:add|create|make|save|put|pop|set\s+up)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:task|note|reminder|to-?do)\s+)for\s+me\b[\s,:]*/i,
    '$1',
  ],
  [/^(add|create|make)\s+(?:one|1|this|the\s+following)\s+(task|to-?do|reminder)\s*:/i, '$1 a $2:'],
  [
    /^(?:add|create|make|i\s+(?:need|want))\s+(?:these\s+)?(\d|two|three|four|five)\s+(?:things|items|todos|to-?dos|reminders|tasks)\s*:/i,
    'add $1 tasks:',
  ],
]
const COUNTS: Readonly<Record<string, string>> = { two: '2', three: '3', four: '4', five: '5' }

/** The request with a polite or indirect frame before its verb taken out. */
export function unframeToVerb(said: string): string {
  const text = plainly(said)
  const wish = WISH_TO_ADD.exec(text)
  if (wish) return text.slice(wish[0].length)
  const framed = TO_VERB.exec(text)
  if (framed === null) return text
  const frame = framed[1] ?? ''
  if (NOT_A_FRAME.test(frame.trim()) || NEWS_IN_FRAME.test(frame)) return text
  // "I was hoping you could set a reminder for me to …": what the frame leaves is read again.
  return plainly(text.slice(framed[0].length))
}

function plainly(said: string): string {
  let text = said
  for (const [pattern, plain] of PLAIN) text = text.replace(pattern, plain)
  text = text.replace(
    /^(add|create|make) (two|three|four|five) tasks:/i,
    (_all, verb: string, n: string) => `${verb} ${COUNTS[n.toLowerCase()] ?? n} tasks:`,
  )
  return text
}

/** Marks after which what follows replaces what was said. */
export const STRONG_CORRECTION =
  '(?:(?:oh\\s+)?no\\s+wait(?:,?\\s+i\\s+mean(?:t)?)?|(?:oh\\s+)?wait,?\\s+(?:no|i\\s+mean(?:t)?)|no,?\\s+sorry(?:,?\\s+i\\s+mean(?:t)?)?|sorry,?\\s+i\\s+mean(?:t)?|,?\\s*i\\s+mean(?:t)?|actually,?\\s+make\\s+(?:that|it)|or\\s+rather|scratch\\s+that,?|correction:?|actually,?\\s+no(?:,?\\s+just)?)'
/** Marks that correct only a day ("thursday, sorry friday", "on the 9th, actually the 10th"). */
export const WEAK_CORRECTION = '(?:sorry|actually|oops|nope|no)'
