/** Importance said in words or numbers ("very important", "no rush", "priority 4"), and the words that said it. */

/** An importance level (1–5) found in a phrase, with the span of its words. */
export interface FoundImportance {
  importance: number
  start: number
  end: number
}

const LEAD = String.raw`(?:[\s,;(-]*\b(?:and\s+)?(?:(?:it\s+is|it's|its|this\s+is|that's|thats|it\s+s|which\s+is)\s+)?(?:(?:with|at|as)\s+)?(?:an?\s+)?)`
const TAIL = String.raw`(?:\s+(?:one|task))?\b\s*\)?`
// Longer phrases first, so "not important" never reads as "important".
const LEVELS: readonly [string, number][] = [
  [
    String.raw`not\s+(?:very\s+|that\s+|too\s+|super\s+)?(?:important|urgent)|no\s+rush|no\s+hurry|not\s+a\s+priority|whenever|low(?:est)?\s+(?:priority|importance|prio)|unimportant`,
    2,
  ],
  [
    String.raw`(?:really|very|super|extremely|so|incredibly)\s+(?:important|urgent)|top\s+(?:priority|importance)|highest\s+(?:priority|importance)|(?:very\s+)?urgent(?:ly)?|asap|critical|a\s+must`,
    5,
  ],
  [String.raw`high\s+(?:priority|importance|prio)|important|a\s+priority|priority`, 4],
  [String.raw`(?:medium|normal|moderate)\s+(?:priority|importance|prio)`, 3],
]
const NUMERIC = new RegExp(
  String.raw`${LEAD}(?:importance|priority|prio|level)(?:\s+level)?\s*(?:of\b|is\b|:|=|-|to\b)?\s*([1-5])\b(?:\s*(?:\/|out\s+of)\s*5)?\s*\)?|${LEAD}\bp([1-5])\b`,
  'i',
)
const NAMED_LEVEL: Readonly<Record<string, number>> = {
  highest: 5,
  top: 5,
  urgent: 5,
  high: 4,
  medium: 3,
  normal: 3,
  low: 2,
  lowest: 1,
}
const AFTER = new RegExp(
  String.raw`${LEAD}(?:importance|priority|prio)\s*(?:of\b|is\b|:|=|-|to\b)?\s*(highest|top|urgent|high|medium|normal|lowest|low)\b\s*\)?`,
  'i',
)
const WORDY = LEVELS.map(
  ([words, level]) => [new RegExp(String.raw`${LEAD}\b(?:${words})${TAIL}`, 'i'), level] as const,
)

/** The importance the phrase states, or undefined; "priority" alone is high. */
export function findImportance(text: string): FoundImportance | undefined {
  const numeric = NUMERIC.exec(text)
  if (numeric) {
    const importance = Number(numeric[1] ?? numeric[2])
    return { importance, start: numeric.index, end: numeric.index + numeric[0].length }
  }
  const after = AFTER.exec(text)
  if (after) {
    const importance = NAMED_LEVEL[(after[1] ?? '').toLowerCase()] ?? 3
    return { importance, start: after.index, end: after.index + after[0].length }
  }
  for (const [pattern, importance] of WORDY) {
    const match = pattern.exec(text)
    if (match) return { importance, start: match.index, end: match.index + match[0].length }
  }
  return undefined
}

/** The text with the found importance's words taken out. */
export function withoutImportance(text: string, found: FoundImportance): string {
  return `${text.slice(0, found.start)} ${text.slice(found.end)}`.replace(/\s+/g, ' ').trim()
}
