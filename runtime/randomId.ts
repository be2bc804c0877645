/**
 * A random UUID as one flat string. V8 builds `randomUUID()`'s text as a rope of some thirty
 * pieces (about 490 bytes); reading one character flattens it (about 65), and a run keeps its id
 * in every log entry, its card's id while it waits.
 */
export function randomId(): string {
  const id = crypto.randomUUID()
  id.charCodeAt(0)
  return id
}
