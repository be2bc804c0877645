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
