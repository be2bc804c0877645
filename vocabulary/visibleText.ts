/**
 * What a person is shown of data (titles, arguments, answers) must read as what runs: characters
 * that steer a terminal or reorder or hide text are shown as `<U+XXXX>` instead of acting.
 * UTS #39 / TR #36 and "Trojan Source" (CVE-2021-42574). The one rule, used by the terminal and
 * the page alike.
 */

// Cc: C0 (ESC, CR, BEL, …), DEL and C1 (CSI U+009B, …). Cf: bidi embeddings, overrides and
// isolates (U+202A–U+202E, U+2066–U+2069), zero-width characters, U+FEFF, soft hyphen, tags.
// Zl/Zp: the line and paragraph separators, which break a line where none shows.
const hidden = /[\p{Cc}\p{Cf}\u2028\u2029]/gu
const pictograph = /\p{Extended_Pictographic}/u

/** How line breaks in data are shown: kept as breaks (`keep`) or marked on one line (`mark`). */
export type LineBreaks = 'keep' | 'mark'

/** A code point as a person can read it, e.g. `<U+202E>`. */
export function codePointTag(char: string): string {
  const hex = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
  return `<U+${hex}>`
}

/**
 * `text` with every control and format character shown as `<U+XXXX>`: an escape sequence prints
 * as its letters (`<U+001B>[2K`), a right-to-left override as `<U+202E>`. Line breaks are kept
 * (`keep`, the default; `\r\n` becomes `\n`) or marked ` ⏎ ` (`mark`, for one-line places); a tab
 * stays. A zero-width joiner between two pictographs (one emoji) stays too.
 */
export function visibleText(text: string, lineBreaks: LineBreaks = 'keep'): string {
  const unified = text.replace(/\r\n/g, '\n')
  const lines = lineBreaks === 'mark' ? unified.replace(/[ \t]*\n[ \t]*/g, ' ⏎ ') : unified
  return lines.replace(hidden, (char, offset: number, whole: string) => {
    if (char === '\n' || char === '\t') return char
    if (char === '\u200d' && joinsEmoji(whole, offset)) return char
    return codePointTag(char)
  })
}

function joinsEmoji(text: string, offset: number): boolean {
  let end = offset
  // An emoji's presentation selector (U+FE0F) may stand between it and the joiner.
  if (text.charCodeAt(end - 1) === 0xfe0f) end -= 1
  const low = text.charCodeAt(end - 1)
  const before = text.codePointAt(low >= 0xdc00 && low <= 0xdfff ? end - 2 : end - 1)
  const after = text.codePointAt(offset + 1)
  const isPicture = (point: number | undefined) =>
    point !== undefined && pictograph.test(String.fromCodePoint(point))
  return isPicture(before) && isPicture(after)
}

/** Whether `text` holds anything `visibleText` would show as `<U+XXXX>` (line breaks and tabs aside). */
export function hasHiddenCharacters(text: string): boolean {
  return visibleText(text) !== text.replace(/\r\n/g, '\n')
}

// Scripts whose letters are confused with Latin ones (UTS #39's confusables, the common cases).
const lookalikeScripts = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
] as const

/** A word that mixes letters of look-alike scripts ("pаypal" with a Cyrillic а), and which. */
export interface MixedScriptWord {
  word: string
  scripts: string[]
}

/** Words of `text` that mix Latin, Cyrillic, Greek, Armenian or Cherokee letters (at most 5). */
export function mixedScriptWords(text: string): MixedScriptWord[] {
  const found: MixedScriptWord[] = []
  for (const [word] of text.matchAll(/\p{L}[\p{L}\p{M}]*/gu)) {
    const scripts = lookalikeScripts
      .filter(([, pattern]) => pattern.test(word))
      .map(([name]) => name)
    if (scripts.length > 1 && !found.some((f) => f.word === word)) found.push({ word, scripts })
    if (found.length === 5) break
  }
  return found
}

/** One sentence warning of mixed-script words, or undefined when there are none. */
export function mixedScriptWarning(text: string): string | undefined {
  const words = mixedScriptWords(text)
  if (words.length === 0) return undefined
  const listed = words.map((w) => `“${visibleText(w.word, 'mark')}” (${w.scripts.join(' and ')})`)
  return `Mixed alphabets: ${listed.join(', ')}. Letters that look alike may not be what they seem.`
}
