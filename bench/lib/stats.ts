/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** Median, minimum and maximum of a list, rounded for a commit-friendly JSON file. */
export function summary(values: readonly number[], digits = 1) {
  const round = (x: number) => Number(x.toFixed(digits))
  return {
    median: round(median(values)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
  }
}

/** Rotates a list left by `by` places, so each block starts with a different contender. */
export function rotate<T>(items: readonly T[], by: number): T[] {
  const k = items.length === 0 ? 0 : by % items.length
  return [...items.slice(k), ...items.slice(0, k)]
}
