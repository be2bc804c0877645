// Line by line: the block syntax a line starts with, then the inline syntax within it.
const blockRules: readonly [RegExp, string][] = [
  [/^ {0,3}(?:```|~~~).*$/, ''], // a code fence (its code stays)
  [/^ {0,3}(?:[-*_=] *){3,}$/, ''], // a rule, or a heading's underline
  [/^ {0,3}\|? *:?-+:? *(?:\| *:?-+:? *)*\|? *$/, ''], // a table's alignment row
  [/^(?: {0,3}> ?)+/, ''], // a quote's >s
  [/^ {0,3}#{1,6}(?: +(.*?))?(?: +#+)? *$/, '$1'], // a heading's #s, leading and closing
  [/^ *(?:[-*+]|\d{1,9}[.)]) +(?:\[[ xX]\] +)?/, ''], // a list item's marker and task box
]

const inlineRules: readonly [RegExp, string][] = [
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'], // an image: its alt text
  [/\[([^\]]+)\]\([^)]*\)/g, '$1'], // a link: its words
  [/\[([^\]]+)\]\[[^\]]*\]/g, '$1'], // a reference link: its words
  [/<((?:https?|mailto):[^>\s]+)>/g, '$1'], // an autolink: its URL
  [/<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?\/?>/g, ''], // an HTML tag
  [/`+([^`]+)`+/g, '$1'], // code spans
  [/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2'], // strong
  [/(^|[^\w*])\*(?=\S)(.+?)(?<=\S)\*(?!\w)/g, '$1$2'], // emphasis with *
  [/(^|[^\w])_(?=\S)(.+?)(?<=\S)_(?!\w)/g, '$1$2'], // emphasis with _, never inside snake_case
  [/~~(?=\S)(.+?)(?<=\S)~~/g, '$1'], // strikethrough
  [/ *\| */g, ' '], // table cell borders
]

// An escaped character (`\*`) is set aside as a private-use one, so no rule takes it for syntax.
const escaped = /\\([\\`*_{}[\]()#+\-.!|~<>])/g
const privateBase = 0xe000
const setAside = (_: string, char: string) => String.fromCharCode(privateBase + char.charCodeAt(0))
const putBack = (char: string) => String.fromCharCode(char.charCodeAt(0) - privateBase)

/**
 * Markdown as the words a person reads: headings, list markers, quotes, emphasis, code marks,
 * link and image syntax and tags removed, the text kept line for line. For excerpts such as
 * search snippets, not a full parser: it never needs to be more than readable.
 */
export function plainText(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .map((line) => {
      let text = line.replace(escaped, setAside)
      for (const [pattern, replacement] of blockRules) text = text.replace(pattern, replacement)
      for (const [pattern, replacement] of inlineRules) text = text.replace(pattern, replacement)
      return text.replace(/[\ue000-\ue07f]/g, putBack).trim()
    })
    .join('\n')
}
