/** Text in typographic double quotes, as cards name things: “Review chapter 3”. */
export function quote(text: string): string {
  return `“${text}”`
}
