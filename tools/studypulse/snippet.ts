/** A short excerpt of `text` around the first case-insensitive match of `query`, or undefined. */
export function snippet(text: string, query: string, radius = 60): string | undefined {
  const at = text.toLowerCase().indexOf(query.toLowerCase())
  if (at < 0) return undefined
  const start = Math.max(0, at - radius)
  const end = Math.min(text.length, at + query.length + radius)
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim()
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`
}
