/**
 * Indirect requests said as news: "the essay got pushed back to monday" is a move; "handed the
 * essay in, tick it off" marks the essay done; "X doesn't have a deadline, take the date off"
 * clears X's date. Each is rewritten as the plain request it means, so one reader decides.
 */

const MOVED =
  /^(?:the\s+(?:deadline|due\s+date)\s+(?:for|of|on)\s+)?(?:the\s+|my\s+)?(.+?)(?:'s)?(?:\s+(?:deadline|due\s+date))?\s+(?:(?:has|have|had|got|gotten|been|was|were|is|are|just|now|finally|officially)\s+)*(?:pushed(?:\s+back|\s+forward)?|put\s+back|moved(?:\s+back|\s+forward)?|postponed|delayed|rescheduled|extended|changed|brought\s+forward|pulled\s+forward|bumped(?:\s+back)?)\s+(?:to|till|until|for)\s+(.+)$/i
// The request after the news, and what it asks.
const AFTER_NEWS =
  /(?:,\s*(?:so\s+|and\s+)?|\s+so\s+|\s+and\s+(?:so\s+)?)(?=(?:please\s+)?(?:tick|check|cross|mark|scrap|delete|remove|bin|drop|cancel|ditch|take|move|push)\b)/gi
const DONE_ASK =
  /^(?:please\s+)?(?:(?:tick|check|cross)\s+(?:it|that|this|that\s+one|this\s+one|that\s+task|the\s+task)?\s*off|mark\s+(?:it|that|this|that\s+one|that\s+task)\s+(?:as\s+)?(?:done|complete|completed|finished))$/i
const DELETE_ASK =
  /^(?:please\s+)?(?:scrap|delete|remove|bin|drop|cancel|ditch)\s+(?:it|that|this|that\s+one|this\s+one|that\s+task|this\s+task|the\s+task)$/i
const UNDATE_ASK =
  /^(?:please\s+)?(?:take|remove|clear|drop)\s+(?:the\s+)?(?:due\s+)?(?:date|deadline)\s*(?:off)?(?:\s+(?:it|that))?$/i
const MOVE_ASK =
  /^(?:please\s+)?(?:move|push)\s+(?:it|that|this)\s+(?:back\s+)?(?:to|till|until)\s+(.+)$/i
// What the news is about: the thing handed in, or the subject of "X doesn't have a deadline".
const DID_THING =
  /^(?:i(?:'ve|\s+have)?\s+)?(?:just\s+|already\s+|finally\s+|now\s+)*(?:handed|turned|sent|submitted|finished|did|done|completed|sorted(?:\s+out)?|emailed|called|paid|bought|returned|printed|read|got)\s+(?:in\s+)?(.+?)(?:\s+in)?$/i
const SUBJECT =
  /^(?:the\s+|my\s+)?(.+?)\s+(?:doesn'?t|does\s+not|don'?t|has\s+no|have\s+no|won'?t|isn'?t|is\s+not|no\s+longer)\b/i

/** The plain request an indirect one means, or the text as it was. */
export function resolveIndirect(text: string): string {
  const moved = MOVED.exec(text)
  if (moved?.[1] !== undefined && !/^(?:it|that|this)$/i.test(moved[1].trim()))
    return `move ${moved[1]} to ${moved[2]}`
  const joins = [...text.matchAll(AFTER_NEWS)]
  const join = joins[joins.length - 1]
  if (join === undefined) return text
  const news = text.slice(0, join.index).trim()
  const ask = text.slice(join.index + join[0].length).trim()
  const thing = aboutWhat(news)
  if (DONE_ASK.test(ask)) return thing ? `mark ${thing} as done` : 'mark it as done'
  if (DELETE_ASK.test(ask)) return thing ? `delete the task ${thing}` : 'delete it'
  if (UNDATE_ASK.test(ask))
    return thing ? `remove the due date from ${thing}` : 'remove the due date from it'
  const move = MOVE_ASK.exec(ask)
  if (move) return `move ${thing ?? 'it'} to ${move[1]}`
  return text
}

function aboutWhat(news: string): string | undefined {
  const said = (SUBJECT.exec(news)?.[1] ?? DID_THING.exec(news)?.[1])?.trim()
  if (said === undefined) return undefined
  const thing = said
    .replace(/^(?:the|my|our|that|this)\s+/i, '')
    .replace(/\s+(?:with|for|at|in\s+person|to|from)\b.*$/i, '')
    .replace(/\s+(?:thing|stuff|business)$/i, '')
    .trim()
  return thing === '' || /^(?:it|that|this|everything|all)$/i.test(thing) ? undefined : thing
}
