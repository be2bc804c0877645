import { plainText } from './plainText.ts'

/**
 * A short excerpt of `markdown` around the first case-insensitive match of `query`, as plain
 * text (no `#`, `- `, `**`, link syntax), in whole words ("…mirror images:…", never
 * "…mirror images: photosy…"), or undefined.
 */
export function snippet(markdown: string, query: string, radius = 60): string | undefined {
  const text = plainText(markdown)
  const at = text.toLowerCase().indexOf(query.toLowerCase())
  if (at < 0) return undefined
  const start = wordStart(text, Math.max(0, at - radius), at)
  const end = wordEnd(text, Math.min(text.length, at + query.length + radius), at + query.length)
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim()
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`
}

const inWord = (text: string, i: number) =>
  /\S/.test(text[i - 1] ?? ' ') && /\S/.test(text[i] ?? ' ')

// A start inside a word moves past it (not past the match), so the excerpt opens on a whole word.
function wordStart(text: string, start: number, match: number): number {
  if (!inWord(text, start)) return start
  const space = text.slice(start, match).search(/\s/)
  return space < 0 ? start : start + space
}

// An end inside a word moves back before it (not into the match), so the excerpt ends on one.
function wordEnd(text: string, end: number, matchEnd: number): number {
  if (!inWord(text, end)) return end
  const space = text.slice(matchEnd, end).search(/\s\S*$/)
  return space < 0 ? end : matchEnd + space
}
