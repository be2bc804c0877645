import { plainText } from './plainText.ts'

/**
 * A short excerpt of `markdown` around the first case-insensitive match of `query`, as plain
 * text (no `#`, `- `, `**`, link syntax), or undefined.
 */
export function snippet(markdown: string, query: string, radius = 60): string | undefined {
  const text = plainText(markdown)
  const at = text.toLowerCase().indexOf(query.toLowerCase())
  if (at < 0) return undefined
  const start = Math.max(0, at - radius)
  const end = Math.min(text.length, at + query.length + radius)
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim()
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`
}
