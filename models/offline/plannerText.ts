/** Text clean-up shared by the offline planner's parser and its summaries. */

const EDGE_QUOTES = /^["“”'‘’`]+|["“”'‘’`]+$/g

/** Collapses spaces, then drops surrounding quotes and leading/trailing punctuation. */
export function cleanPhrase(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,:;-]+|[\s,:;.!?-]+$/g, '')
    .replace(EDGE_QUOTES, '')
    .replace(/^[\s,:;-]+|[\s,:;.!?-]+$/g, '')
}

/** Upper-cases the first letter. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Wraps text in typographic double quotes. */
export function quoted(text: string): string {
  return `“${text}”`
}
