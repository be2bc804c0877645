/**
 * What is said around a request and is not it, by its shape: a polite prelude before it ("I hate
 * to be a bother, but …", "Quick favour: …"), a polite tail after it ("…, if that's not too much
 * trouble"), a reason after a change ("…, I have one already", "… ? I borrowed one"), and a
 * learner's wordings put plainly ("the task of X", "mark as finish", "the day 10").
 */

// A prelude is short, says a word of politeness, and ends at a comma, colon or "but".
const PRELUDE =
  /^[^,:;.?!]{0,50}?\b(?:sorry|bother|trouble|hassle|rush|worries|favou?r|sec|second|moment|minute|chance|appreciate|grateful)\b[^,:;.?!]{0,30}?(?:\s*[,:;]\s*(?:but\s+)?|\s+but\s+)(?=\S)/i
// What follows a prelude must ask something of the assistant, or it was not one.
const ASKS =
  /\b(?:could|can|would|will)\s+(?:you|the)\b|^i'?d\s+(?:love|like)\b|^(?:please\s+)?(?:add|remind|put|create|make|move|push|delete|remove|mark|tick|untick|rename|change|save|jot|write|clear|set)\b/i
const POLITE_TAIL =
  /[\s,]+(?:if\s+(?:that|it)(?:'s|\s+is)\s+(?:not\s+)?(?:ok(?:ay)?|alright|fine|(?:too\s+much\s+)?(?:trouble|bother|hassle)|no\s+(?:trouble|bother|problem))|when(?:ever)?\s+you\s+(?:get|have)\s+a\s+(?:chance|sec|second|moment|minute)|thanks|thank\s+you)[\s.!?]*$/i
// A change asked for, then why: the reason is the person's news, never part of the request.
const CHANGE_THEN_REASON =
  /^((?:please\s+)?(?:delete|remove|erase|move|push|mark|tick|untick|rename|take|clear|bring|undo|summari[sz]e|deleting|removing|moving|taking|marking)\b[^?]*?)(?:\s*[,.?!;]\s*|\s+(?:because|since|as)\s+|\s+(?=i\s+still\b))(?:because\s+|since\s+)?(?:i|i'?ve|i'?m|my|the\s+(?:teacher|prof|professor|lecturer|tutor|deadline|list)|it'?s\s+(?:not|no)|is\s+not|they|we)\b[\s\S]*$/i
// An importance said as a sentence of its own after the request: it belongs to that request.
const LONE_IMPORTANCE =
  /[.?!]\s+((?:(?:very|quite|fairly)\s+)?(?:low|high|top|medium)\s+priority|not\s+urgent|urgent)[.!]*$/i

// "the fourteenth": ordinals said in words, by their stem ("twenty-first" is left as it is).
const ORDINALS =
  '-fir-seco-thi-four-fif-six-seven-eigh-nin-ten-eleven-twelf-thirteen-fourteen-fifteen-sixteen-seventeen-eighteen-nineteen-twentie'.split(
    '-',
  )
const MONTHS = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec'
const suffix = (day: string) => {
  const n = Number(day)
  if (n % 100 >= 11 && n % 100 <= 13) return 'th'
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'
}
// A learner's wordings, said plainly; each keeps the words it does not rename.
const LEARNER: readonly [RegExp, string | ((...parts: string[]) => string)][] = [
  [/^(?:make|help)\s+me\s+(?:to\s+)?remember\s+(?:to\s+)?/i, 'remind me to '],
  [/^put\s+a\s+(?:remember|remind)\s+(?:for\s+me\s+)?(?:to\s+)?/i, 'remind me to '],
  [/^(?:you\s+)?(?:keep\s+in\s+(?:your\s+)?mind|you\s+remember)\s+that\b/i, 'remember that'],
  [
    /\b(?:the|my)\s+(task|note)\s+of\s+(?:the\s+)?([^,.;?!]+?)(?=\s*(?:[,.;?!]|$|\s+(?:to|as|for|and)\b))/i,
    'the $2 $1',
  ],
  [/^(?:erase|quit)\s+(?=the\b)/i, 'delete '],
  [/^say\s+me\b/i, 'tell me'],
  [/^(?:advance|actuali[sz]e)\b/i, 'move'],
  [/^postpone\s+(.+?)\s+(\w+)\s+days?\s+more$/i, 'push $1 back $2 days'],
  [/\bthe\s+reading\s+of\s+/i, 'read '],
  [/^is\s+(?:it\s+)?possible\s+to\s+see\s+/i, ''],
  [/^forget\s+all\s+about\s+me\b/i, 'forget everything you know about me'],
  [
    /^delete\s+(?:the\s+)?(?:\w+\s+)?tasks\s+(?:that|which)\s+are\s+(?:finished|done|completed)$/i,
    'clear completed tasks',
  ],
  [/^give\s+me\s+a\s+resume\s+of\b/i, 'summarise'],
  [/^make\s+a\s+sum\s*:\s*/i, ''],
  [/\bmultiplied\s+with\b/i, 'multiplied by'],
  [/\bgive\s+it\s+a\s+(?:due\s+)?date\s+(?:of|for)\s+/i, 'move it to '],
  [/^([^,]{2,40}),\s+change\s+(?:his|her|its)\s+name\s+to\s+/i, 'rename $1 to '],
  [/^to\s+(?=(?:put|add|move|make|delete|remove|change|mark)\b)/i, ''],
  [/^(add|remind\s+me\s+to)\s+please\s+/i, '$1 '],
  [/\bthe\s+(homework|exercises?|essay|project)\s+of\s+(?:the\s+)?(\w+)/i, 'the $2 $1'],
  [/\bneed\s+to\s+have\s+(?=\w+)/i, 'need to '],
  [/\bthe\s+next\s+(?=\w+day\b)/i, 'next '],
  [
    /^(make|write|create|save|add)\s+a\s+note\s+called\s+(.+?)\s+(?:that\s+says|saying)\s+/i,
    'save a note called $2: ',
  ],
  [/^add\s+to\s+(?:the\s+|my\s+)?(.+?)\s+task\s+notes?\s*:/i, 'add a note to the $1 task:'],
  [/^(add\s+to\s+(?:my\s+|the\s+)?[^:]+?\s+note)\s+(?=[^:]+$)/i, '$1: '],
  [
    /\b(importance|priority)\s+(one|two|three|four|five)\b/i,
    (_m, w = '', n = '') =>
      `${w} ${'-one-two-three-four-five'.split('-').indexOf(n.toLowerCase())}`,
  ],
  [
    /\b(due|on|by|for|until|till|before|to)\s+the\s+(\w+?)(?:st|nd|rd|th)\b/i,
    (m, lead = '', w = '') => {
      const n = ORDINALS.indexOf(w.toLowerCase())
      return n > 0 ? `${lead} the ${n}${suffix(String(n))}` : m
    },
  ],
  // A thing said first, then asked about: "the essay, can you move it for monday".
  [
    /^([^,]{2,40}?),?\s+(?:(?:can|could|would)\s+you|i\s+(?:need|want)\s+to)\s+(?:please\s+)?(\w+)\s+(?:it|him|her)\b/i,
    '$2 $1',
  ],
  // "… because I got an extension": why, never part of the request.
  [
    /^(.*\b(?:add|move|push|delete|remove|mark|tick|untick|rename|change|make|put)\b.+?)\s+(?:because|cos|coz|cuz)\s.+$/i,
    '$1',
  ],
  [/^([^,]{2,40}),\s+remove\s+the\s+due\s+date\b/i, 'remove the due date from $1'],
  // "the calculator task can go", "could the calculator task go": a thing let go is deleted.
  [
    /^(?:could\s+)?(?:the\s+|my\s+)?((?!this\b|that\b)[^,?]{2,40}?\s+task)\s+(?:can\s+)?go(?=\s*(?:[,.?!]|$))[\s\S]*$/i,
    'delete the $1',
  ],
  [
    /^(?:the\s+)?([^,]{2,40}?)\s+(?:isn'?t|is\s+not)\b[^,]*,\s+((?:low|high|top)\s+priority)$/i,
    'make $1 $2',
  ],
  // "essay = top priority", "flashcards are super important now, make it a 5".
  [
    /^(?!(?:which|what|how|who|when|where|do|does|did|are|is)\b)(?:the\s+)?([^,=]{2,40}?)\s*(?:=|is|are)\s+(?:now\s+)?(?:super\s+|really\s+)?(top|high|low)\s+priority$/i,
    'make $1 $2 priority',
  ],
  [
    /^(?:the\s+)?([^,]{2,40}?)\s+(?:is|are)\s+[^,]*,\s+make\s+it\s+(?:a\s+)?([1-5])$/i,
    'make $1 importance $2',
  ],
  [/^(?:i'?d|i\s+would)\s+(?:love|like)\s+(?=an?\s+(?:new\s+)?note\b)/i, 'save '],
  [/\bone\s+(?=note\b|task\b)/i, 'a '],
  [/\bwith\s+(?:the\s+)?name\s+/i, 'called '],
  [
    /^remind\s+me\s+for\s+(?!(?:the|a|an|my|your|this|that|next|tomorrow|today|tonight|\d|\w+day)\b)/i,
    'remind me to ',
  ],
  [/\bmark(?:\s+it)?\s+(?:as\s+|like\s+)?(?:finish(?:ed)?|complete(?:d)?)\b/i, 'mark it as done'],
  [
    /^(?!(?:what|which|when|how|did|have|has)\b)(.+?)\s+(?:is\s+)?already\s+(?:finish|complete)$/i,
    'mark $1 as done',
  ],
  [/\b(?:take\s+out|take\s+off|quit)\s+the\s+(?:due\s+)?date\b/i, 'remove the due date'],
  [/^take\s+the\s+(?:due\s+)?date\s+off\s+(?:of\s+)?/i, 'remove the due date from '],
  [/\bin\s+(?=next\s+\w+day\b)/i, ''],
  [/\bthe\s+day\s+(\d{1,2})\b/i, (_m, d = '') => `the ${d}${suffix(d)}`],
  [new RegExp(`\\bthe\\s+(\\d{1,2})\\s+of\\s+(?=(?:${MONTHS})\\w*)`, 'i'), '$1 '],
  [
    /\b(to|for|on|until|till|by)\s+the\s+(\d{1,2})(?![\d%:.,]?\d|\s*(?:st|nd|rd|th|%|percent|pages?|hours?|minutes?|mins?|days?|weeks?|of)\b)/i,
    (_m, lead = '', d = '') => `${lead} the ${d}${suffix(d)}`,
  ],
]

/** The request without the polite words around it, and a learner's wordings said plainly. */
export function unwrapPolite(said: string): string {
  let text = said.replace(LONE_IMPORTANCE, ', $1')
  const prelude = PRELUDE.exec(text)
  if (prelude !== null && ASKS.test(text.slice(prelude[0].length)))
    text = text.slice(prelude[0].length)
  text = text.replace(POLITE_TAIL, '')
  for (const [pattern, plain] of LEARNER)
    text = text.replace(pattern, plain as (substring: string, ...args: string[]) => string)
  const reason = CHANGE_THEN_REASON.exec(text)
  return reason?.[1] !== undefined ? reason[1].trim() : text
}
