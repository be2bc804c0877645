// Controls (C0, C1) and format characters (bidi controls as in Trojan Source, zero-width
// characters, the BOM, soft hyphens): what a person must see rather than have acted upon.
const invisible = /[\p{Cc}\p{Cf}]/gu
/** Line breaks and tabs lay the text out: kept. */
const layout = new Set(['\n', '\t'])

/** Text with every control, invisible or direction-changing character shown as `<U+XXXX>`. */
export function showInvisible(text: string): string {
  return text.replace(invisible, (ch) =>
    layout.has(ch)
      ? ch
      : `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  )
}
