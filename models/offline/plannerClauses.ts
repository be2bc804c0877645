/** Splitting a user message into clauses, and stripping polite filler from each. */

const SEPARATORS = /;|\r?\n|,?\s+and\s+then\s+|,?\s+then\s+/i
const LEADING =
  /^(?:please|pls|plz|kindly|can\s+you|could\s+you|would\s+you|will\s+you|i'?d\s+like\s+you\s+to|i\s+want\s+you\s+to|ok(?:ay)?|hey|hi|hello|thanks|thank\s+you|so|also|and|then|now|after\s+that|afterwards)\b[\s,:!.-]*/i
const TRAILING = /(?:[\s,]+(?:please|pls|plz|thanks|thank\s+you))?[\s.!?,]*$/i

/** Splits on `;`, newlines, ` and then ` and ` then `; a plain ` and ` stays inside its clause. */
export function splitClauses(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '')
}

/** Drops leading filler ("please", "can you", "then") and trailing punctuation or "please". */
export function stripFiller(clause: string): string {
  let current = clause.trim()
  for (;;) {
    const next = current.replace(LEADING, '')
    if (next === current) break
    current = next
  }
  return current.replace(TRAILING, '').trim()
}

// A verb or question word that starts a request of its own after " and ".
const AND_REQUEST =
  /\s+(?:and|&)\s+(?=(?:also\s+)?(?:what|what's|which|show|list|tell|remember|forget|add|create|mark|move|push|delete|remove|search|find|look|open|save|set|change|rename|reschedule|remind|tick|give|do\s+you|did\s+i)\b)/i

/** A clause split at each " and " that starts a new request; the caller keeps the split only if every part reads. */
export function splitOnAnd(clause: string): string[] {
  return clause
    .split(AND_REQUEST)
    .map((part) => part.trim())
    .filter((part) => part !== '')
}
