/** "1 line", "2 lines": a count with its noun in the singular for one, else the plural (`s` unless given). */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`
}
