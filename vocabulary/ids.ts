// Every id the runtime hands out and takes back (runs, cards, commands) has this shape: what it
// generates (UUIDs) and what tests use fit it, and it can name neither a path nor anything a
// database refuses (a NUL byte, control characters), nor run to any length.
const idPattern = /^[A-Za-z0-9_-]{1,128}$/

/** Whether `id` is a well-formed id; anything else (a NUL byte, a path, a number) names nothing. */
export function isWellFormedId(id: unknown): id is string {
  return typeof id === 'string' && idPattern.test(id)
}

/** Whether `digest` has the shape of a call's or a card's digest (SHA-256, lowercase hex). */
export function isWellFormedDigest(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)
}

/** An id as an error message may quote it: itself when well-formed, else a note that it is not. */
export function quotedId(id: unknown): string {
  return isWellFormedId(id) ? `"${id}"` : '(a malformed id)'
}
