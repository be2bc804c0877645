/**
 * The verbs a task starts with: a guess or a bare errand becomes a task only when one of these
 * begins it and something follows (a verb and its object), never a noun phrase, news or a feeling.
 */

const VERBS = new Set(
  `add answer apply arrange ask attend bake book bring buy call cancel change check choose clean
  clear collect complete contact cook copy create deliver do download draft draw drop edit
  email feed fetch file fill finalise finalize find finish fix get give go grab hand help
  hoover install iron learn make mark meet memorise memorize message migrate mop move mow note
  order organise organize outline pack pay phone photocopy pick plan post practice practise
  prepare print proofread read record recycle register rehearse renew reply research reserve
  return review revise rewrite ring rsvp run scan schedule see send shop sign sort start study
  submit swap sweep take talk test text tidy top translate update upload vacuum visit walk
  wash watch water work wrap write`.split(/\s+/),
)
const LEAD =
  /^(?:(?:i\s+(?:really\s+)?(?:need|have|must|should|want|ought|gotta|got)\s+(?:to\s+)?)|(?:remind\s+me\s+to\s+)|(?:to\s+))/i

/** Whether a phrase is a request to do something: a task verb, then at least one more word. */
export function startsWithTaskVerb(phrase: string): boolean {
  const words = phrase.trim().replace(LEAD, '').split(/\s+/)
  const first = (words[0] ?? '').toLowerCase().replace(/[^a-z]/g, '')
  return words.length >= 2 && VERBS.has(first)
}

/** Whether a word is a verb a task starts with. */
export function isTaskVerb(word: string): boolean {
  return VERBS.has(word.toLowerCase())
}
