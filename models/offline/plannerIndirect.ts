/**
 * Indirect requests said as news: "the essay got pushed back to monday" is a move; "handed the
 * essay in, tick it off" marks the essay done; "X doesn't have a deadline, take the date off"
 * clears X's date. Each is rewritten as the plain request it means, so one reader decides.
 */

const MOVED =
  /^(?:the\s+(?:deadline|due\s+date)\s+(?:for|of|on)\s+)?(?:the\s+|my\s+)?(.+?)(?:'s)?(?:\s+(?:deadline|due\s+date))?\s+(?:(?:has|have|had|got|gotten|been|was|were|is|are|just|now|finally|officially)\s+)*(?:pushed(?:\s+back|\s+forward)?|put\s+back|moved(?:\s+back|\s+forward)?|postponed|preponed|delayed|rescheduled|extended|changed|brought\s+forward|pulled\s+forward|bumped(?:\s+back)?)\s+(?:to|till|until|for)\s+(.+)$/i
// "lecturer moved the essay deadline to the 20th": someone else moved it.
const ACTOR_MOVED =
  /^(?:the\s+|my\s+|our\s+)?[a-z]+\s+(?:(?:has|have|just|finally)\s+)*(?:moved|pushed(?:\s+back)?|postponed|extended|changed|rescheduled|brought\s+forward)\s+(?:the\s+|my\s+|our\s+)?(.+?)(?:'s)?(?:\s+(?:deadline|due\s+date))?\s+(?:to|till|until)\s+(.+)$/i
// "u can", "could you", "please" before the ask after the news.
const ASKING =
  '(?:(?:please|pls|just)\\s+|(?:you|u)\\s+(?:can|could|may)\\s+(?:just\\s+)?|(?:can|could)\\s+(?:you|u)\\s+(?:just\\s+)?)*'
// The request after the news, and what it asks.
const AFTER_NEWS = new RegExp(
  String.raw`(?:,\s*(?:so\s+|and\s+)?|\s+so\s+|\s+and\s+(?:so\s+)?|(?<!\b(?:can|could|may|just|please|pls|and|so))\s+(?=(?:tick|cross)\s+(?:it|that|them)\s+off\b))(?=${ASKING}(?:tick|check|cross|mark|scrap|delete|remove|bin|drop|cancel|ditch|take|move|push|get)\b)`,
  'gi',
)
const DONE_ASK =
  /^(?:please\s+)?(?:(?:tick|check|cross)\s+(?:it|that|this|them|that\s+one|this\s+one|that\s+task|the\s+task)?\s*off|mark\s+(?:it|that|this|that\s+one|that\s+task)\s+(?:(?:as\s+)?(?:done|complete|completed|finished)|off))$/i
const DELETE_ASK =
  /^(?:please\s+)?(?:scrap|delete|remove|bin|drop|cancel|ditch|get\s+rid\s+of|lose)\s+(?:it|that|this|that\s+one|this\s+one|that\s+task|this\s+task|the\s+task)$/i
const UNDATE_ASK =
  /^(?:please\s+)?(?:take|remove|clear|drop)\s+(?:the\s+)?(?:due\s+)?(?:date|deadline)\s*(?:off)?(?:\s+(?:it|that))?$/i
// "X doesn't have a due date anymore, take it off": with a date in the news, "it" is the date.
const DATE_NEWS = /\b(?:deadline|due\s+date|date)\b/i
const IT_OFF_ASK =
  /^(?:please\s+)?(?:(?:take|get)\s+(?:it|that)\s+(?:off|away)|remove\s+(?:it|that)|get\s+rid\s+of\s+(?:it|that))$/i
// "finally finished the flashcards": news of a thing done is the tick it asks for.
const DONE_NEWS =
  /^(?:i(?:'ve|\s+have)?\s+)?(?:(?:just\s+|already\s+|finally\s+|now\s+)*(?:finished|completed|done\s+with|handed\s+in|turned\s+in|submitted|got\s+(?:a)?round\s+to\s+\w+ing)|(?:(?:just|already|finally)\s+|(?=(?:bought|paid|returned|printed|emailed|booked|sent|posted|collected|renewed)\s+(?:the|that)\s))(?:bought|paid|returned|printed|emailed|called|rang|booked|sent|posted|collected|renewed|read|reviewed|revised|made|cleaned|washed))\s+((?:\S+\s+){0,7}\S+)$/i
// "prof said the essay is now due on the 14th": a new due date told as news.
const NOW_DUE =
  /^(?:.*?\b(?:said|says|told\s+(?:me|us)|announced|emailed|confirmed)\s+(?:that\s+)?)?(?:the\s+|my\s+)?(.+?)\s+(?:is|are|'s)\s+now\s+due\s+(.+)$/i
const SAID_DUE =
  /^.*?\b(?:said|says|told\s+(?:me|us)|announced|emailed|confirmed)\s+(?:that\s+)?(?:the\s+|my\s+)?(.+?)\s+(?:is|are|'s)\s+(?:now\s+)?due\s+(.+)$/i
const MOVE_ASK =
  /^(?:please\s+)?(?:move|push)\s+(?:it|that|this)\s+(?:back\s+)?(?:to|till|until)\s+(.+)$/i
// What the news is about: the thing handed in, or the subject of "X doesn't have a deadline".
const DID_THING =
  /^(?:i(?:'ve|\s+have)?\s+)?(?:just\s+|already\s+|finally\s+|now\s+)*(?:handed|turned|sent|submitted|finished|did|done|completed|sorted(?:\s+out)?|emailed|called|paid|bought|returned|printed|read|got)\s+(?:in\s+|with\s+)?(.+?)(?:\s+in)?$/i
const SUBJECT =
  /^(?:the\s+|my\s+)?(.+?)\s+(?:doesn'?t|does\s+not|don'?t|has\s+no|have\s+no|won'?t|isn'?t|is\s+not|no\s+longer)\b/i

/** The plain request an indirect one means, or the text as it was. */
export function resolveIndirect(text: string): string {
  const moved = MOVED.exec(text) ?? ACTOR_MOVED.exec(text)
  if (moved?.[1] !== undefined && !/^(?:it|that|this)$/i.test(moved[1].trim()))
    return `move ${moved[1]} to ${moved[2]}`
  const due = NOW_DUE.exec(text) ?? SAID_DUE.exec(text)
  if (due?.[1] !== undefined && !/^(?:it|that|this|what|when)$/i.test(due[1].trim()))
    return `move ${due[1]} to ${(due[2] ?? '').replace(/^(?:on|by)\s+/i, '')}`
  const joins = [...text.matchAll(AFTER_NEWS)]
  const join = joins[joins.length - 1]
  if (join === undefined) return doneNews(text)
  const news = text.slice(0, join.index).trim()
  const ask = text
    .slice(join.index + join[0].length)
    .trim()
    .replace(new RegExp(`^${ASKING}`, 'i'), '')
  const thing = aboutWhat(news)
  if (DATE_NEWS.test(news) && IT_OFF_ASK.test(ask))
    return thing ? `remove the due date from ${thing}` : 'remove the due date from it'
  if (DONE_ASK.test(ask)) return thing ? `mark ${thing} as done` : 'mark it as done'
  if (DELETE_ASK.test(ask)) return thing ? `delete the task ${thing}` : 'delete it'
  if (UNDATE_ASK.test(ask))
    return thing ? `remove the due date from ${thing}` : 'remove the due date from it'
  const move = MOVE_ASK.exec(ask)
  if (move) return `move ${thing ?? 'it'} to ${move[1]}`
  return text
}

// News alone, with nothing asked after it: only a thing done is a request (to tick it).
function doneNews(text: string): string {
  const alone = DONE_ALONE.exec(text)
  const done = DONE_NEWS.exec(text)?.[1] ?? alone?.[1] ?? alone?.[2]
  if (done === undefined || /[,;]|\band\b/i.test(done)) return text
  const thing = aboutWhat(done.replace(/^/, 'finished '))
  return thing ? `mark ${thing} as done` : text
}

// "lecture 1 review is sorted", "handed the essay in today": done, said with nothing asked.
const DONE_ALONE =
  /^(?:(?:the|my)\s+)?(.+?)\s+(?:is|are|'s|has\s+been)\s+(?:now\s+|all\s+|finally\s+)?(?:sorted|done(?:\s+and\s+dusted)?|finished|completed?|handed\s+in|submitted)$|^(?:i\s+)?(?:just\s+|finally\s+)?(?:handed|turned)\s+((?:\S+\s+){0,5}?\S+)\s+in(?:\s+(?:today|yesterday|just\s+now))?$/i
// "turns out i don't need a calculator": the thing no longer needed.
// "the flashcards thing is sorted": the thing said to be done.
const IS_DONE =
  /^(?:the\s+|my\s+)?(.+?)\s+(?:is|are|'s|was|got|has\s+been)\s+(?:now\s+|all\s+|finally\s+)?(?:sorted(?:\s+out)?|done|finished|complete|completed|handed\s+in|submitted|taken\s+care\s+of|cancell?ed|scrapped|called\s+off)$/i
const NO_NEED =
  /^(?:(?:so|turns\s+out|it\s+turns\s+out)\s+)?i\s+(?:don'?t|dont|do\s+not|no\s+longer)\s+need\s+(?:to\s+)?(?:a\s+|an\s+)?(.+?)(?:\s+(?:anymore|any\s+more|after\s+all))?$/i

function aboutWhat(news: string): string | undefined {
  const said = (
    NO_NEED.exec(news)?.[1] ??
    IS_DONE.exec(news)?.[1] ??
    SUBJECT.exec(news)?.[1] ??
    DID_THING.exec(news)?.[1] ??
    // "calculator - got one from my brother": the thing named before the dash.
    /^([^-–:]{3,40}?)\s+[-–:]\s/.exec(news)?.[1]
  )?.trim()
  if (said === undefined) return undefined
  const thing = said
    .replace(/^(?:the|my|our|that|this)\s+/i, '')
    .replace(
      /\s+(?:this\s+(?:morning|afternoon|evening)|today|yesterday|earlier|last\s+night|just\s+now)$/i,
      '',
    )
    .replace(/\s+(?:with|for|at|in\s+person|to|from)\b.*$/i, '')
    .replace(/\s+(?:thing|stuff|business)$/i, '')
    .trim()
  return thing === '' || /^(?:it|that|this|everything|all)$/i.test(thing) ? undefined : thing
}
