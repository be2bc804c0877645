/** Text clean-up shared by the offline planner's parser and its summaries. */

const EDGE = ' \t\n\r\f\v,:;-'
const TAIL = `${EDGE}.!?`
const QUOTES = `"“”'‘’\``

/** Collapses spaces, then drops surrounding quotes and leading/trailing punctuation. */
export function cleanPhrase(text: string): string {
  // Trimmed by scanning in from each end, never by an unanchored `[…]+$`, which scans a long
  // run of punctuation again from each of its characters.
  const spaced = text.replace(/\s+/g, ' ')
  return trimEnds(trimEnds(trimEnds(spaced, EDGE, TAIL), QUOTES, QUOTES), EDGE, TAIL)
}

function trimEnds(text: string, front: string, back: string): string {
  let start = 0
  let end = text.length
  while (start < end && front.includes(text.charAt(start))) start += 1
  while (end > start && back.includes(text.charAt(end - 1))) end -= 1
  return text.slice(start, end)
}

/** Upper-cases the first letter. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Wraps text in typographic double quotes. */
export function quoted(text: string): string {
  return `“${text}”`
}
